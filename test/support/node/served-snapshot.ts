// The server as `npm start` runs it (tools/serve/cli.ts: wrangler's bundle in a real workerd, as
// a process of its own) over a built snapshot, on a free loopback port, with `--var` settings such
// as PLAN:paid. Node only.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STARTED = /Serving on (\S+?)\.?(?:\s|$)/;

export interface ServedSnapshot {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Stops the server and everything it started (its process group). */
  stop(): Promise<void>;
}

export async function serveSnapshot(
  assets: string,
  vars: Record<string, string> = {},
): Promise<ServedSnapshot> {
  const args = ['--import', 'tsx', 'tools/serve/cli.ts', '--assets', assets];
  args.push('--port', String(await freePort()));
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  const server = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  };
  const started = Date.now();
  while (!STARTED.test(output)) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`the server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: STARTED.exec(output)![1]!, stop };
}

/** A loopback port nothing listens on now (the system picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
}

/**
 * One request on a connection of its own, with no Accept-Encoding (workerd gzips JSON types for a
 * client that accepts it, and then sends no Content-Length). Not fetch: workerd closes a
 * kept-alive connection idle for about 5 s, and a request fetch sends on it at that moment fails
 * ("other side closed").
 */
export function httpRequest(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
          answer.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode!, headers: answer, body, text: body.toString() });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}
