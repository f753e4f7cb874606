// The server as `npm start` runs it (tools/serve/cli.ts: wrangler's bundle in a real workerd, as
// a process of its own) over a built snapshot, on a free loopback port, with `--var` settings such
// as PLAN:paid; for the tests that look at what people, harvesters and their tools meet. Also the
// element those tests look at most closely (the one with the largest table, found through the
// API) and a plain HTTP request. Node only.
import { request } from 'node:http';
import { serveProcess } from '../../../tools/serve/served-worker.ts';
import { FIXTURE_SNAPSHOT } from '../../generator/build-fixture-snapshot.ts';
import { freePort } from './fixture-worker.ts';

/** How long the server may take to say it serves (tsx and wrangler's bundle, on a busy machine). */
const START_LIMIT_MS = 60_000;

export interface ServedSnapshot {
  /** Its base URL, as it printed it: `http://127.0.0.1:N`, no trailing slash. */
  url: string;
  /** Stops the server and everything under it (its process group), and waits for it to exit. */
  stop(): Promise<void>;
}

/** `npm start -- --port N [--var NAME:VALUE]…` over `assets` (by default the fixture), once it serves. */
export async function serveSnapshot(
  assets = FIXTURE_SNAPSHOT,
  vars: Record<string, string> = {},
): Promise<ServedSnapshot> {
  return serveProcess({ assets, port: await freePort(), vars, startLimitMs: START_LIMIT_MS });
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
