// Facet counts (contract §6): per dimension, how many elements each item would bring, counted
// with every filter but that dimension's own (disjunctive), the title pattern always applied.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import type { ReferenceItem } from '../core/schema.ts';
import { intersectSorted } from './posting-lists.ts';
import { DIMENSIONS, filteredCandidates, matchTitles, postingList, type Dimension, type ResolvedFilters, type SearchIndex } from './search.ts';
import type { CompiledPattern } from './title-pattern.ts';

export type FacetItem = ReferenceItem & { count: number };
export type FacetCounts = { total: number } & Record<ReferenceListName, FacetItem[]> & { year: { year: number; count: number }[] };

export function countFacets(
  index: SearchIndex,
  pattern: CompiledPattern | undefined,
  resolved: ResolvedFilters,
  lists: Record<ReferenceListName, ReferenceItem[]>,
): FacetCounts {
  const titled = pattern ? matchTitles(index, pattern, undefined) : undefined;
  const restrict = (set: Uint32Array | undefined) => (set && titled ? intersectSorted(set, titled) : (set ?? titled));
  const total = restrict(filteredCandidates(index, resolved));
  const counts = {} as Record<Dimension, Uint32Array>;
  for (const dimension of DIMENSIONS) counts[dimension] = countItems(index, dimension, restrict(filteredCandidates(index, resolved, dimension)));

  const facets = { total: total?.length ?? index.elementCount } as FacetCounts;
  for (const { name } of REFERENCE_LISTS) {
    facets[name] = lists[name]
      .map((item, n) => ({ ...item, count: counts[name][n]! }))
      .filter((item) => item.count > 0)
      .sort((a, b) => b.count - a.count); // stable: ties stay in catalogue order
  }
  facets.year = index.years
    .map((year, y) => ({ year, count: counts.year[y]! }))
    .filter((item) => item.count > 0)
    .reverse();
  return facets;
}

/** For each item of a dimension, how many of `elements` (all when undefined) it holds. */
function countItems(index: SearchIndex, dimension: Dimension, elements: Uint32Array | undefined): Uint32Array {
  const itemCount = dimension === 'year' ? index.years.length : index.slugs[dimension].exact.size;
  const counts = new Uint32Array(itemCount);
  let member: Uint8Array | undefined;
  if (elements) {
    member = new Uint8Array(index.elementCount);
    for (const e of elements) member[e] = 1;
  }
  for (let n = 0; n < itemCount; n++) {
    const postings = postingList(index.sections, dimension, n);
    if (!member) counts[n] = postings.length;
    else {
      let count = 0;
      for (const e of postings) count += member[e]!;
      counts[n] = count;
    }
  }
  return counts;
}
