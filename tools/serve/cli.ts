// npm start [-- --port N] [--ip HOST] [--var NAME:VALUE ...] [--inspector-port N] [--assets DIR]
// Serves the snapshot in dist/ (or --assets) with the Worker in workerd, as `wrangler dev` would,
// taking its options of the same names; the inspector stays off unless --inspector-port is given
// (tools/serve/start-worker.ts says why). Stops on Ctrl-C.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH } from '../../core/snapshot-layout.ts';
import { killProcessesBelow } from './process-tree.ts';
import { startWorker } from './start-worker.ts';
import { defineCommand, parseCommandLine, usageText } from '../command-line.ts';

const SERVE = defineCommand({
  command: 'npm start --',
  about:
    'Serves the snapshot with the Worker in workerd, as `wrangler dev` would, taking its options of\nthe same names. Ctrl-C stops. (`npm start` builds dist/ first; `npm run serve` does not.)',
  options: {
    port: { type: 'string', value: 'N', help: 'the port to listen on (default 8787)' },
    ip: { type: 'string', value: 'HOST', help: 'the address to listen on (default 127.0.0.1)' },
    var: {
      type: 'string',
      multiple: true,
      value: 'NAME:VALUE',
      help: "a variable for the Worker over wrangler.toml's [vars], as PLAN:paid",
    },
    'inspector-port': {
      type: 'string',
      value: 'N',
      help: "opens wrangler's inspector (DevTools) on this port; off by default",
    },
    assets: { type: 'string', value: 'DIR', help: 'the snapshot to serve (default dist)' },
    config: { type: 'string', value: 'FILE', help: 'the Worker config (default wrangler.toml)' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n${usageText(SERVE)}`);
  process.exit(2);
}

const port = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) fail(`--${name}: not a port: ${value}`);
  return n;
};

const { values } = parseCommandLine(SERVE);

const vars: Record<string, string> = {};
for (const pair of values.var ?? []) {
  const colon = pair.indexOf(':');
  if (colon < 1) fail(`--var: expected NAME:VALUE, got ${pair}`);
  vars[pair.slice(0, colon)] = pair.slice(colon + 1);
}

// the snapshot the build writes (wrangler.toml's [assets] directory), given explicitly
const assets = values.assets ?? 'dist';
if (!existsSync(join(assets, MANIFEST_PATH)))
  fail(`no snapshot in ${assets}/: build one first (npm run build), or name one with --assets`);

const worker = await startWorker({
  config: values.config ?? 'wrangler.toml',
  assets,
  host: values.ip ?? '127.0.0.1',
  port: port(values.port, 8787, 'port'),
  inspectorPort:
    values['inspector-port'] === undefined
      ? undefined
      : port(values['inspector-port'], 9229, 'inspector-port'),
  vars,
  logLevel: 'error',
}).catch((error: Error) => {
  console.error(`the Worker did not start: ${error.message}`);
  process.exit(1);
});

const settings = Object.entries(vars).map(([name, value]) => `${name}=${value}`);
console.log(
  `Serving on ${worker.url}${settings.length ? ` (${settings.join(', ')})` : ''}` +
    (values['inspector-port'] ? `, DevTools on port ${values['inspector-port']}` : '') +
    '. Ctrl-C stops.',
);

/**
 * How long stopping may take before the process exits anyway, killing what it started (workerd):
 * on a loaded machine the graceful stop can take longer, and workerd must not outlive it.
 */
const STOP_LIMIT_MS = 10_000;
/**
 * A signal this soon after the first is the same stop delivered twice (npm and tsx both pass
 * SIGTERM on): ignored, so that workerd is still stopped. A later one stops at once.
 */
const REPEATED_SIGNAL_MS = 2_000;
let stoppingSince: number | undefined;
const stop = () => {
  if (stoppingSince !== undefined) {
    if (Date.now() - stoppingSince > REPEATED_SIGNAL_MS) {
      killProcessesBelow();
      process.exit(130);
    }
    return;
  }
  stoppingSince = Date.now();
  setTimeout(() => {
    console.error('the Worker did not stop in time: its processes killed');
    killProcessesBelow();
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  worker.stop().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(`stopping the Worker failed: ${error.message}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
