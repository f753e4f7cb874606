// Large answers are kept whole in the data center's cache (worker/answer/edge-cache.ts): stored as they
// are first served, served from there after, never stored short, never for small answers.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDGE_CACHE_MIN_BYTES } from '../../../core/contract.ts';
import {
  EDGE_CACHE_CALLS,
  edgeCacheKey,
  edgeCachedAnswer,
} from '../../../worker/answer/edge-cache.ts';
import app from '../../../worker/index.ts';
import { FREE_SUBREQUESTS, deploymentProfile } from '../../../worker/deployment-profile.ts';
import { ReadBudget, budgetFor } from '../../../worker/snapshot/read-budget.ts';
import { checkQuery, findMatches } from '../../../worker/search/find-matches.ts';
import { searched } from '../../support/searched.ts';
import { snapshotStore } from '../../../worker/snapshot/snapshot-store.ts';

const ORIGIN = 'https://api.test';

/** A request as production makes it: with an execution context, whose waitUntil is awaited. */
async function ask(query: string, vars: Record<string, unknown> = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`${ORIGIN}/api/v1/data-element?${query}`),
    { ...env, PLAN: 'paid', ...vars }, // large answers: the profile that answers them whole
    ctx,
  );
  return { response, done: () => waitOnExecutionContext(ctx) };
}

async function fetched(query: string, vars: Record<string, unknown> = {}) {
  const { response, done } = await ask(query, vars);
  const bytes = new Uint8Array(await response.arrayBuffer());
  await done();
  return { response, bytes };
}

/** The cache key the Worker uses for this query, from the real search pipeline. */
async function keyOf(query: string): Promise<string> {
  const index = await snapshotStore(env.ASSETS).index({ budget: new ReadBudget() });
  const checked = searched(checkQuery(new URLSearchParams(query)));
  const wordIndex =
    checked.words &&
    (await snapshotStore(env.ASSETS).wordIndex(index, { budget: new ReadBudget() }));
  const matches = searched(findMatches(index, checked, wordIndex));
  return edgeCacheKey(ORIGIN, index.buildId, matches.answerKey);
}

async function stored(query: string): Promise<Uint8Array | undefined> {
  const hit = await caches.default.match(await keyOf(query));
  return hit ? new Uint8Array(await hit.arrayBuffer()) : undefined;
}

const cacheable = (bytes: Uint8Array) =>
  new Response(bytes, { headers: { 'cache-control': 'public, max-age=3600' } });

/** -1 when equal, else the first index where they differ (a diff of megabytes helps nobody). */
function firstDifference(a: Uint8Array | undefined, b: Uint8Array): number {
  if (!a) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** A body of unknown length (a cache may give an entry without its size). */
const unsized = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

describe('the edge cache of large answers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('serves an answer it stored to the next request, without reading an element', async () => {
    const query = 'title=u';
    await caches.default.delete(await keyOf(query));
    const first = await fetched(query);
    expect(first.bytes.length).toBeGreaterThanOrEqual(EDGE_CACHE_MIN_BYTES);
    // a binding of its own: a fresh store, whose element cache is empty
    const paths: string[] = [];
    const assets = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        paths.push(new URL(input instanceof Request ? input.url : input).pathname);
        return env.ASSETS.fetch(input, init);
      },
    } as Fetcher;
    const second = await fetched(query, { ASSETS: assets });
    expect(firstDifference(second.bytes, first.bytes)).toBe(-1);
    expect(paths.length).toBeGreaterThan(0); // the index, loaded by the fresh store
    expect(paths.filter((path) => /\/(blocks|runs|groups)\//.test(path))).toEqual([]);
  });

  it('stores a large answer whole as it is first served, and serves it from there after', async () => {
    const query = 'title=a';
    await caches.default.delete(await keyOf(query));
    const first = await fetched(query);
    expect(first.bytes.length).toBeGreaterThanOrEqual(EDGE_CACHE_MIN_BYTES);
    expect(firstDifference(await stored(query), first.bytes)).toBe(-1);

    // an entry of the same length put in its place is what the next request gets: it came from
    // the cache, with the answer's own headers
    const forged = new Uint8Array(first.bytes.length).fill(0x20);
    await caches.default.put(await keyOf(query), cacheable(forged));
    const second = await fetched(query);
    expect(firstDifference(second.bytes, forged)).toBe(-1);
    for (const name of ['etag', 'content-length', 'content-type', 'cache-control', 'x-total-count'])
      expect(second.response.headers.get(name)).toBe(first.response.headers.get(name));
    await caches.default.delete(await keyOf(query));
  });

  it('ignores an entry of another length, and stores the answer again', async () => {
    const query = 'title=an';
    await caches.default.put(await keyOf(query), cacheable(new TextEncoder().encode('[]')));
    const { response, bytes } = await fetched(query);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toHaveLength(
      Number(response.headers.get('x-total-count')),
    );
    expect(firstDifference(await stored(query), bytes)).toBe(-1);
  });

  it('drops an entry stored shorter than the answer, without its length, and answers whole', async () => {
    const query = 'title=ka';
    const whole = await fetched(query);
    // stored chunked (no Content-Length), as the Worker stores its copies, but cut short
    const short = whole.bytes.subarray(0, 1000);
    await caches.default.put(
      await keyOf(query),
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(short);
            controller.close();
          },
        }),
        { headers: { 'cache-control': 'public, max-age=3600' } },
      ),
    );
    const again = await fetched(query);
    expect(firstDifference(again.bytes, whole.bytes)).toBe(-1);
    // dropped before the answer was assembled, and stored whole again
    expect(firstDifference(await stored(query), whole.bytes)).toBe(-1);
  });

  it('holds an entry given without its size to the answer length as it streams', async () => {
    const query = 'title=ma';
    const whole = await fetched(query);
    // as a cache that ignores the lookup's Range and gives no Content-Length would answer
    vi.spyOn(caches.default, 'match').mockImplementation(
      async () => new Response(unsized(whole.bytes)),
    );
    const served = await fetched(query);
    expect(firstDifference(served.bytes, whole.bytes)).toBe(-1);
    // one cut short fails the answer rather than pass for it
    vi.spyOn(caches.default, 'match').mockImplementation(
      async () => new Response(unsized(whole.bytes.subarray(0, 1000))),
    );
    const { response, done } = await ask(query);
    await expect(response.arrayBuffer()).rejects.toThrow();
    await done();
  });

  it('never stores an answer cut short, and closes every read', async () => {
    const query = 'title=i';
    await caches.default.delete(await keyOf(query));
    const { response, done } = await ask(query);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThanOrEqual(
      EDGE_CACHE_MIN_BYTES,
    );
    const reader = response.body!.getReader();
    await reader.read();
    // (the local cache service logs "Can't read from request stream because client
    // disconnected": the copy it was storing was given up, as it should be)
    await reader.cancel();
    await done();
    await new Promise((resolve) => setTimeout(resolve, 50)); // cancellations run their cleanup
    expect(await stored(query)).toBeUndefined();
    expect(snapshotStore(env.ASSETS).readsOpen).toBe(0);
    // and the answer asked for again is whole, and stored this time
    const again = await fetched(query);
    expect(again.bytes.length).toBe(Number(response.headers.get('content-length')));
    expect(firstDifference(await stored(query), again.bytes)).toBe(-1);
  });

  it('keeps no small answer, and none when EDGE_CACHE is "off"', async () => {
    const small = 'title=a&limit=5';
    const { bytes } = await fetched(small);
    expect(bytes.length).toBeLessThan(EDGE_CACHE_MIN_BYTES);
    expect(await stored(small)).toBeUndefined();

    const large = 'title=e';
    await caches.default.delete(await keyOf(large));
    const off = await fetched(large, { EDGE_CACHE: 'off' });
    expect(off.bytes.length).toBeGreaterThanOrEqual(EDGE_CACHE_MIN_BYTES);
    expect(await stored(large)).toBeUndefined();
  });

  it("takes its Cache API calls from the request's read budget", async () => {
    const ctx = createExecutionContext();
    const budget = budgetFor(deploymentProfile({ PLAN: 'free' }));
    const request = {
      budget,
      keepAlive: (p: Promise<unknown>) => ctx.waitUntil(p),
      origin: ORIGIN,
    };
    const entry = edgeCachedAnswer(request, 'budget-test', '["a large page"]', 2 << 20)!;
    const key = edgeCacheKey(ORIGIN, 'budget-test', '["a large page"]');
    // a stored entry of another size: match, delete, then the store's put, three calls in all
    await caches.default.put(key, cacheable(new Uint8Array(10)));
    expect(await entry.lookup()).toBeUndefined();
    const store = await entry.reserveStore();
    expect(store).toBeDefined();
    expect(budget.reads).toBe(3);
    expect(budget.remaining).toBe(FREE_SUBREQUESTS - EDGE_CACHE_CALLS);
    expect(budget.inFlight).toBe(1); // the put's slot, held until the copy is stored
    await store!(unsized(new Uint8Array(2 << 20)));
    expect(budget.inFlight).toBe(0);
    await waitOnExecutionContext(ctx);
    await caches.default.delete(key);
  });

  it('answers HEAD and If-None-Match without the cache', async () => {
    const query = 'title=o';
    await caches.default.delete(await keyOf(query));
    const match = vi.spyOn(caches.default, 'match');
    const put = vi.spyOn(caches.default, 'put');
    const head = await app.fetch(
      new Request(`${ORIGIN}/api/v1/data-element?${query}`, { method: 'HEAD' }),
      { ...env, PLAN: 'paid' },
      createExecutionContext(),
    );
    expect(Number(head.headers.get('content-length'))).toBeGreaterThanOrEqual(EDGE_CACHE_MIN_BYTES);
    const ctx = createExecutionContext();
    const conditional = await app.fetch(
      new Request(`${ORIGIN}/api/v1/data-element?${query}`, {
        headers: { 'if-none-match': head.headers.get('etag')! },
      }),
      { ...env, PLAN: 'paid' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(conditional.status).toBe(304);
    expect(match).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    expect(await stored(query)).toBeUndefined();
  });
});
