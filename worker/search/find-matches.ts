// The one search pipeline, called by the routes and the benchmarks alike: query string → checked
// query → matches over the index, with the normalized query that keys the answer cache and the
// ETag. Errors are thrown as the contract's HTTPExceptions.
import type { AnswerCache } from '../memory.ts';
import { hashString } from '../http/cache-headers.ts';
import { invalidPattern, invalidQuery, unknownSlug } from '../http/errors.ts';
import { parseSearchParams, type SearchQuery } from './parse-query.ts';
import { findElements, resolveFilters, type ResolvedFilters, type SearchIndex } from './filters.ts';
import { compileTitlePattern, type CompiledTitlePattern } from '../title-search/index.ts';

export interface CheckedQuery extends SearchQuery {
  pattern: CompiledTitlePattern | undefined;
}

export interface SearchMatches {
  resolved: ResolvedFilters;
  /** Everything that decides which elements match, normalized: equal keys, equal matches. */
  matchKey: string;
  /**
   * The match key with the page and the projection: equal keys, equal answers (within one
   * snapshot).
   */
  answerKey: string;
  /** Every match, in catalogue order. */
  all: Uint32Array;
  /** The requested page of them. */
  page: Uint32Array;
}

/**
 * Checks a query before any snapshot read: a bad pattern or parameter is a 400 whatever the
 * snapshot.
 */
export function checkQuery(params: URLSearchParams, options?: { paging?: boolean }): CheckedQuery {
  const parsed = parseSearchParams(params, options);
  if (!parsed.ok)
    throw parsed.message.startsWith('Invalid title pattern')
      ? invalidPattern(parsed.message)
      : invalidQuery(parsed.message);
  const { query } = parsed;
  if (query.title === undefined) return { ...query, pattern: undefined };
  const compiled = compileTitlePattern(query.title);
  if (!compiled.ok) throw invalidPattern(compiled.message);
  return { ...query, pattern: compiled.pattern };
}

/** Slugs and years resolved; a 404 for an unknown slug. */
export function resolveQuery(index: SearchIndex, query: CheckedQuery): ResolvedFilters {
  const filters = resolveFilters(index, query.filters, query.years);
  if (filters.kind === 'unknown-slug') throw unknownSlug(filters.list, filters.slug);
  return filters.resolved;
}

/**
 * The normalized query: the title as given, the filters as item numbers (so equivalent slugs share
 * it).
 */
export const matchKeyOf = (query: CheckedQuery, resolved: ResolvedFilters) =>
  JSON.stringify([query.title ?? '', resolved.slugs, resolved.years ?? null]);

/** The matches of a checked query, in catalogue order, and the page asked for. */
export function findMatches(
  index: SearchIndex & { answers: AnswerCache },
  query: CheckedQuery,
): SearchMatches {
  const resolved = resolveQuery(index, query);
  const matchKey = matchKeyOf(query, resolved);
  const all = index.answers.getOrCompute(matchKey, () =>
    findElements(index, query.pattern, resolved),
  );
  const end =
    query.limit === undefined ? all.length : Math.min(all.length, query.offset + query.limit);
  const page = all.subarray(Math.min(query.offset, all.length), end);
  const answerKey = JSON.stringify([
    matchKey,
    query.offset,
    query.limit ?? null,
    query.fields ?? null,
  ]);
  return { resolved, matchKey, answerKey, all, page };
}

/** The strong ETag of an answer: the snapshot and the normalized query. */
export const answerEtag = (buildId: string, key: string) => `"${buildId}-${hashString(key)}"`;
