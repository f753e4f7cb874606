// The search itself, pure over a loaded index: resolve slugs, intersect posting lists, keep the
// words of `q`, match titles. Returns element numbers in catalogue order, or in relevance order
// with `q`.
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import { bitmapWords, postingSections, type IndexSections } from '../../core/snapshot-layout.ts';
import { resolveSlug, type SearchIndex } from './search-index.ts';
import { intersectSorted, unionSorted } from './posting-lists.ts';
import { bindingsOf } from './title-search-caches.ts';
import { matchingTitleBitmap, type CompiledTitlePattern } from '../title-search/index.ts';
import type { SlugFilters } from './parse-query.ts';
import { bitmapOf, bitsOf, holds, intersectionOf, type Bitmap } from '../../core/bitmap.ts';
import { elementsMatching, orderByRelevance, type WordMatches } from './word-search.ts';

/**
 * The filters as item numbers: per list its slugs' numbers; the years' numbers, or undefined
 * without a year filter.
 */
export interface ResolvedFilters {
  slugs: Record<ReferenceListName, number[]>;
  years: number[] | undefined;
}
export type Dimension = ReferenceListName | 'year';
export const DIMENSIONS: readonly Dimension[] = [
  ...REFERENCE_LISTS.map(({ name }) => name),
  'year',
];

/**
 * Slugs and years to item numbers, in the contract's order of lists; the first unknown slug stops
 * it.
 */
export function resolveFilters(
  index: SearchIndex,
  filters: SlugFilters,
  years: number[],
):
  | { kind: 'unknown-slug'; list: ReferenceListName; slug: string }
  | { kind: 'resolved'; resolved: ResolvedFilters } {
  const slugs = {} as ResolvedFilters['slugs'];
  for (const { name } of REFERENCE_LISTS) {
    const numbers: number[] = [];
    for (const value of filters[name]) {
      const n = resolveSlug(index.slugs[name], value);
      if (n === undefined) return { kind: 'unknown-slug', list: name, slug: value };
      if (!numbers.includes(n)) numbers.push(n);
    }
    slugs[name] = numbers.sort((a, b) => a - b);
  }
  // A year no element has matches nothing: it is not a list, so never a 404.
  const yearNumbers =
    years.length === 0
      ? undefined
      : years.map((year) => index.years.indexOf(year)).filter((y) => y >= 0);
  return { kind: 'resolved', resolved: { slugs, years: yearNumbers } };
}

/** The items a dimension's filter names, or undefined when it has no filter. */
function filterItems(resolved: ResolvedFilters, dimension: Dimension): number[] | undefined {
  const items = dimension === 'year' ? resolved.years : resolved.slugs[dimension];
  return items && (dimension === 'year' || items.length > 0) ? items : undefined;
}

/** The elements a dimension's filter lets through, or undefined when it has no filter. */
export function filterSet(
  index: SearchIndex,
  resolved: ResolvedFilters,
  dimension: Dimension,
): Uint32Array | undefined {
  const items = filterItems(resolved, dimension);
  return items && unionSorted(items.map((n) => postingList(index.sections, dimension, n)));
}

/**
 * The elements a dimension's filter lets through as a bitmap, when every item it names is dense
 * (stored as a bitmap too); undefined otherwise. A single item's bitmap is a view over the index:
 * never changed.
 */
function filterBitmap(
  index: SearchIndex,
  resolved: ResolvedFilters,
  dimension: Dimension,
): Bitmap | undefined {
  const items = filterItems(resolved, dimension);
  if (!items || items.length === 0) return undefined;
  const names = postingSections(dimension);
  const bitmapOf = index.sections[names.bitmapOf];
  const bitmaps = index.sections[names.bitmaps];
  const words = bitmapWords(index.elementCount);
  const views: Bitmap[] = [];
  for (const n of items) {
    if (bitmapOf[n] === 0) return undefined;
    const at = bitmaps.byteOffset + (bitmapOf[n]! - 1) * words * 4;
    views.push(new Int32Array(bitmaps.buffer, at, words));
  }
  if (views.length === 1) return views[0];
  const union = new Int32Array(words);
  for (const view of views) for (let w = 0; w < words; w++) union[w] = union[w]! | view[w]!;
  return union;
}

/**
 * The elements passing every filter but `except`'s, or undefined when none applies. Filters whose
 * items are all dense are intersected as bitmaps (a word for 32 elements) instead of merging
 * their long lists; the others as sorted lists, then kept where the bitmaps have them.
 */
export function filteredCandidates(
  index: SearchIndex,
  resolved: ResolvedFilters,
  except?: Dimension,
): Uint32Array | undefined {
  const dimensions = DIMENSIONS.filter((d) => d !== except && filterItems(resolved, d));
  if (dimensions.length === 0) return undefined;
  if (dimensions.length === 1) return filterSet(index, resolved, dimensions[0]!);
  const bitmaps: Bitmap[] = [];
  const lists: Uint32Array[] = [];
  for (const dimension of dimensions) {
    const bitmap = filterBitmap(index, resolved, dimension);
    if (bitmap) bitmaps.push(bitmap);
    else lists.push(filterSet(index, resolved, dimension)!);
  }
  if (lists.length === 0) {
    const { bitmap, count } = intersectionOf(bitmaps);
    return bitsOf(bitmap, count);
  }
  lists.sort((a, b) => a.length - b.length);
  let candidates = lists[0]!;
  for (const list of lists.slice(1)) candidates = intersectSorted(candidates, list);
  return bitmaps.length > 0 ? keepMembers(candidates, bitmaps) : candidates;
}

/** The elements of a sorted list that every bitmap holds, in order. */
function keepMembers(elements: Uint32Array, bitmaps: Bitmap[]): Uint32Array {
  const kept = new Uint32Array(elements.length);
  let n = 0;
  next: for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    for (const bitmap of bitmaps) if (!holds(bitmap, e)) continue next;
    kept[n++] = e;
  }
  return kept.subarray(0, n);
}

/** What a query asks of an element's text: a title pattern, the words of `q`; either, both, none. */
export interface TextSearch {
  pattern: CompiledTitlePattern | undefined;
  words: WordMatches | undefined;
}

/**
 * The matching elements: posting lists intersected, then the words of `q` kept, then titles
 * matched. In catalogue order; in relevance order with `q` (docs/api.md §11).
 */
export function findElements(
  index: SearchIndex,
  text: TextSearch,
  resolved: ResolvedFilters,
): Uint32Array {
  const matched = matchText(index, text, filteredCandidates(index, resolved));
  return text.words ? orderByRelevance(text.words, matched) : matched;
}

/** The candidates (all elements when undefined) whose text matches, in catalogue order. */
export function matchText(
  index: SearchIndex,
  { pattern, words }: TextSearch,
  candidates: Uint32Array | undefined,
): Uint32Array {
  return matchTitles(index, pattern, words ? elementsMatching(words, candidates) : candidates);
}

export function postingList(sections: IndexSections, dimension: Dimension, n: number): Uint32Array {
  const names = postingSections(dimension);
  const start = sections[names.start];
  return sections[names.postings].subarray(start[n]!, start[n + 1]!);
}

/**
 * The candidates (all elements when undefined) whose title the pattern matches, in catalogue order.
 */
export function matchTitles(
  index: SearchIndex,
  pattern: CompiledTitlePattern | undefined,
  candidates: Uint32Array | undefined,
): Uint32Array {
  if (!pattern) return candidates ?? allElements(index.elementCount);
  const { elementTitle } = index.sections;
  const titleCandidates = candidates && bitmapOf(index.titles.count, candidates, elementTitle);
  const matched = matchingTitleBitmap(
    index.titles,
    pattern,
    titleCandidates,
    bindingsOf(index.titles),
  );
  const isMatched = (e: number) => holds(matched, elementTitle[e]!);
  const out = new Uint32Array(candidates?.length ?? index.elementCount);
  let n = 0;
  if (candidates) {
    for (const e of candidates) if (isMatched(e)) out[n++] = e;
  } else {
    for (let e = 0; e < index.elementCount; e++) if (isMatched(e)) out[n++] = e;
  }
  return out.subarray(0, n);
}

export function allElements(count: number): Uint32Array {
  const all = new Uint32Array(count);
  for (let i = 0; i < count; i++) all[i] = i;
  return all;
}
