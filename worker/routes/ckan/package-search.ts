// package_search (docs/harvest.md §13.1): CKAN's parameters read and checked as CKAN's schema does
// (ckan/logic/schema.py default_package_search_schema), the search (search/ckan/), the page's
// packages read as built, and the facets counted over the matches.
import { countBits, type Bitmap } from '../../../core/bitmap.ts';
import { CkanError } from '../../http/ckan-envelope.ts';
import { parseLuceneQuery, type LuceneQuery } from '../../search/ckan/lucene-query.ts';
import {
  CkanQueryError,
  evaluate,
  queryNeeds,
  rankingWords,
  sortedPage,
  type CkanSearchIndex,
  type SortKey,
  type SortSpec,
} from '../../search/ckan/ckan-search.ts';
import { countCkanFacets } from '../../search/ckan/ckan-facets.ts';
import { elementByName } from '../../snapshot/name-lookup.ts';
import { naturalParameter, stringParameter, type ActionParameters } from './action-parameters.ts';
import { parseFacetFields } from './facet-parameters.ts';
import type { Action, ActionContext } from './action-context.ts';
import { packagesPart } from './packages.ts';

/** CKAN's ckan.search.rows_max: more rows are silently capped to it. */
export const ROWS_MAX = 1000;
export const DEFAULT_ROWS = 10;
export const DEFAULT_SORT = 'score desc, metadata_modified desc';
const SORT_KEYS: readonly SortKey[] = [
  'score',
  'metadata_modified',
  'metadata_created',
  'id',
  'name',
  'title_string',
];

export const packageSearch: Action = async (ctx) => {
  const { params } = ctx;
  const q = stringParameter(params, 'q')?.trim() ?? '';
  const fqs = filterQueries(params);
  const rows = Math.min(naturalParameter(params, 'rows', DEFAULT_ROWS), ROWS_MAX);
  const start = naturalParameter(params, 'start', 0);
  const sortText = stringParameter(params, 'sort')?.trim() || DEFAULT_SORT;
  const sort = parseSort(sortText);
  const facet = parseFacetFields(params);

  const queries: LuceneQuery[] = [];
  const qQuery = q === '' || q === '*:*' ? undefined : parseQuery(q);
  if (qQuery) queries.push(qQuery);
  for (const fq of fqs) queries.push(parseQuery(fq));

  const search = await searchIndex(ctx, queries);
  const normalized: string[] = [];
  let matched: Bitmap;
  try {
    matched = allOf(search, queries, normalized);
  } catch (error) {
    if (error instanceof CkanQueryError) throw new CkanError('searchQuery', error.message);
    throw error;
  }
  const count = countBits(matched);
  const ranking = qQuery ? rankingWords(qQuery) : [];
  const key = JSON.stringify(['package_search', q, fqs, normalized, rows, start, sortText, facet]);
  return {
    key,
    result: async () => {
      const page = sortedPage(search, matched, count, sort, ranking, start, rows);
      const facets = countCkanFacets(ctx.index, search, matched, facet);
      const packages = await packagesPart(ctx, search.openData, page);
      const head = `{"count":${count},"facets":${JSON.stringify(facets.facets)},"results":[`;
      const tail = `],"sort":${JSON.stringify(sortText)},"search_facets":${JSON.stringify(facets.searchFacets)}}`;
      return [encoder.encode(head), ...packages, encoder.encode(tail)];
    },
  };
};

const encoder = new TextEncoder();

/** fq and fq_list (CKAN ANDs every filter query). */
function filterQueries(params: ActionParameters): string[] {
  const out: string[] = [];
  const fq = stringParameter(params, 'fq')?.trim();
  if (fq) out.push(fq);
  const list = params['fq_list'];
  if (list !== undefined) {
    const items = Array.isArray(list) ? list : [list];
    for (const item of items) {
      if (typeof item !== 'string')
        throw new CkanError('validation', '', { fq_list: ['Must be a list of strings'] });
      if (item.trim()) out.push(item.trim());
    }
  }
  return out;
}

function parseQuery(text: string): LuceneQuery {
  const parsed = parseLuceneQuery(text);
  if (!parsed.ok) throw new CkanError('searchQuery', `Search Query is invalid: ${parsed.message}`);
  return parsed.query;
}

/** "field dir[, field dir]": the first key orders; CKAN's default is read as one key. */
export function parseSort(text: string): SortSpec {
  if (text === DEFAULT_SORT) return { key: 'score', descending: true };
  const [first] = text.split(',');
  const m = /^\s*([\w.]+)(?:\s+(asc|desc))?\s*$/i.exec(first ?? '');
  const key = m?.[1] as SortKey | undefined;
  if (!m || !key || !SORT_KEYS.includes(key))
    throw new CkanError(
      'search',
      `Search error: can not sort on ${JSON.stringify(text)}: sort by one of ${SORT_KEYS.join(', ')}, each asc or desc`,
    );
  return { key, descending: (m[2] ?? 'asc').toLowerCase() === 'desc' };
}

async function searchIndex(ctx: ActionContext, queries: LuceneQuery[]): Promise<CkanSearchIndex> {
  const { store, index } = ctx;
  const needs = queryNeeds(queries);
  const [openData, ids, words, names] = await Promise.all([
    store.openData(index, ctx),
    store.ids(index, ctx),
    needs.words ? store.wordIndex(index, ctx) : undefined,
    needs.names ? store.packageNames(index, ctx) : undefined,
  ]);
  return {
    index,
    openData,
    ids,
    words,
    elementByName: names && ((name) => elementByName(openData, names, name)),
    now: Date.now(),
  };
}

function allOf(search: CkanSearchIndex, queries: LuceneQuery[], normalized: string[]): Bitmap {
  if (queries.length === 0) return evaluate(search, { kind: 'all' }, normalized);
  const result = evaluate(search, queries[0]!, normalized).slice();
  for (const query of queries.slice(1)) {
    const other = evaluate(search, query, normalized);
    for (let w = 0; w < result.length; w++) result[w] = result[w]! & other[w]!;
  }
  return result;
}
