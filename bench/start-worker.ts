// Starts a Worker in the real workerd on loopback (wrangler's unstable_startWorker), offline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unstable_startWorker } from 'wrangler';

process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface RunningWorker {
  url: string;
  stop: () => Promise<void>;
}

/** `config` is a wrangler.toml; `assets` overrides its assets folder. */
export async function startWorker(options: {
  config: string;
  assets?: string;
  port: number;
  /** Opens wrangler's inspector on this port (none by default): bench/isolate-inspector.ts. */
  inspectorPort?: number;
  /** Plain-text variables for the Worker (`EDGE_CACHE: 'off'`). */
  vars?: Record<string, string>;
}): Promise<RunningWorker> {
  // Local storage (the edge cache's answers among it) starts empty and goes with the Worker: a
  // first request is a first request, and nothing carries over from an earlier run.
  const storage = mkdtempSync(join(tmpdir(), 'satu-worker-'));
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
      server: { hostname: '127.0.0.1', port: options.port },
      inspector:
        options.inspectorPort === undefined
          ? false
          : { hostname: '127.0.0.1', port: options.inspectorPort },
      watch: false,
      logLevel: (process.env.BENCH_WORKER_LOG ?? 'none') as 'none',
    },
  } as Parameters<typeof unstable_startWorker>[0]);
  try {
    await worker.ready;
  } catch (error) {
    rmSync(storage, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      await worker.dispose();
      rmSync(storage, { recursive: true, force: true });
    },
  };
}
