// Facet counts (docs/api.md §6): per dimension, how many elements each item would bring, counted
// with every filter but that dimension's own (disjunctive), the title pattern and the words of
// `q` always applied.
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import type { FacetCounts, ReferenceItem } from '../../core/schema.ts';
import { intersectSorted, unionSorted } from './posting-lists.ts';
import {
  DIMENSIONS,
  filteredCandidates,
  matchText,
  postingList,
  type Dimension,
  type ResolvedFilters,
  type TextSearch,
} from './filters.ts';
import type { SearchIndex } from './search-index.ts';

export function countFacets(
  index: SearchIndex,
  text: TextSearch,
  resolved: ResolvedFilters,
  lists: Record<ReferenceListName, ReferenceItem[]>,
): FacetCounts {
  const perDimension = DIMENSIONS.map((dimension) =>
    filteredCandidates(index, resolved, dimension),
  );
  // the text is matched only where some dimension's count can use it
  const reachable = perDimension.some((set) => set === undefined)
    ? undefined
    : unionSorted(perDimension as Uint32Array[]);
  const textMatched = text.pattern || text.words ? matchText(index, text, reachable) : undefined;
  const restrict = (set: Uint32Array | undefined) =>
    set && textMatched ? intersectSorted(set, textMatched) : (set ?? textMatched);
  const total = restrict(filteredCandidates(index, resolved));
  const counts = {} as Record<Dimension, Uint32Array>;
  const totalMembers = memberBitmap(index, total);
  DIMENSIONS.forEach((dimension, d) => {
    // a dimension without a filter of its own counts over the answer itself: one bitmap for all of
    // them
    const unfiltered =
      dimension === 'year' ? resolved.years === undefined : resolved.slugs[dimension].length === 0;
    counts[dimension] = countItems(
      index,
      dimension,
      unfiltered ? totalMembers : memberBitmap(index, restrict(perDimension[d])),
    );
  });

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

/** 1 for each element of the set; undefined for "every element". */
function memberBitmap(
  index: SearchIndex,
  elements: Uint32Array | undefined,
): Uint8Array | undefined {
  if (!elements) return undefined;
  const member = new Uint8Array(index.elementCount);
  for (let i = 0; i < elements.length; i++) member[elements[i]!] = 1;
  return member;
}

/** For each item of a dimension, how many of the member elements (all when undefined) it holds. */
function countItems(
  index: SearchIndex,
  dimension: Dimension,
  member: Uint8Array | undefined,
): Uint32Array {
  const itemCount = dimension === 'year' ? index.years.length : index.slugs[dimension].exact.size;
  const counts = new Uint32Array(itemCount);
  for (let n = 0; n < itemCount; n++) {
    const postings = postingList(index.sections, dimension, n);
    if (!member) counts[n] = postings.length;
    else {
      let count = 0;
      for (let i = 0; i < postings.length; i++) count += member[postings[i]!]!;
      counts[n] = count;
    }
  }
  return counts;
}
