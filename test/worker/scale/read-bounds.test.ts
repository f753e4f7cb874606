// Every request's snapshot reads stay within the platform's limits (docs/operations.md §10), over a
// snapshot of thousands of small blocks: an answer that read every block holding one of its
// elements would need more than a thousand reads here. Each query runs on a fresh isolate store
// (a new binding), so the index load is counted too. In the `paid` profile every answer is whole
// within 1,000 reads; in `free` (the default) within 50, or refused before any is read (so tiny
// a layout refuses more than a real one: test/worker/shapes/ has catalogues of real shapes).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../../../worker/index.ts';
import { countingAssets } from '../../support/workerd/counting-assets.ts';
import { SEARCH_CASES } from '../../support/search-cases.ts';

const ORIGIN = 'https://api.test';

async function measure(path: string, plan: 'free' | 'paid' = 'paid') {
  const { assets, counts } = countingAssets(env.ASSETS);
  const response = await app.request(`${ORIGIN}${path}`, {}, { ASSETS: assets, PLAN: plan });
  const body = await response.text();
  return { response, body, counts };
}

// the table's paged cases would be paged twice below: their queries without paging are already here
const unpaged = SEARCH_CASES.map(({ query }) => query).filter(
  (query) => !/(^|&)(limit|offset)=/.test(query),
);
const searches = ['', 'title=a', 'title=jumlah', 'title=penduduk', 'year=2022', ...unpaged];
const pages = searches.flatMap((query) => [
  `${query}&limit=40`,
  `${query}&limit=40&offset=400`,
  `${query}&limit=1&offset=1000`,
]);

describe('read bounds at scale', () => {
  it('uses a snapshot where reading every touched block would exceed 1,000 reads', async () => {
    const manifest = (await (
      await env.ASSETS.fetch('https://x/_snapshot/manifest.json')
    ).json()) as { counts: { blocks: number; elementsPublished: number } };
    expect(manifest.counts.blocks).toBeGreaterThan(1000);
    const all = await measure('/api/v1/data-element');
    expect(JSON.parse(all.body)).toHaveLength(manifest.counts.elementsPublished);
  });

  it.each(searches)('search %j: at most 1,000 reads, 6 at once', async (query) => {
    const { response, body, counts } = await measure(`/api/v1/data-element?${query}`);
    expect([200, 404]).toContain(response.status);
    if (response.status === 200)
      expect(JSON.parse(body)).toHaveLength(Number(response.headers.get('x-total-count')));
    expect(counts.reads).toBeLessThanOrEqual(1000);
    expect(counts.peakWaiting).toBeLessThanOrEqual(6);
    expect(counts.peakOpen).toBeLessThanOrEqual(6);
  });

  it.each(searches)('search %j, free: whole within 50 reads, or refused', async (query) => {
    const { response, body, counts } = await measure(`/api/v1/data-element?${query}`, 'free');
    expect([200, 400, 404]).toContain(response.status);
    if (response.status === 200)
      expect(JSON.parse(body)).toHaveLength(Number(response.headers.get('x-total-count')));
    if (response.status === 400)
      expect((JSON.parse(body) as { message: string }).message).toMatch(/too large/);
    expect(counts.reads).toBeLessThanOrEqual(50);
    expect(counts.peakOpen).toBeLessThanOrEqual(6);
  });

  it.each(pages)('page %j (limit ≤ 40), free: at most 50 reads, 6 at once', async (query) => {
    const { response, body, counts } = await measure(`/api/v1/data-element?${query}`, 'free');
    expect([200, 404]).toContain(response.status);
    if (response.status === 200) expect(Array.isArray(JSON.parse(body))).toBe(true);
    expect(counts.reads).toBeLessThanOrEqual(50);
    expect(counts.peakWaiting).toBeLessThanOrEqual(6);
    expect(counts.peakOpen).toBeLessThanOrEqual(6);
  });

  it.each(['', 'title=jumlah', 'sector=kesehatan&year=2022', 'title=penduduk&dataSource=dinkes'])(
    'facets %j: at most 1,000 reads',
    async (query) => {
      const { response, counts } = await measure(`/api/v1/facets?${query}`);
      expect(response.status).toBe(200);
      expect(counts.reads).toBeLessThanOrEqual(1000);
      expect(counts.peakOpen).toBeLessThanOrEqual(6);
    },
  );

  it('one element and its CSV table, free: at most 50 reads each', async () => {
    const [first] = JSON.parse(
      (await measure('/api/v1/data-element?limit=1&offset=2000')).body,
    ) as { _id: string; data: { year: number }[] }[];
    for (const path of [
      `/api/v1/data-element/${first!._id}`,
      `/api/v1/data-element/${first!._id}/${first!.data[0]!.year}.csv`,
    ]) {
      const { response, counts } = await measure(path, 'free');
      expect(response.status).toBe(200);
      expect(counts.reads).toBeLessThanOrEqual(50);
    }
  });
});
