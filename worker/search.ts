// The search itself, pure over a loaded index: resolve slugs, intersect posting lists, match
// titles. Returns element numbers in catalogue order.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import { postingSections, type IndexSections } from '../core/snapshot-layout.ts';
import { intersectSorted, unionSorted } from './posting-lists.ts';
import {
  findMatchingTitles,
  type CompiledTitlePattern,
  type TitleSearchIndex,
} from './title-search/index.ts';
import type { SlugFilters } from './query.ts';

export interface SlugLookup {
  exact: Map<string, number>;
  /** Slug with surrounding white space removed → its number; -1 when two slugs share it. */
  trimmed: Map<string, number>;
}

export interface SearchIndex {
  elementCount: number;
  sections: IndexSections;
  titles: TitleSearchIndex;
  slugs: Record<ReferenceListName, SlugLookup>;
  /** Years with tables, ascending (year number y owns posting list y). */
  years: number[];
}

export function buildSlugLookup(slugs: readonly string[]): SlugLookup {
  const exact = new Map<string, number>();
  const trimmed = new Map<string, number>();
  slugs.forEach((slug, n) => {
    exact.set(slug, n);
    const key = slug.trim();
    trimmed.set(key, trimmed.has(key) ? -1 : n);
  });
  return { exact, trimmed };
}

/** Exact slug first; else the single slug equal to it once surrounding white space is ignored. */
export function resolveSlug(lookup: SlugLookup, value: string): number | undefined {
  const exact = lookup.exact.get(value);
  if (exact !== undefined) return exact;
  const loose = lookup.trimmed.get(value.trim());
  return loose === undefined || loose < 0 ? undefined : loose;
}

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

/** The elements a dimension's filter lets through, or undefined when it has no filter. */
export function filterSet(
  index: SearchIndex,
  resolved: ResolvedFilters,
  dimension: Dimension,
): Uint32Array | undefined {
  const items =
    dimension === 'year'
      ? resolved.years
      : resolved.slugs[dimension].length > 0
        ? resolved.slugs[dimension]
        : undefined;
  return items && unionSorted(items.map((n) => postingList(index.sections, dimension, n)));
}

/** The elements passing every filter but `except`'s, or undefined when none applies. */
export function filteredCandidates(
  index: SearchIndex,
  resolved: ResolvedFilters,
  except?: Dimension,
): Uint32Array | undefined {
  const sets = DIMENSIONS.filter((d) => d !== except)
    .map((d) => filterSet(index, resolved, d))
    .filter((set): set is Uint32Array => set !== undefined)
    .sort((a, b) => a.length - b.length);
  let candidates: Uint32Array | undefined;
  for (const set of sets) candidates = candidates ? intersectSorted(candidates, set) : set;
  return candidates;
}

/** The matching elements, in catalogue order: posting lists intersected, then titles matched. */
export function findElements(
  index: SearchIndex,
  title: CompiledTitlePattern | undefined,
  resolved: ResolvedFilters,
): Uint32Array {
  return matchTitles(index, title, filteredCandidates(index, resolved));
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
  // the titles of the candidates (in any order, repeats allowed: the title search takes a set)
  let titleCandidates: Uint32Array | undefined;
  if (candidates) {
    titleCandidates = new Uint32Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) titleCandidates[i] = elementTitle[candidates[i]!]!;
  }
  const matched = new Uint8Array(index.titles.count);
  for (const t of findMatchingTitles(index.titles, pattern, titleCandidates)) matched[t] = 1;
  const elements = candidates ?? allElements(index.elementCount);
  const out = new Uint32Array(elements.length);
  let n = 0;
  for (const e of elements) if (matched[elementTitle[e]!]) out[n++] = e;
  return out.subarray(0, n);
}

export function allElements(count: number): Uint32Array {
  const all = new Uint32Array(count);
  for (let i = 0; i < count; i++) all[i] = i;
  return all;
}
