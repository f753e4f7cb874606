// The sitemap of a catalogue past URLS_PER_SITEMAP pages (docs/harvest.md §14): a sitemap index over
// files of at most that many URLs (sitemaps.org allows 50,000), every element's page in exactly
// one of them; each file answered within the free profile's reads.
import { describe, expect, it } from 'vitest';
import app from '../../../worker/index.ts';
import { URLS_PER_SITEMAP } from '../../../core/contract.ts';
import { FREE_SUBREQUESTS } from '../../../worker/deployment-profile.ts';
import { countingAssets } from '../../support/workerd/counting-assets.ts';
import { shapeBinding } from '../../support/workerd/shape-binding.ts';

const ORIGIN = 'https://api.test';
const SHAPE = 'most-published-scattered';

async function get(path: string) {
  const binding = shapeBinding(SHAPE);
  const { assets, counts } = countingAssets(binding);
  const response = await app.request(`${ORIGIN}${path}`, {}, { ASSETS: assets, PLAN: 'free' });
  return { response, text: await response.text(), reads: counts.reads };
}

describe(`sitemap of ${SHAPE}`, () => {
  it(`is an index over files of at most ${URLS_PER_SITEMAP} pages, each page once`, async () => {
    const search = await get('/api/3/action/package_search?rows=0');
    const total = (JSON.parse(search.text) as { result: { count: number } }).result.count;
    expect(total).toBeGreaterThan(URLS_PER_SITEMAP);
    const index = await get('/sitemap.xml');
    expect(index.response.status).toBe(200);
    expect(index.text).toContain('<sitemapindex');
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toHaveLength(Math.ceil(total / URLS_PER_SITEMAP));
    const seen = new Set<string>();
    for (const file of files) {
      const part = await get(new URL(file).pathname);
      expect(part.response.status).toBe(200);
      expect(part.reads).toBeLessThanOrEqual(FREE_SUBREQUESTS);
      const locs = [
        ...part.text.matchAll(
          /<url><loc>([^<]+)<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/g,
        ),
      ];
      expect(locs.length).toBeLessThanOrEqual(URLS_PER_SITEMAP);
      for (const [, loc] of locs) {
        expect(seen.has(loc!)).toBe(false);
        seen.add(loc!);
      }
    }
    expect(seen.size).toBe(total);
    expect((await get(`/sitemap-${files.length + 1}.xml`)).response.status).toBe(404);
  });
});
