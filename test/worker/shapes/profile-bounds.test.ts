// Each deployment profile over catalogues of several shapes (docs/operations.md §10): every request is
// answered whole within its profile's subrequests (snapshot reads counted here, at most 6 at
// once), or, in `free`, refused with a 400 {message} before any element is read. Pages of up to
// 100, answers of up to 40 elements, one element, CSV, facets and lists are always answered in
// `free`, and every answer of part one on a region-sized catalogue. Searches with `q` too, whose
// answers come in relevance order. Each request runs on a fresh isolate store (a new binding), so
// a cold index load is counted too.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../../../worker/index.ts';
import { FREE_SUBREQUESTS, PAID_SUBREQUESTS } from '../../../worker/deployment-profile.ts';
import { gatheringHeld } from '../../../worker/memory.ts';
import { expectErrorBody } from '../../support/error-body.ts';
import { SNAPSHOT_SHAPES, type SnapshotShape } from '../../support/snapshot-shapes.ts';
import { countingAssets } from '../../support/workerd/counting-assets.ts';

const ORIGIN = 'https://api.test';
type Plan = 'free' | 'paid';

/** The binding over one shape's folder, recording the paths read. */
function shapeAssets(shape: SnapshotShape, paths: string[]): Fetcher {
  return {
    fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      paths.push(url.pathname);
      url.pathname = `/${shape}${url.pathname}`;
      return env.ASSETS.fetch(url.toString(), init);
    },
  } as unknown as Fetcher;
}

/** A request on a fresh isolate store (a new binding): its index load is counted too. */
async function request(shape: SnapshotShape, plan: Plan, path: string, init: RequestInit = {}) {
  const paths: string[] = [];
  const { assets, counts } = countingAssets(shapeAssets(shape, paths));
  const response = await app.request(`${ORIGIN}${path}`, init, { ASSETS: assets, PLAN: plan });
  return { response, counts, paths };
}

/**
 * Requests on one isolate store per shape, as a warm isolate serves them (its index loaded, its
 * element cache filling), each request's reads counted apart.
 */
function warmIsolate(shape: SnapshotShape) {
  let current = countingAssets(shapeAssets(shape, []));
  const binding = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => current.assets.fetch(input, init),
  } as unknown as Fetcher;
  return async (plan: Plan, path: string) => {
    current = countingAssets(shapeAssets(shape, []));
    const response = await app.request(`${ORIGIN}${path}`, {}, { ASSETS: binding, PLAN: plan });
    return { response, counts: current.counts };
  };
}

const elementFiles = (paths: string[]) => paths.filter((p) => /\/(blocks|runs|groups)\//.test(p));

// broad, mid-size scattered, selective and projected searches, and a few of the shared table's
const SEARCHES = [
  '',
  'title=penduduk',
  'title=jumlah',
  'dataSource=dinkes',
  'title=jumlah&dataSource=dinkes&sector=kesehatan',
  'dataSource=dinkes&category=spm',
  'title=kecamatan%20kota',
  'title=sekolah%20dasar',
  'title=posyandu',
  'title=pasar',
  'year=2019&dataSource=dishub',
  'title=penduduk&fields=_id,title,unit,category,dataSource,sector,field',
  'title=%5E(rasio%7Cindeks)%20',
  'year=2023&year=2024&sector=infrastruktur&sector=pendidikan',
  'title=tahun%202023&year=2023',
  'title=pasar%20tradisional.*desa',
  'title=posyandu&year=2019&dataSource=dinkes',
  // word search: answers in relevance order, read in ascending stretches (docs/api.md §11)
  'q=penduduk',
  'q=jumlah',
  'q=kec%20pendud',
  'q=rumah%20tangga',
  'q=tenaga%20kes',
  'q=per%20kecamatan%20201',
  'q=jalan&dataSource=dpupr',
  'q=sekolah&title=dasar&year=2021',
  'q=penduduk&fields=_id,title',
];
const PART_ONE = SEARCHES.filter((q) => !q.includes('fields=') && !q.startsWith('q='));

describe.each(SNAPSHOT_SHAPES.map(({ name }) => name))('catalogue shape %s', (shape) => {
  const warm = warmIsolate(shape);
  describe.each(['free', 'paid'] as const)('profile %s', (plan) => {
    const maxReads = plan === 'free' ? FREE_SUBREQUESTS : PAID_SUBREQUESTS;

    it.each(SEARCHES)(
      'search %j: whole within the reads, or refused before any element',
      async (query) => {
        const { response, counts, paths } = await request(
          shape,
          plan,
          `/api/v1/data-element?${query}`,
        );
        expect(counts.reads).toBeLessThanOrEqual(maxReads);
        expect(counts.peakWaiting).toBeLessThanOrEqual(6);
        expect(counts.peakOpen).toBeLessThanOrEqual(6);
        if (response.status === 200) {
          const body = await response.text();
          expect(Number(response.headers.get('content-length'))).toBe(
            new TextEncoder().encode(body).length,
          );
          expect(JSON.parse(body)).toHaveLength(Number(response.headers.get('x-total-count')));
          return;
        }
        if (response.status === 404) return; // a slug this catalogue does not have
        expect(plan).toBe('free'); // paid answers every shape whole
        const message = await expectErrorBody(response, 400, 'message');
        expect(message).toMatch(/too large for this deployment's "free" profile/);
        expect(message).toMatch(/limit/);
        expect(message).toMatch(/PLAN = "paid"/);
        expect(elementFiles(paths)).toEqual([]);
      },
    );

    it.each(
      SEARCHES.flatMap((query) => [
        `${query}&limit=100`,
        `${query}&limit=100&offset=250`,
        `${query}&limit=40&offset=1000`,
      ]),
    )('page %j (limit ≤ 100): always answered', async (query) => {
      const { response, counts } = await warm(plan, `/api/v1/data-element?${query}`);
      expect([200, 404]).toContain(response.status);
      if (response.status === 200) {
        const page = JSON.parse(await response.text()) as unknown[];
        const total = Number(response.headers.get('x-total-count'));
        const offset = Number(/offset=(\d+)/.exec(query)?.[1] ?? 0);
        const limit = Number(/limit=(\d+)/.exec(query)![1]);
        expect(page).toHaveLength(Math.max(0, Math.min(limit, total - offset)));
      }
      expect(counts.reads).toBeLessThanOrEqual(maxReads);
      expect(counts.peakOpen).toBeLessThanOrEqual(6);
    });

    it('answers one element, its CSV table, facets and the lists within the reads', async () => {
      const first = await request(
        shape,
        plan,
        '/api/v1/data-element?limit=1&offset=500&fields=_id,data',
      );
      const [element] = JSON.parse(await first.response.text()) as {
        _id: string;
        data: { year: number }[];
      }[];
      for (const path of [
        `/api/v1/data-element/${element!._id}`,
        `/api/v1/data-element/${element!._id}/${element!.data[0]!.year}.csv`,
        '/api/v1/facets',
        '/api/v1/facets?title=jumlah&dataSource=dinkes',
        '/api/v1/facets?q=jumlah%20pend&dataSource=dinkes',
        '/api/v1/facets?q=kec',
        '/api/v1/category',
        '/api/v1/data-source',
      ]) {
        const { response, counts } = await request(shape, plan, path);
        expect(response.status, path).toBe(200);
        await response.arrayBuffer();
        expect(counts.reads).toBeLessThanOrEqual(maxReads);
      }
    });

    it('answers every answer of up to 40 elements', async () => {
      let small = 0;
      for (const query of SEARCHES) {
        const probe = await warm('paid', `/api/v1/data-element?${query}&limit=1`);
        await probe.response.arrayBuffer();
        const total = Number(probe.response.headers.get('x-total-count'));
        if (probe.response.status !== 200 || total > 40) continue;
        const { response } = await request(shape, plan, `/api/v1/data-element?${query}`);
        expect(response.status, query).toBe(200);
        expect(JSON.parse(await response.text())).toHaveLength(total);
        small++;
      }
      expect(small, 'searches of up to 40 elements in this catalogue').toBeGreaterThan(0);
    });
  });
});

describe('the free profile', () => {
  it.each(PART_ONE)('answers %j whole on a region-sized catalogue', async (query) => {
    const { response } = await request('region', 'free', `/api/v1/data-element?${query}`);
    expect([200, 404]).toContain(response.status);
    if (response.status === 200)
      expect(JSON.parse(await response.text())).toHaveLength(
        Number(response.headers.get('x-total-count')),
      );
  });

  it('refuses an answer over its limits cleanly: 400 before the first byte, HEAD and revalidation alike', async () => {
    const shape = 'most-published-scattered';
    const paid = await request(shape, 'paid', '/api/v1/data-element');
    await paid.response.arrayBuffer();
    expect(paid.response.status).toBe(200);
    const etag = paid.response.headers.get('etag')!;

    const refused = await request(shape, 'free', '/api/v1/data-element');
    const message = await expectErrorBody(refused.response, 400, 'message');
    expect(message).toMatch(/^This answer \(\d+ bytes\) is too large/);
    expect(refused.response.headers.get('content-length')).not.toBeNull();
    expect(refused.response.headers.get('etag')).toBeNull();
    expect(elementFiles(refused.paths)).toEqual([]);

    const head = await request(shape, 'free', '/api/v1/data-element', { method: 'HEAD' });
    expect(head.response.status).toBe(400);
    const revalidated = await request(shape, 'free', '/api/v1/data-element', {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.response.status).toBe(400);
  });

  it('answers the same query paged', async () => {
    const shape = 'most-published-scattered';
    const { response } = await request(shape, 'free', '/api/v1/data-element?limit=100&offset=5000');
    expect(response.status).toBe(200);
    expect(JSON.parse(await response.text())).toHaveLength(100);
    expect(response.headers.get('link')).toMatch(/rel="next"/);
  });

  it('lets go of what gathered answers hold, whether streamed, cut short, HEAD or revalidated', async () => {
    // answers whose elements lie together by data source: gathered from groups
    const paths = [
      '/api/v1/data-element?title=sekolah%20dasar',
      '/api/v1/data-element?dataSource=dinkes&category=spm',
      '/api/v1/data-element?title=posyandu&fields=_id',
      '/api/v1/data-element?title=posyandu&limit=100',
    ];
    const warm = warmIsolate('most-published-scattered');
    for (const plan of ['free', 'paid'] as const) {
      for (const path of paths) {
        const whole = (await warm(plan, path)).response;
        await whole.arrayBuffer();
        const etag = whole.headers.get('etag')!;
        await request('most-published-scattered', plan, path, {
          headers: { 'if-none-match': etag },
        });
        await request('most-published-scattered', plan, path, { method: 'HEAD' });
        const cut = await request('most-published-scattered', plan, path);
        const reader = cut.response.body!.getReader();
        await reader.read();
        await reader.cancel();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // cancellations run their cleanup
    expect(gatheringHeld()).toBe(0);
  });
});
