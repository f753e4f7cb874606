// The one search, called by the routes and the benchmarks alike: query string → checked query →
// matches over the index, with the normalized query that keys the match cache and the answer.
// No I/O and no HTTP: what is wrong with a query is returned as data (SearchError), and the
// routes answer it (routes/search-errors.ts).
import type { ReferenceListName } from '../../core/contract.ts';
import type { MatchCache } from '../memory.ts';
import { compiledPatterns } from './title-search-caches.ts';
import { parseSearchParams, type SearchQuery } from './parse-query.ts';
import { findElements, resolveFilters, type ResolvedFilters, type TextSearch } from './filters.ts';
import type { SearchIndex } from './search-index.ts';
import { compileTitlePattern, type CompiledTitlePattern } from '../title-search/index.ts';
import type { WordIndex } from '../../core/word-index.ts';
import { estimateWordSearchCpuMs, matchWords } from './word-search.ts';

export interface CheckedQuery extends SearchQuery {
  pattern: CompiledTitlePattern | undefined;
}

/** What keeps a query from being searched: a bad pattern or parameter, or a slug no item has. */
export type SearchError =
  | { kind: 'invalid-pattern'; message: string }
  | { kind: 'invalid-query'; message: string }
  | { kind: 'unknown-slug'; list: ReferenceListName; slug: string };

export type Searched<T> = { ok: true; value: T } | { ok: false; error: SearchError };

export interface SearchMatches {
  resolved: ResolvedFilters;
  /** Everything that decides which elements match, normalized: equal keys, equal matches. */
  matchKey: string;
  /**
   * The match key with the page and the projection: equal keys, equal answers (within one
   * snapshot).
   */
  answerKey: string;
  /** Every match, in catalogue order; in relevance order with `q`. */
  all: Uint32Array;
  /** The requested page of them. */
  page: Uint32Array;
  /** The estimated CPU of a word search made for this request; 0 without one (or from cache). */
  searchCpuMs: number;
}

/**
 * Checks a query before any snapshot read: a bad pattern or parameter is refused whatever the
 * snapshot.
 */
export function checkQuery(
  params: URLSearchParams,
  options?: { paging?: boolean },
): Searched<CheckedQuery> {
  const parsed = parseSearchParams(params, options);
  if (!parsed.ok) {
    const kind = parsed.message.startsWith('Invalid title pattern')
      ? 'invalid-pattern'
      : 'invalid-query';
    return { ok: false, error: { kind, message: parsed.message } };
  }
  const { query } = parsed;
  if (query.title === undefined) return { ok: true, value: { ...query, pattern: undefined } };
  const compiled = compileTitlePattern(query.title, compiledPatterns);
  if (!compiled.ok)
    return { ok: false, error: { kind: 'invalid-pattern', message: compiled.message } };
  return { ok: true, value: { ...query, pattern: compiled.pattern } };
}

/** Slugs and years resolved; an unknown slug is an error. */
export function resolveQuery(index: SearchIndex, query: CheckedQuery): Searched<ResolvedFilters> {
  const filters = resolveFilters(index, query.filters, query.years);
  if (filters.kind === 'unknown-slug')
    return { ok: false, error: { kind: 'unknown-slug', list: filters.list, slug: filters.slug } };
  return { ok: true, value: filters.resolved };
}

/**
 * The normalized query: the title as given, the words of `q` sorted (their order changes
 * nothing), the filters as item numbers (so equivalent slugs share it).
 */
export const matchKeyOf = (query: CheckedQuery, resolved: ResolvedFilters) =>
  JSON.stringify([
    query.title ?? '',
    query.words ? [...query.words].sort() : null,
    resolved.slugs,
    resolved.years ?? null,
  ]);

/**
 * What the query asks of the elements' text. `wordIndex` (the snapshot's words.bin) is needed
 * only when the query has `q`.
 */
export function textSearchOf(query: CheckedQuery, wordIndex: WordIndex | undefined): TextSearch {
  if (query.words && !wordIndex) throw new Error('a query with q needs the word index');
  return {
    pattern: query.pattern,
    words: query.words && matchWords(wordIndex!, query.words),
  };
}

/**
 * The matches of a checked query, in catalogue order (relevance order with `q`), and the page
 * asked for. `wordIndex`: see textSearchOf.
 */
export function findMatches(
  index: SearchIndex & { matches: MatchCache },
  query: CheckedQuery,
  wordIndex: WordIndex | undefined,
): Searched<SearchMatches> {
  const resolved = resolveQuery(index, query);
  if (!resolved.ok) return resolved;
  const matchKey = matchKeyOf(query, resolved.value);
  let searchCpuMs = 0;
  const all = index.matches.getOrCompute(matchKey, () => {
    const text = textSearchOf(query, wordIndex);
    if (text.words) searchCpuMs = estimateWordSearchCpuMs(query.words!, text.words.count);
    return findElements(index, text, resolved.value);
  });
  const end =
    query.limit === undefined ? all.length : Math.min(all.length, query.offset + query.limit);
  const page = all.subarray(Math.min(query.offset, all.length), end);
  const answerKey = JSON.stringify([
    matchKey,
    query.offset,
    query.limit ?? null,
    query.fields ?? null,
  ]);
  return {
    ok: true,
    value: { resolved: resolved.value, matchKey, answerKey, all, page, searchCpuMs },
  };
}
