// A CKAN harvest as ckanext-harvest runs it (test/support/ckan/harvester.ts: rows=100, sort=id
// asc, start += 100 until an empty page; fq on organizations and metadata_modified), in each
// deployment profile, over catalogues of several shapes (docs/harvest.md §13.1): every published
// element exactly once, every page within its profile's reads, cold isolates included. And every
// rows up to 1000 answered in both profiles.
import { describe, expect, it } from 'vitest';
import app from '../../../worker/index.ts';
import { FREE_SUBREQUESTS, PAID_SUBREQUESTS } from '../../../worker/deployment-profile.ts';
import { harvestPackages } from '../../support/ckan/harvester.ts';
import { SNAPSHOT_SHAPES, type SnapshotShape } from '../../support/snapshot-shapes.ts';
import { countingAssets } from '../../support/workerd/counting-assets.ts';
import { shapeBinding } from '../../support/workerd/shape-binding.ts';

const ORIGIN = 'https://api.test';
type Plan = 'free' | 'paid';
const LIMIT: Record<Plan, number> = { free: FREE_SUBREQUESTS, paid: PAID_SUBREQUESTS };

/**
 * A fetch to the Worker over one shape, as one isolate serves a harvest (its index loaded by the
 * first request, whose reads count too), each request's reads kept.
 */
function shapeFetch(shape: SnapshotShape, plan: Plan, reads: number[]) {
  let current = countingAssets(shapeBinding(shape));
  // one binding object for every request: the isolate's store is kept per binding
  const binding = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => current.assets.fetch(input, init),
  } as unknown as Fetcher;
  return async (url: string): Promise<Response> => {
    current = countingAssets(shapeBinding(shape));
    const response = await app.request(url, {}, { ASSETS: binding, PLAN: plan });
    const body = await response.arrayBuffer();
    reads.push(current.counts.reads);
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

async function publishedIds(shape: SnapshotShape): Promise<string[]> {
  const ids: string[] = [];
  const fetch = shapeFetch(shape, 'paid', []);
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(
      `${ORIGIN}/api/v1/data-element?fields=_id,dataSource&limit=1000&offset=${offset}`,
    );
    const page = (await response.json()) as { _id: string }[];
    ids.push(...page.map((e) => e._id));
    if (page.length < 1000) return ids;
  }
}

describe.each(SNAPSHOT_SHAPES.map((s) => s.name))('CKAN harvest of %s', (shape) => {
  it.each(['free', 'paid'] as const)(
    'in %s: every published element exactly once, within the reads',
    async (plan) => {
      const expected = (await publishedIds(shape)).sort();
      const reads: number[] = [];
      const harvest = await harvestPackages(shapeFetch(shape, plan, reads), ORIGIN, {});
      const ids = harvest.packages.map((p) => (p as { id: string }).id);
      expect(ids.length).toBe(expected.length);
      expect([...ids].sort()).toEqual(expected);
      expect(Math.max(...reads)).toBeLessThanOrEqual(LIMIT[plan]);
    },
  );

  it.each(['free', 'paid'] as const)(
    'in %s: answers rows=1000 in _id order, every page',
    async (plan) => {
      const reads: number[] = [];
      const fetch = shapeFetch(shape, plan, reads);
      let seen = 0;
      for (let start = 0; ; start += 1000) {
        const response = await fetch(
          `${ORIGIN}/api/3/action/package_search?rows=1000&start=${start}&sort=id%20asc`,
        );
        expect(response.status).toBe(200);
        const { result } = (await response.json()) as {
          result: { results: unknown[]; count: number };
        };
        seen += result.results.length;
        if (result.results.length === 0) {
          expect(seen).toBe(result.count);
          break;
        }
      }
      expect(Math.max(...reads)).toBeLessThanOrEqual(LIMIT[plan]);
    },
  );
});

// three harvests more each: on the region and the shape with the fewest published
describe.each(['region', 'few-published-clustered'] as const)(
  'CKAN harvest of %s, filtered',
  (shape) => {
    it.each(['free', 'paid'] as const)(
      'in %s: with an organization filter and since a date',
      async (plan) => {
        const org = (
          (await (
            await shapeFetch(
              shape,
              plan,
              [],
            )(`${ORIGIN}/api/3/action/organization_list?sort=package_count%20desc`)
          ).json()) as { result: string[] }
        ).result[1]!;
        const reads: number[] = [];
        const byOrg = await harvestPackages(shapeFetch(shape, plan, reads), ORIGIN, {
          organizations_filter_include: [org],
        });
        expect(byOrg.packages.length).toBeGreaterThan(0);
        for (const p of byOrg.packages)
          expect((p as { organization: { name: string } }).organization.name).toBe(org);
        const without = await harvestPackages(shapeFetch(shape, plan, reads), ORIGIN, {
          organizations_filter_exclude: [org],
        });
        const total = (await publishedIds(shape)).length;
        expect(byOrg.packages.length + without.packages.length).toBe(total);
        expect(new Set(without.packages.map((p) => (p as { id: string }).id)).size).toBe(
          without.packages.length,
        );
        const since = await harvestPackages(shapeFetch(shape, plan, reads), ORIGIN, {
          since: '2000-01-01T00:00:00.000000',
        });
        expect(since.packages.length).toBe(total);
        expect(Math.max(...reads)).toBeLessThanOrEqual(LIMIT[plan]);
      },
    );
  },
);
