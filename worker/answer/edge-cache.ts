// Large answers kept whole in the data center's cache (the Workers Cache API, `caches.default`):
// a repeated broad search is then streamed by the runtime from the cache, with no element looked
// up or copied in the isolate, and no isolate memory held for it. An answer is stored as it is
// first streamed (a copy of its chunks, fixed-length-body.ts), never assembled twice.
//
// Keyed by the snapshot's build id and the normalized query: a new snapshot never meets an old
// answer, and parameters the API ignores (cache-busters) do not bust it. Cloudflare documents the
// Cache API for a Worker on a custom domain; on workers.dev it may do nothing
// (docs/platform-limits.md, "Cache API"), and each answer is then assembled as if it were the first.
import { CACHE_CONTROL, EDGE_CACHE_MIN_BYTES } from '../../core/contract.ts';
import type { ReadContext } from '../snapshot/read-context.ts';
import { edgeCacheStores } from '../memory.ts';

/**
 * Whether this isolate is storing the answer now (edgeCacheStores): a burst of requests for one
 * new answer stores it once, not once per request (the Cache API does not collapse them). A store
 * that has not ended after `STORE_FORGOTTEN_MS` (its request torn down mid-way) no longer counts.
 */
const STORE_FORGOTTEN_MS = 60_000;
const isStoring = (key: string) =>
  Date.now() - (edgeCacheStores.get(key) ?? -Infinity) < STORE_FORGOTTEN_MS;

/** Cache API calls an answer may make: `match`, `delete` (an entry that is not it), `put`. */
export const EDGE_CACHE_CALLS = 3;

/** Where the answers are kept, as a Request URL: a path the API never answers. */
const KEY_PATH = '/_edge-cache/answers';

/**
 * Each Cache API call is a subrequest and takes a connection slot (docs/platform-limits.md, "Cache API"),
 * so each comes out of the request's read budget, before the answer plans its reads.
 */
export interface EdgeCachedAnswer {
  /** The stored bytes, if the cache holds the whole answer. */
  lookup(): Promise<ReadableStream<Uint8Array> | undefined>;
  /**
   * Takes the budget's slot for storing, and gives the consumer of a copy of the answer's body
   * (fixedLengthStream's `copyTo`); the slot is held until the copy is stored or given up (or,
   * when the answer fails before its first chunk, until the request ends).
   * Undefined when this isolate is storing the answer already.
   */
  reserveStore(): Promise<((copy: ReadableStream<Uint8Array>) => Promise<unknown>) | undefined>;
}

/**
 * The cache entry of one answer, or undefined when it is too small or there is no cache (the
 * route leaves it out when `EDGE_CACHE = "off"`). `origin`: the origin the Worker answers on.
 */
export function edgeCachedAnswer(
  { budget, keepAlive: waitUntil, origin }: ReadContext & { origin: string },
  buildId: string,
  answerKey: string,
  length: number,
): EdgeCachedAnswer | undefined {
  if (length < EDGE_CACHE_MIN_BYTES) return undefined;
  // Storing outlives the response: without a waitUntil (direct calls in tests) nothing is stored.
  if (!waitUntil || typeof caches === 'undefined') return undefined;
  const key = edgeCacheKey(origin, buildId, answerKey);
  return {
    async lookup() {
      // the slot is held while waiting for the headers, as the platform counts it
      const hit = await budget
        .call(() => caches.default.match(new Request(key, { headers: { range: 'bytes=0-' } })))
        .catch(() => undefined);
      if (!hit?.body) return undefined;
      const size = storedSize(hit);
      if (size === length) return hit.body;
      if (size !== undefined) {
        // not this answer (a copy cut short, kept by a cache as if whole): dropped before the
        // answer is assembled and stored again
        await hit.body.cancel().catch(() => undefined);
        await budget.call(() => caches.default.delete(key)).catch(() => undefined);
        return undefined;
      }
      // No size given: the body is held to the answer's length as it streams, so a shorter one
      // fails this answer rather than pass for it. (Cloudflare documents `Range` on `match` for
      // entries with a Content-Length only.)
      const { readable, writable } = new FixedLengthStream(length);
      waitUntil(hit.body.pipeTo(writable).catch(() => undefined));
      return readable;
    },
    async reserveStore() {
      if (isStoring(key)) return undefined;
      const release = await budget.acquire();
      return (copy) => {
        if (isStoring(key)) {
          release();
          return Promise.resolve(); // another request got there first: the copy is given up
        }
        edgeCacheStores.set(key, Date.now());
        const stored = caches.default
          .put(key, new Response(copy, { headers: { 'cache-control': CACHE_CONTROL } }))
          .catch(() => undefined) // best effort: the next request tries again
          .finally(() => {
            edgeCacheStores.delete(key);
            release();
          });
        waitUntil(stored);
        return stored;
      };
    },
  };
}

/**
 * The size of the whole stored entry: its Content-Range's total when the cache honoured the
 * lookup's `Range: bytes=0-` (Cloudflare's does for an entry it knows the length of), else its
 * Content-Length; undefined when it gives neither.
 */
function storedSize(hit: Response): number | undefined {
  if (hit.status === 206) {
    const range = /^bytes 0-(\d+)\/(\d+)$/.exec(hit.headers.get('content-range') ?? '');
    // anything but the whole entry from its first byte is not a size to trust: -1 drops it
    return range && Number(range[1]) === Number(range[2]) - 1 ? Number(range[2]) : -1;
  }
  const length = hit.headers.get('content-length');
  return length === null ? undefined : Number(length);
}

/** The key of an answer: the origin the Worker answers on, the snapshot, the normalized query. */
export const edgeCacheKey = (origin: string, buildId: string, answerKey: string) =>
  `${origin}${KEY_PATH}/${buildId}?q=${encodeURIComponent(answerKey)}`;
