// The lifecycle of a Worker server started by a benchmark or a test, one for all of them: started
// the way `npm start` starts it (start-worker.ts is the one code path), waited for until it
// serves, stopped, its processes killed when it does not stop, and stopped when the process that
// started it is interrupted.
//   serveProcess   `npm start`'s server command (cli.ts) as a child process of its own group, for
//                  what looks at the server from outside: its descriptors, its CPU, a signal;
//   ServerSet      servers started in this process (startWorker) or as processes, stopped last
//                  first, at the end or on Ctrl-C (stopOnSignals).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** How cli.ts says it serves: `Serving on http://127.0.0.1:8787. Ctrl-C stops.` */
const SERVING = /Serving on (\S+?)\.?(?:\s|$)/;
/** How long a process group has after SIGTERM before it is killed. */
const STOP_LIMIT_MS = 10_000;

export interface ServedProcess {
  /** Its base URL, as it printed it: `http://127.0.0.1:N`, no trailing slash. */
  url: string;
  /** The server's process (node running cli.ts), workerd below it. */
  server: ChildProcess;
  /** Stops the server's process group (SIGTERM, SIGKILL after 10 s) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** The snapshot folder (`--assets`). */
  assets: string;
  port: number;
  /** `--var NAME:VALUE` settings, as `PLAN: 'paid'`. */
  vars?: Record<string, string>;
  /** Starts it under `ulimit -n` (through bash). */
  ulimit?: string;
  /** How long it may take to say it serves (tsx and wrangler's bundle, on a busy machine). */
  startLimitMs: number;
  /** Its stderr: read (default; shown if it does not start) or passed to this process's. */
  stderr?: 'pipe' | 'inherit';
}

/** `npm start -- --assets DIR --port N [--var NAME:VALUE]…`, once it says it serves. */
export async function serveProcess(options: ServeOptions): Promise<ServedProcess> {
  const args = ['--import', 'tsx', 'tools/serve/cli.ts', '--assets', resolve(options.assets)];
  args.push('--port', String(options.port));
  for (const [name, value] of Object.entries(options.vars ?? {}))
    args.push('--var', `${name}:${value}`);
  const stdio = ['ignore', 'pipe', options.stderr ?? 'pipe'] as const;
  const server =
    options.ulimit === undefined
      ? spawn(process.execPath, args, { cwd: ROOT, stdio: [...stdio], detached: true })
      : spawn(
          'bash',
          [
            '-c',
            `ulimit -n ${options.ulimit} && exec ${[process.execPath, ...args].map((arg) => JSON.stringify(arg)).join(' ')}`,
          ],
          { cwd: ROOT, stdio: [...stdio], detached: true },
        );
  return untilServing(server, options.startLimitMs);
}

/**
 * Waits until `server` (started detached, its stdout piped) says it serves; stops it and throws
 * when it exits first or takes longer than `limitMs`.
 */
export async function untilServing(server: ChildProcess, limitMs: number): Promise<ServedProcess> {
  spawned.add(server);
  server.once('exit', () => spawned.delete(server));
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => stopProcessGroup(server);
  const started = Date.now();
  while (!SERVING.test(output)) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}): ${output}`);
    if (Date.now() - started > limitMs) {
      await stop();
      throw new Error(`the server did not start in ${limitMs / 1000} s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: SERVING.exec(output)![1]!, server, stop };
}

/** SIGTERM to the process group of `child` (started detached), SIGKILL if it has not exited. */
export function stopProcessGroup(child: ChildProcess, limitMs = STOP_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    signalGroup(child, 'SIGTERM');
    setTimeout(() => signalGroup(child, 'SIGKILL'), limitMs).unref();
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // gone already
  }
}

/** Server processes started and not exited yet: killed if this process exits before them. */
const spawned = new Set<ChildProcess>();

type Stoppable = { stop: () => Promise<void> | void };

/** Servers (and peers) started, stopped last first. */
export class ServerSet {
  private readonly stoppers: (() => Promise<void> | void)[] = [];

  /** `thing` once started, to be stopped with the rest. */
  async started<T extends Stoppable>(thing: Promise<T> | T): Promise<T> {
    const value = await thing;
    this.stoppers.push(() => value.stop());
    return value;
  }

  /** A stop of something else started (a peer process, an inspector). */
  add(stop: () => Promise<void> | void) {
    this.stoppers.push(stop);
  }

  /** Stops everything started, last first; a failure to stop one is printed, the rest go on. */
  async stopAll() {
    while (this.stoppers.length) {
      try {
        await this.stoppers.pop()!();
      } catch (error) {
        console.error('stopping:', (error as Error).message);
      }
    }
  }
}

/**
 * On SIGINT or SIGTERM: stops `sets` in turn and exits 130. When this process exits with server
 * processes still running, their groups are killed.
 */
export function stopOnSignals(...sets: ServerSet[]) {
  const stop = async () => {
    for (const set of sets) await set.stopAll();
    process.exit(130);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
  process.on('exit', () => {
    for (const child of spawned) signalGroup(child, 'SIGKILL');
  });
}
