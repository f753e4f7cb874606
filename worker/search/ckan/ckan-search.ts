// CKAN's package_search over the snapshot's index (docs/harvest.md §13.1): `q` and `fq` parsed as Solr
// would (lucene-query.ts), each term turned into the set of elements it names, the clauses
// combined as Lucene combines them, then sorted by one of the orders the generator stored and
// paged. The words of `q` are docs/api.md §11's words, matched by the same word search as /api/v1; the
// filters read the same posting lists. Pure: no I/O, errors as data.
import {
  addAll,
  bitsOf,
  countBits,
  emptyBitmap,
  fullBitmap,
  holds,
  intersectInto,
  subtractInto,
  uniteInto,
  type Bitmap,
} from '../../../core/bitmap.ts';
import { NO_WORD_MESSAGE, queryWords, type WordIndex } from '../../../core/word-index.ts';
import type { OpenDataHeader, OpenDataSections } from '../../../core/open-data/layout.ts';
import { findElementById, type IdIndex } from '../element-lookup.ts';
import type { SearchIndex } from '../search-index.ts';
import { postingList } from '../filters.ts';
import { matchWords, orderByRelevance } from '../word-search.ts';
import type { LuceneQuery } from './lucene-query.ts';
import { parseSolrDate } from './solr-date.ts';

/** The loaded index as CKAN's search reads it: the search index and the open-data header. */
export interface CkanIndex extends SearchIndex {
  openData: OpenDataHeader;
}

export interface CkanSearchIndex {
  index: CkanIndex;
  openData: OpenDataSections;
  ids: IdIndex;
  /** Needed when the query has words (queryNeeds says). */
  words: WordIndex | undefined;
  /** CKAN name → element, when the query names packages (queryNeeds says). */
  elementByName: ((name: string) => number | undefined) | undefined;
  /** The request's time, for NOW in date ranges (milliseconds). */
  now: number;
}

export class CkanQueryError extends Error {}

/** The fields a query may name, beside bare words. */
export const SEARCHABLE_FIELDS = [
  'organization',
  'owner_org',
  'groups',
  'tags',
  'res_format',
  'license_id',
  'id',
  'name',
  'title',
  'text',
  'metadata_modified',
  'metadata_created',
  'dataset_type',
  'type',
  'state',
  'private',
  'capacity',
] as const;

/** What of the snapshot a query needs beyond the index, so the route loads only that. */
export function queryNeeds(queries: readonly LuceneQuery[]): { words: boolean; names: boolean } {
  const needs = { words: false, names: false };
  const visit = (query: LuceneQuery) => {
    if (query.kind === 'bool') query.clauses.forEach((clause) => visit(clause.query));
    else if (query.kind === 'term') {
      if (query.field === undefined || query.field === 'title' || query.field === 'text')
        needs.words = true;
      if (query.field === 'name') needs.names = true;
    }
  };
  queries.forEach(visit);
  return needs;
}

/**
 * The elements a query matches, as a bitmap. `normalized` collects what decided the match
 * (ranges with NOW resolved), for the answer's ETag.
 */
export function evaluate(ctx: CkanSearchIndex, query: LuceneQuery, normalized: string[]): Bitmap {
  const n = ctx.index.elementCount;
  switch (query.kind) {
    case 'all':
      return fullBitmap(n);
    case 'term':
      return termSet(ctx, query.field, query.value);
    case 'range':
      return rangeSet(ctx, query, normalized);
    case 'bool': {
      const musts = query.clauses.filter((c) => c.occur === 'must');
      const shoulds = query.clauses.filter((c) => c.occur === 'should');
      const nots = query.clauses.filter((c) => c.occur === 'not');
      let result: Bitmap;
      if (musts.length > 0) {
        result = evaluate(ctx, musts[0]!.query, normalized).slice();
        for (const c of musts.slice(1)) intersectInto(result, evaluate(ctx, c.query, normalized));
      } else if (shoulds.length > 0) {
        result = emptyBitmap(n);
        for (const c of shoulds) uniteInto(result, evaluate(ctx, c.query, normalized));
      } else result = fullBitmap(n); // only prohibitions: everything else (as Solr reads -a)
      for (const c of nots) subtractInto(result, evaluate(ctx, c.query, normalized));
      return result;
    }
  }
}

/** The words of `q` that rank its matches (bare words and text:, not prohibited ones). */
export function rankingWords(query: LuceneQuery): string[] {
  const words = new Set<string>();
  const visit = (q: LuceneQuery, prohibited: boolean) => {
    if (q.kind === 'bool')
      q.clauses.forEach((c) => visit(c.query, prohibited || c.occur === 'not'));
    else if (q.kind === 'term' && !prohibited && (q.field === undefined || q.field === 'text')) {
      const cut = queryWords(q.value);
      if (cut.ok) cut.words.forEach((word) => words.add(word));
    }
  };
  visit(query, false);
  return [...words];
}

function termSet(ctx: CkanSearchIndex, field: string | undefined, value: string): Bitmap {
  const { index } = ctx;
  const n = index.elementCount;
  const header = index.openData;
  const itemsOf = (dimension: 'dataSource' | 'category' | 'sector' | 'field', items: number[]) => {
    const bitmap = emptyBitmap(n);
    for (const item of items) addAll(bitmap, postingList(index.sections, dimension, item));
    return bitmap;
  };
  const positions = (names: readonly string[], wanted: string) =>
    names.flatMap((name, i) => (name === wanted ? [i] : []));
  switch (field) {
    case undefined:
    case 'text':
      return wordsSet(ctx, value, 'anywhere');
    case 'title':
      return wordsSet(ctx, value, 'title');
    case 'organization':
      return itemsOf('dataSource', positions(header.ckanNames.dataSource, value));
    case 'owner_org': {
      const byName = positions(header.ckanNames.dataSource, value);
      return itemsOf(
        'dataSource',
        byName.length > 0 ? byName : itemsWithId(ctx, 'dataSource', value),
      );
    }
    case 'groups':
      return itemsOf('category', positions(header.ckanNames.category, value));
    case 'tags': {
      const bitmap = itemsOf('sector', positions(header.tagNames.sector, value));
      uniteInto(bitmap, itemsOf('field', positions(header.tagNames.field, value)));
      return bitmap;
    }
    case 'res_format':
      return value === 'CSV' || value === 'csv' ? withTables(ctx) : emptyBitmap(n);
    case 'license_id':
      return value === ckanLicenseId(ctx) ? fullBitmap(n) : emptyBitmap(n);
    case 'id': {
      const e = findElementById(ctx.ids, value);
      return single(n, e);
    }
    case 'name':
      return single(n, ctx.elementByName!(value));
    case 'dataset_type':
    case 'type':
      return value === 'dataset' ? fullBitmap(n) : emptyBitmap(n);
    case 'state':
      return value === 'active' ? fullBitmap(n) : emptyBitmap(n);
    case 'private':
      return value === 'false' ? fullBitmap(n) : emptyBitmap(n);
    case 'capacity':
      return value === 'public' ? fullBitmap(n) : emptyBitmap(n);
    case 'metadata_modified':
    case 'metadata_created':
      return rangeSet(
        ctx,
        { kind: 'range', field, from: value, to: value, fromInclusive: true, toInclusive: true },
        [],
      );
    default:
      throw new CkanQueryError(
        `the field ${JSON.stringify(field)} cannot be searched here; fields: ${SEARCHABLE_FIELDS.join(', ')}`,
      );
  }
}

/** Elements with every word of the value: anywhere (docs/api.md §11's searchable words) or in the title. */
function wordsSet(ctx: CkanSearchIndex, value: string, place: 'anywhere' | 'title'): Bitmap {
  const n = ctx.index.elementCount;
  if (value === '*') return fullBitmap(n);
  const cut = queryWords(value);
  if (!cut.ok) {
    // punctuation alone: no word, no match (as Solr's analyzer); too many words: said so
    if (cut.message === NO_WORD_MESSAGE) return emptyBitmap(n);
    throw new CkanQueryError(cut.message);
  }
  const matches = matchWords(ctx.words!, cut.words);
  if (place === 'anywhere') return matches.matched;
  const result = matches.matched;
  for (const word of matches.words) intersectInto(result, word.title);
  return result;
}

function rangeSet(
  ctx: CkanSearchIndex,
  query: Extract<LuceneQuery, { kind: 'range' }>,
  normalized: string[],
): Bitmap {
  const n = ctx.index.elementCount;
  if (query.field !== 'metadata_modified' && query.field !== 'metadata_created')
    throw new CkanQueryError(
      `a range can only be asked of metadata_modified or metadata_created, not ${JSON.stringify(query.field)}`,
    );
  const bound = (text: string, end: 'from' | 'to') => {
    if (text === '*') return end === 'from' ? -Infinity : Infinity;
    const ms = parseSolrDate(text, ctx.now);
    if (ms === undefined)
      throw new CkanQueryError(
        `${JSON.stringify(text)} is not a date Solr reads (2024-01-31T00:00:00Z, NOW, NOW-7DAYS, NOW/DAY)`,
      );
    return ms;
  };
  const from = bound(query.from, 'from');
  const to = bound(query.to, 'to');
  normalized.push(
    `${query.field}:${query.fromInclusive ? '[' : '{'}${from},${to}${query.toInclusive ? ']' : '}'}`,
  );
  const dates = query.field === 'metadata_modified' ? ctx.openData.modified : ctx.openData.created;
  const bitmap = emptyBitmap(n);
  for (let e = 0; e < n; e++) {
    const ms = dates[e]! * 1000;
    const above = query.fromInclusive ? ms >= from : ms > from;
    const below = query.toInclusive ? ms <= to : ms < to;
    if (above && below) bitmap[e >>> 5] = bitmap[e >>> 5]! | (1 << (e & 31));
  }
  return bitmap;
}

function itemsWithId(ctx: CkanSearchIndex, _list: 'dataSource', id: string): number[] {
  const ids = ctx.index.openData.dataSourceIds;
  return ids.flatMap((candidate, i) => (candidate === id ? [i] : []));
}

function withTables(ctx: CkanSearchIndex): Bitmap {
  const bitmap = emptyBitmap(ctx.index.elementCount);
  ctx.index.years.forEach((_, y) => addAll(bitmap, postingList(ctx.index.sections, 'year', y)));
  return bitmap;
}

const ckanLicenseId = (ctx: CkanSearchIndex) => ctx.index.openData.licenseId;

// ---- sort and page ------------------------------------------------------------------------

export type SortKey =
  'score' | 'metadata_modified' | 'metadata_created' | 'id' | 'name' | 'title_string';
export interface SortSpec {
  key: SortKey;
  descending: boolean;
}

/** The matches in the order asked, `start` skipped, at most `rows`. */
export function sortedPage(
  ctx: CkanSearchIndex,
  matched: Bitmap,
  count: number,
  sort: SortSpec,
  ranking: readonly string[],
  start: number,
  rows: number,
): Uint32Array {
  const end = Math.min(count, start + rows);
  if (start >= end) return new Uint32Array(0);
  if (sort.key === 'score' && ranking.length > 0) {
    // docs/api.md §11's relevance order for the elements having every word; the others after, newest first
    const words = matchWords(ctx.words!, ranking);
    const ranked = bitsOf(intersection(matched, words.matched));
    const first = orderByRelevance(words, ranked);
    if (first.length >= end) return first.slice(start, end);
    const rest = matched.slice();
    subtractInto(rest, words.matched);
    // the page's part past the ranked ones: from where it starts among the rest, to its end
    const tail = walk(
      ctx.openData.modifiedOrder,
      rest,
      true,
      Math.max(0, start - first.length),
      end - Math.max(start, first.length),
    );
    const page = new Uint32Array(end - start);
    const head = first.subarray(Math.min(start, first.length));
    page.set(head, 0);
    page.set(tail, head.length);
    return page;
  }
  const order = orderOf(ctx, sort.key);
  // score without words: every score equal, so CKAN's second key decides: metadata_modified desc
  const descending = sort.key === 'score' ? true : sort.descending;
  return walk(order, matched, descending, start, end - start);
}

function orderOf(ctx: CkanSearchIndex, key: SortKey): Uint32Array {
  switch (key) {
    case 'id':
      return ctx.ids.idOrder;
    case 'name':
      return ctx.openData.nameOrder;
    case 'title_string':
      return ctx.openData.titleOrder;
    case 'metadata_created':
      return ctx.openData.createdOrder;
    default:
      return ctx.openData.modifiedOrder;
  }
}

/** The members of `matched` along `order` (backwards when descending): `skip` passed, `take` kept. */
function walk(
  order: Uint32Array,
  matched: Bitmap,
  descending: boolean,
  skip: number,
  take: number,
) {
  const out = new Uint32Array(Math.max(0, take));
  let n = 0;
  let skipped = 0;
  const last = order.length - 1;
  for (let i = 0; i <= last && n < out.length; i++) {
    const e = order[descending ? last - i : i]!;
    if (!holds(matched, e)) continue;
    if (skipped < skip) skipped++;
    else out[n++] = e;
  }
  return out.subarray(0, n);
}

function intersection(a: Bitmap, b: Bitmap): Bitmap {
  const out = a.slice();
  intersectInto(out, b);
  return out;
}

const single = (n: number, e: number | undefined) => {
  const bitmap = emptyBitmap(n);
  if (e !== undefined) addAll(bitmap, [e]);
  return bitmap;
};

export { countBits };
