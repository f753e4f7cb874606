// The index a search runs over, as the snapshot store loads it (snapshot/snapshot-store.ts):
// the posting lists' sections, the title index, each list's slugs, the years.
import type { ReferenceListName } from '../../core/contract.ts';
import type { IndexSections } from '../../core/snapshot-layout.ts';
import type { TitleSearchIndex } from '../title-search/index.ts';

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
