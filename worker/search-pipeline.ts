// The one search pipeline, called by the route and the benchmarks alike: query string → checked
// query → matches over the index, with the normalized query that keys the answer cache and ETag.
// Errors are thrown as the contract's HTTPExceptions.
import { hashString } from './cache-headers.ts';
import { invalidPattern, patternTooCostly, unknownSlug } from './http-errors.ts';
import type { AnswerCache } from './answer-cache.ts';
import { parseSearchParams, type SlugFilters } from './query.ts';
import { findElements, resolveFilters, type SearchIndex } from './search.ts';
import { PatternTooCostly } from './title-matcher.ts';
import { compileTitlePattern, type CompiledPattern } from './title-pattern.ts';

export interface CheckedQuery {
  title: { source: string; pattern: CompiledPattern } | undefined;
  filters: SlugFilters;
}

export interface SearchMatches {
  /** Everything that decides the answer, normalized: equal keys, equal answers (within one snapshot). */
  key: string;
  elements: Uint32Array;
}

/** Checks a query before any snapshot read: a bad pattern or parameter is a 400 whatever the snapshot. */
export function checkQuery(params: URLSearchParams): CheckedQuery {
  const query = parseSearchParams(params);
  if (!query.ok) throw invalidPattern(query.message);
  if (query.title === undefined) return { title: undefined, filters: query.filters };
  const compiled = compileTitlePattern(query.title);
  if (!compiled.ok) throw invalidPattern(compiled.message);
  return { title: { source: query.title, pattern: compiled.pattern }, filters: query.filters };
}

/** The matches of a checked query, in catalogue order; a 404 for an unknown slug. */
export function findMatches(index: SearchIndex & { answers: AnswerCache }, query: CheckedQuery): SearchMatches {
  const filters = resolveFilters(index, query.filters);
  if (filters.kind === 'unknown-slug') throw unknownSlug(filters.list, filters.slug);
  const key = JSON.stringify([query.title?.source ?? '', filters.resolved]);
  try {
    return { key, elements: index.answers.getOrCompute(key, () => findElements(index, query.title?.pattern, filters.resolved)) };
  } catch (error) {
    if (error instanceof PatternTooCostly) throw patternTooCostly();
    throw error;
  }
}

/** The strong ETag of an answer: the snapshot and the normalized query. */
export const answerEtag = (buildId: string, key: string) => `"${buildId}-${hashString(key)}"`;
