// Reads the query string of the search endpoints (docs/api.md §3, §5, §7, §11): empty values count
// as absent, unknown parameters are ignored unless they look like a known one misspelt, a filter
// may repeat (OR), the title, `q` and the paging parameters may not.
import {
  ELEMENT_KEYS,
  MAX_LIMIT,
  REFERENCE_LISTS,
  type ElementKey,
  type ReferenceListName,
} from '../../core/contract.ts';
import { queryWords } from '../../core/word-index.ts';

/** Non-empty values of each filter parameter, as given, each once. */
export type SlugFilters = Record<ReferenceListName, string[]>;

export interface SearchQuery {
  title: string | undefined;
  /** The words of `q` (each once, as first given); undefined: no word search. */
  words: string[] | undefined;
  filters: SlugFilters;
  /** Years asked for (OR), ascending, each once. */
  years: number[];
  limit: number | undefined;
  offset: number;
  /** The keys to keep, in the contract's order; undefined: the whole element. */
  fields: ElementKey[] | undefined;
}

export type ParsedQuery = { ok: true; query: SearchQuery } | { ok: false; message: string };

const FILTER_PARAMETERS = REFERENCE_LISTS.map(({ param }) => param);
/**
 * Every parameter of the data-element search; the facets take the same names (and ignore paging and
 * fields).
 */
export const SEARCH_PARAMETERS = [
  'q',
  'title',
  ...FILTER_PARAMETERS,
  'year',
  'limit',
  'offset',
  'fields',
] as const;

class QueryError extends Error {}

/** `paging: false` (the facets): limit, offset and fields are not read at all. */
export function parseSearchParams(params: URLSearchParams, { paging = true } = {}): ParsedQuery {
  try {
    checkParameterNames(params, SEARCH_PARAMETERS);
    const titles = nonEmpty(params, 'title');
    if (titles.length > 1)
      throw new QueryError('Invalid title pattern: give the title parameter once.');
    const words = parseWords(nonEmpty(params, 'q'));
    const filters = {} as SlugFilters;
    for (const { name, param } of REFERENCE_LISTS)
      filters[name] = [...new Set(nonEmpty(params, param))];
    return {
      ok: true,
      query: {
        title: titles[0],
        words,
        filters,
        years: parseYears(nonEmpty(params, 'year')),
        limit: paging ? parseCount(params, 'limit', 1, MAX_LIMIT) : undefined,
        offset: paging ? (parseCount(params, 'offset', 0, Infinity) ?? 0) : 0,
        fields: paging ? parseFields(nonEmpty(params, 'fields')) : undefined,
      },
    };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The `fields` parameter alone, for the one-element endpoint. */
export function parseFieldsOnly(
  params: URLSearchParams,
): { ok: true; fields: ElementKey[] | undefined } | { ok: false; message: string } {
  try {
    checkParameterNames(params, ['fields']);
    return { ok: true, fields: parseFields(nonEmpty(params, 'fields')) };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The observations' filters (docs/api.md §15.1), each the set of exact strings asked for. */
export type ObservationQuery = Partial<Record<'year' | 'row' | 'column', string[]>>;
export const OBSERVATION_PARAMETERS = ['year', 'row', 'column'] as const;

/**
 * The observations' filters: each value a comma-separated list, read whole as well, so that a
 * row or column whose name holds a comma can still be asked for; repeated parameters add values.
 */
export function parseObservationQuery(
  params: URLSearchParams,
  known: readonly string[] = OBSERVATION_PARAMETERS,
): { ok: true; query: ObservationQuery } | { ok: false; message: string } {
  try {
    checkParameterNames(params, known);
    const query: ObservationQuery = {};
    for (const name of OBSERVATION_PARAMETERS) {
      if (!known.includes(name)) continue;
      const values = nonEmpty(params, name);
      if (values.length > 0)
        query[name] = [...new Set(values.flatMap((value) => [value, ...value.split(',')]))];
    }
    return { ok: true, query };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * A parameter named like a known one but for letter case or a trailing `[]` is a mistake whose
 * silent answer (the whole catalogue) would be wrong: refuse it, naming the right one.
 */
function checkParameterNames(params: URLSearchParams, known: readonly string[]) {
  for (const name of new Set(params.keys())) {
    if (known.includes(name)) continue;
    const bare = name.endsWith('[]') ? name.slice(0, -2) : name;
    const meant = known.find((k) => k.toLowerCase() === bare.toLowerCase());
    // unknown parameters are ignored (cache-busters and the like)
    if (meant === undefined) continue;
    const hint = name.endsWith('[]')
      ? ` Repeat "${meant}" without brackets to give several values.`
      : ' Parameter names are case-sensitive.';
    throw new QueryError(`Unknown parameter "${name}": did you mean "${meant}"?${hint}`);
  }
}

const nonEmpty = (params: URLSearchParams, name: string) =>
  params.getAll(name).filter((value) => value !== '');

const PLAIN_INTEGER = /^[0-9]+$/;

function parseCount(
  params: URLSearchParams,
  name: 'limit' | 'offset',
  min: number,
  max: number,
): number | undefined {
  const values = nonEmpty(params, name);
  const range = name === 'limit' ? `an integer from ${min} to ${max}` : `an integer from ${min} up`;
  if (values.length > 1) throw new QueryError(`Invalid ${name}: give it once, as ${range}.`);
  if (values.length === 0) return undefined;
  const value = values[0]!;
  // digits past 2^53 - 1 are read as 2^53 - 1: an offset that large is past any end all the same
  const n = PLAIN_INTEGER.test(value) ? Math.min(Number(value), Number.MAX_SAFE_INTEGER) : NaN;
  if (Number.isNaN(n) || n < min || n > max) {
    throw new QueryError(
      `Invalid ${name} ${JSON.stringify(value)}: ${name} must be ${range}, written in plain digits.`,
    );
  }
  return n;
}

function parseWords(values: string[]): string[] | undefined {
  if (values.length > 1) throw new QueryError('Invalid q: give it once, with every word in it.');
  if (values.length === 0) return undefined;
  const parsed = queryWords(values[0]!);
  if (!parsed.ok) throw new QueryError(parsed.message);
  return parsed.words;
}

function parseYears(values: string[]): number[] {
  const years = new Set<number>();
  for (const value of values) {
    // past 2^53 − 1 a year is read roughly, and matches nothing: a catalogue's years are safe
    // integers (core/schema.ts)
    const n = /^-?[0-9]+$/.test(value) ? Number(value) : NaN;
    if (Number.isNaN(n))
      throw new QueryError(
        `Invalid year ${JSON.stringify(value)}: year must be an integer, such as 2023.`,
      );
    years.add(n);
  }
  return [...years].sort((a, b) => a - b);
}

function parseFields(values: string[]): ElementKey[] | undefined {
  const names = values.flatMap((value) => value.split(',')).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  for (const name of names) {
    if (!(ELEMENT_KEYS as readonly string[]).includes(name)) {
      throw new QueryError(
        `Invalid fields: ${JSON.stringify(name)} is not a key of a data element; the keys are ${ELEMENT_KEYS.join(', ')}.`,
      );
    }
  }
  return ELEMENT_KEYS.filter((key) => names.includes(key));
}
