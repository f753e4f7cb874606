// The real Worker in workerd (wrangler's unstable_startWorker, as `wrangler dev` runs it) over a
// built snapshot, on a free loopback port. Node only.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startWorker, type RunningWorker } from '../../../tools/serve/start-worker.ts';
import { FIXTURE_SNAPSHOT } from '../../generator/build-fixture-snapshot.ts';

/** The Worker as deployed; only its assets folder is the test's. */
const CONFIG = fileURLToPath(new URL('../../../wrangler.toml', import.meta.url));

export async function startFixtureWorker(assets = FIXTURE_SNAPSHOT): Promise<RunningWorker> {
  return startWorker({ config: CONFIG, assets, port: await freePort() });
}

/** A port nothing listens on now, on the loopback address. */
export function freePort(): Promise<number> {
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
