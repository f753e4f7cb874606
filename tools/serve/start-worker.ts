// Starts the Worker in the real workerd on loopback (wrangler's unstable_startWorker), offline.
// The one way the Worker is started locally: `npm start` (tools/serve/cli.ts), the benchmarks,
// the load test and the tests that need a real server all come through here, so what is measured
// is what users run.
//
// The inspector is off unless asked for: in wrangler 4.86 its proxy posts every DevTools message
// of the runtime to the dev server over a new loopback connection, with the Network domain on, so
// every snapshot read costs several connections; at 100,000 elements two broad searches took
// workerd to its 20,000 descriptors and it stopped answering (docs/architecture.md, "Serve locally without wrangler dev").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface RunningWorker {
  url: string;
  stop: () => Promise<void>;
}

export interface WorkerOptions {
  /** A wrangler.toml. */
  config: string;
  /** Overrides the config's assets folder (the snapshot to serve). */
  assets?: string;
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Opens wrangler's inspector (DevTools) on this port; none by default (see above). */
  inspectorPort?: number;
  /** Plain-text variables for the Worker, over the config's [vars] (`PLAN: 'paid'`). */
  vars?: Record<string, string>;
  /** wrangler's log level; default `BENCH_WORKER_LOG` or none. */
  logLevel?: 'none' | 'error' | 'warn' | 'info' | 'log' | 'debug';
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const host = options.host ?? '127.0.0.1';
  // Local storage (the edge cache's answers among it) starts empty and goes with the Worker: a
  // first request is a first request, and nothing carries over from an earlier run.
  const storage = mkdtempSync(join(tmpdir(), 'satu-worker-'));
  // imported when a Worker starts: a script's --help does not wait seconds for wrangler
  const { unstable_startWorker } = await import('wrangler');
  const worker = await unstable_startWorker({
    config: options.config,
    ...(options.assets ? { assets: options.assets } : {}),
    bindings: Object.fromEntries(
      Object.entries(options.vars ?? {}).map(([name, value]) => [
        name,
        { type: 'plain_text', value },
      ]),
    ),
    dev: {
      persist: storage,
      remote: false,
      server: { hostname: host, port: options.port },
      inspector:
        options.inspectorPort === undefined
          ? false
          : { hostname: host, port: options.inspectorPort },
      watch: false,
      logLevel: options.logLevel ?? ((process.env.BENCH_WORKER_LOG ?? 'none') as 'none'),
    },
  } as Parameters<typeof unstable_startWorker>[0]);
  try {
    await worker.ready;
  } catch (error) {
    rmSync(storage, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`,
    stop: async () => {
      await worker.dispose();
      rmSync(storage, { recursive: true, force: true });
    },
  };
}
