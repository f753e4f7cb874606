// Starts a Worker in the real workerd on loopback (wrangler's unstable_startWorker), offline.
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
}): Promise<RunningWorker> {
  const worker = await unstable_startWorker({
    config: options.config,
    ...(options.assets ? { assets: options.assets } : {}),
    dev: {
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
  await worker.ready;
  return { url: `http://127.0.0.1:${options.port}`, stop: () => worker.dispose() };
}
