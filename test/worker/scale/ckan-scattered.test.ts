// CKAN pages whose packages lie scattered over more package files than the free profile may read
// (the scale snapshot stores packages in files of 16 KiB: hundreds of them): in `free` they are
// rendered at the edge from the elements (worker/answer/package-answer.ts), within 50 reads, and
// are byte for byte the page `paid` reads from the stored packages.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../../../worker/index.ts';
import { FREE_SUBREQUESTS } from '../../../worker/deployment-profile.ts';
import { countingAssets } from '../../support/workerd/counting-assets.ts';

const ORIGIN = 'https://api.test';

async function search(query: string, plan: 'free' | 'paid') {
  const { assets, counts } = countingAssets(env.ASSETS);
  const response = await app.request(
    `${ORIGIN}/api/3/action/package_search?${query}`,
    {},
    { ASSETS: assets, PLAN: plan },
  );
  return { status: response.status, body: await response.text(), reads: counts.reads };
}

const organizations = async () =>
  (
    JSON.parse(
      (await search('rows=0&facet.field=%5B%22organization%22%5D&facet.limit=-1', 'paid')).body,
    ) as { result: { facets: { organization: Record<string, number> } } }
  ).result.facets.organization;

describe('CKAN pages scattered over the stored packages', () => {
  it('are rendered at the edge in free, within its reads, as paid reads them stored', async () => {
    const orgs = Object.entries(await organizations()).sort((a, b) => b[1] - a[1]);
    const queries = [
      `fq=${encodeURIComponent(`organization:${orgs[0]![0]}`)}&rows=100`,
      `fq=${encodeURIComponent(`organization:${orgs[1]![0]}`)}&rows=50&start=50&sort=title_string%20desc`,
      'q=jumlah&rows=100',
      'q=penduduk&rows=60&start=20',
    ];
    for (const query of queries) {
      const paid = await search(query, 'paid');
      expect(paid.status, query).toBe(200);
      // the stored packages of this page lie in more files than free may read
      expect(paid.reads, query).toBeGreaterThan(FREE_SUBREQUESTS);
      const free = await search(query, 'free');
      expect(free.status, `${query}: ${free.body.slice(0, 300)}`).toBe(200);
      expect(free.reads, query).toBeLessThanOrEqual(FREE_SUBREQUESTS);
      expect(free.body, query).toBe(paid.body);
    }
  });
});
