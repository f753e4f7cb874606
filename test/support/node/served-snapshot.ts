// The server as `npm start` runs it (tools/serve/cli.ts in a process of its own, the Worker in a
// real workerd) over a built snapshot, on a free loopback port, for the tests that look at what
// people and their tools meet (the browser checks, Lighthouse), and the element those tests look at
// most closely: the one with the largest table, found through the API. Node only.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FIXTURE_SNAPSHOT } from '../../generator/build-fixture-snapshot.ts';
import { freePort } from './fixture-worker.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** How long the server may take to say it serves (tsx and wrangler's bundle, on a busy machine). */
const START_LIMIT_MS = 45_000;

export interface ServedSnapshot {
  /** Its base URL, as it printed it: `http://127.0.0.1:N`. */
  url: string;
  /** Stops the server and everything under it (its process group), and waits for it to exit. */
  stop(): Promise<void>;
}

/** `npm start -- --port N` over `assets` (by default the fixture snapshot), once it serves. */
export async function serveSnapshot(assets = FIXTURE_SNAPSHOT): Promise<ServedSnapshot> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/serve/cli.ts', '--assets', assets, '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await exited;
  };
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const serving = /Serving on (\S+?)\.?(?:\s|$)/;
  const started = Date.now();
  while (!serving.test(output)) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() - started > START_LIMIT_MS) {
      await stop();
      throw new Error(`the server did not start in ${START_LIMIT_MS / 1000} s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: serving.exec(output)![1]!, stop };
}

export interface ListedElement {
  _id: string;
  title: string;
  data: { year: number; table: { rows: string[][] } }[];
}

/** A table's body cells. */
export const tableCells = (table: { rows: string[][] }) =>
  table.rows.reduce((sum, row) => sum + row.length, 0);

/**
 * The element holding the catalogue's largest single table (most body cells; the first of equals),
 * found as anyone would: through /api/v1/data-element's pages at `base`.
 */
export async function elementWithLargestTable(base: string): Promise<ListedElement> {
  const all: ListedElement[] = [];
  for (;;) {
    const response = await fetch(
      `${base}/api/v1/data-element?fields=_id,title,data&limit=100&offset=${all.length}`,
    );
    if (response.status !== 200) throw new Error(`/api/v1/data-element: ${response.status}`);
    const page = (await response.json()) as ListedElement[];
    all.push(...page);
    if (all.length >= Number(response.headers.get('x-total-count')) || page.length === 0) break;
  }
  const largest = (element: ListedElement) =>
    Math.max(...element.data.map(({ table }) => tableCells(table)));
  return all.reduce((a, b) => (largest(b) > largest(a) ? b : a));
}
