// Filters of two or more dimensions over the scale snapshot: dense items (stored as bitmaps too)
// are intersected as bitmaps, the others as lists; every combination must give the elements a
// plain intersection of the posting lists gives, in catalogue order.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../../core/contract.ts';
import { isDense } from '../../../core/snapshot-layout.ts';
import { ReadBudget } from '../../../worker/snapshot/read-budget.ts';
import {
  filteredCandidates,
  postingList,
  type Dimension,
  type ResolvedFilters,
} from '../../../worker/search/filters.ts';
import { snapshotStore } from '../../../worker/snapshot/snapshot-store.ts';

const LISTS = REFERENCE_LISTS.map(({ name }) => name);

describe('filters as bitmaps and lists', () => {
  it('give the intersection of the posting lists for dense, sparse and mixed items', async () => {
    const index = await snapshotStore(env.ASSETS).index({ budget: new ReadBudget() });
    const itemCount = (d: Dimension) =>
      d === 'year' ? index.years.length : index.slugs[d].exact.size;
    const length = (d: Dimension, n: number) => postingList(index.sections, d, n).length;
    const dense = (d: Dimension, n: number) => isDense(length(d, n), index.elementCount);
    // per dimension: its densest item, the two densest (an OR of bitmaps), a sparse one, and the
    // densest with the sparse one (an OR that is a list)
    const choices = (d: Dimension): number[][] => {
      const items = Array.from({ length: itemCount(d) }, (_, n) => n)
        .filter((n) => length(d, n) > 0)
        .sort((a, b) => length(d, b) - length(d, a));
      const sparse = items.find((n) => !dense(d, n));
      return [
        [items[0]!],
        ...(items.length > 1 ? [items.slice(0, 2).sort((a, b) => a - b)] : []),
        ...(sparse === undefined ? [] : [[sparse], [items[0]!, sparse].sort((a, b) => a - b)]),
      ];
    };
    const plain = (filters: [Dimension, number[]][]) => {
      const sets = filters.map(
        ([d, items]) => new Set(items.flatMap((n) => [...postingList(index.sections, d, n)])),
      );
      return Array.from({ length: index.elementCount }, (_, e) => e).filter((e) =>
        sets.every((set) => set.has(e)),
      );
    };
    const kinds = new Set<string>();
    const dimensions: Dimension[] = [...LISTS, 'year'];
    for (let i = 0; i < dimensions.length; i++) {
      for (let j = i + 1; j < dimensions.length; j++) {
        for (const first of choices(dimensions[i]!)) {
          for (const second of choices(dimensions[j]!)) {
            const filters: [Dimension, number[]][] = [
              [dimensions[i]!, first],
              [dimensions[j]!, second],
            ];
            const resolved: ResolvedFilters = {
              slugs: Object.fromEntries(
                LISTS.map((l) => [l, [] as number[]]),
              ) as ResolvedFilters['slugs'],
              years: undefined,
            };
            for (const [d, items] of filters) {
              if (d === 'year') resolved.years = items;
              else resolved.slugs[d] = items;
            }
            expect([...filteredCandidates(index, resolved)!], JSON.stringify(filters)).toEqual(
              plain(filters),
            );
            kinds.add(filters.map(([d, items]) => items.every((n) => dense(d, n))).join());
          }
        }
      }
    }
    // dense with dense (bitmaps only) and dense with sparse (a list kept by a bitmap), both ways:
    // the snapshot must give each, or this test would not test it (one dimension of this
    // catalogue has sparse items; sparse with sparse is the plain merge of posting-lists.test.ts)
    expect([...kinds].sort()).toEqual(['false,true', 'true,false', 'true,true']);
  });
});
