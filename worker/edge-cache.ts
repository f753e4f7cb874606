// Large answers kept whole in the data center's cache (the Workers Cache API, `caches.default`):
// a repeated broad search is then streamed by the runtime from the cache, with no element looked
// up or copied in the isolate, and no isolate memory held for it. An answer is stored as it is
// first streamed (a copy of its chunks, fixed-length-body.ts), never assembled twice.
//
// Keyed by the snapshot's build id and the normalized query: a new snapshot never meets an old
// answer, and parameters the API ignores (cache-busters) do not bust it. Cloudflare's cache works
// for a Worker on a custom domain; on workers.dev every operation is a no-op (docs/scale.md), and
// each answer is assembled as if it were the first.
import type { Context } from 'hono';
import { CACHE_CONTROL, EDGE_CACHE_MIN_BYTES } from '../core/contract.ts';
import type { ReadBudget } from './read-budget.ts';
import { keepAlive, type AppEnv } from './responses.ts';

/** Where the answers are kept, as a Request URL: a path the API never answers. */
const KEY_PATH = '/_edge-cache/answers';

/**
 * Each Cache API call is a subrequest and takes a connection slot (docs/platform-limits.md §4),
 * so both come out of the request's read budget, before the answer plans its reads.
 */
export interface EdgeCachedAnswer {
  /** The stored bytes, if the cache holds the whole answer. */
  lookup(): Promise<ReadableStream<Uint8Array> | undefined>;
  /**
   * Takes the budget's slot for storing, and gives the consumer of a copy of the answer's body
   * (fixedLengthStream's `copyTo`); the slot is held until the copy is stored or given up.
   */
  reserveStore(): Promise<(copy: ReadableStream<Uint8Array>) => Promise<unknown>>;
}

/** The cache entry of one answer, or undefined when it is too small or the cache is off. */
export function edgeCachedAnswer(
  c: Context<AppEnv>,
  budget: ReadBudget,
  buildId: string,
  answerKey: string,
  length: number,
): EdgeCachedAnswer | undefined {
  if (length < EDGE_CACHE_MIN_BYTES || c.env.EDGE_CACHE === 'off') return undefined;
  // Storing outlives the response: without a waitUntil (direct calls in tests) nothing is stored.
  const waitUntil = keepAlive(c);
  if (!waitUntil || typeof caches === 'undefined') return undefined;
  const key = edgeCacheKey(new URL(c.req.url).origin, buildId, answerKey);
  return {
    async lookup() {
      const release = await budget.acquire();
      // the slot is held while waiting for the headers, as the platform counts it
      const hit = await caches.default
        .match(key)
        .catch(() => undefined)
        .finally(release);
      if (!hit?.body) return undefined;
      if (hit.headers.get('content-length') === String(length)) return hit.body;
      // An entry of another length is not this answer (a copy cut short, stored by a cache that
      // kept what it got): dropped; the answer is assembled, and stored again.
      await hit.body.cancel().catch(() => undefined);
      waitUntil(caches.default.delete(key).catch(() => undefined));
      return undefined;
    },
    async reserveStore() {
      const release = await budget.acquire();
      return (copy) => {
        const stored = caches.default
          .put(key, new Response(copy, { headers: { 'cache-control': CACHE_CONTROL } }))
          .catch(() => undefined) // best effort: the next request tries again
          .finally(release);
        waitUntil(stored);
        return stored;
      };
    },
  };
}

/** The key of an answer: the origin the Worker answers on, the snapshot, the normalized query. */
export const edgeCacheKey = (origin: string, buildId: string, answerKey: string) =>
  `${origin}${KEY_PATH}/${buildId}?q=${encodeURIComponent(answerKey)}`;
