// datastore_search over one table (docs/harvest.md §16): the shared cases, the whole answer with
// its keys in CKAN's order, `_links` as CKAN writes them, and paging by `_links.next`.
import { describe, expect, it } from 'vitest';
import {
  datastoreSearch,
  searchResultJson,
  type DatastoreSearchResult,
} from '../../core/datastore/search.ts';
import { searchLinks } from '../../core/datastore/links.ts';
import { observationsDatastore } from '../../core/datastore/table.ts';
import type { Observation } from '../../core/tables/observations.ts';
import { ANNA, BOOKS, SEARCH_CASES, WAR, WORDS } from './search-cases.ts';

const PATH = '/api/3/action/datastore_search';
const POST = { path: PATH, query: '' };

describe('datastore_search: the shared cases', () => {
  it.each(SEARCH_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const params =
      'resource_id' in c.params || 'id' in c.params
        ? c.params
        : { resource_id: c.table.resourceId, ...c.params };
    const answer = datastoreSearch(c.table, params, POST);
    if (c.error) {
      expect(answer).toEqual({ ok: false, error: { message: '', ...c.error } });
      return;
    }
    if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
    const result = answer.result as Record<string, unknown>;
    if ('records' in c) expect(result.records).toEqual(c.records);
    if ('total' in c) expect(result.total).toBe(c.total);
    if ('fields' in c) expect(result.fields).toEqual(c.fields);
    for (const [key, value] of Object.entries(c.more ?? {})) expect(result[key]).toEqual(value);
  });
});

describe('datastore_search: the answer', () => {
  it('is CKAN’s dictionary: the parameters as validated, names sorted, then records, fields, _links, total', () => {
    const answer = datastoreSearch(
      BOOKS,
      { resource_id: 'books', fields: 'author', limit: 1 },
      POST,
    );
    expect(answer.ok && Object.keys(answer.result)).toEqual([
      'fields',
      'include_total',
      'limit',
      'records_format',
      'resource_id',
      'total_estimation_threshold',
      'records',
      '_links',
      'total',
      'total_was_estimated',
    ]);
    const plain = datastoreSearch(BOOKS, { resource_id: 'books', q: 'tolstoy', offset: 0 }, POST);
    expect(plain).toStrictEqual({
      ok: true,
      result: {
        include_total: true,
        limit: 100,
        offset: 0,
        q: 'tolstoy',
        records_format: 'objects',
        resource_id: 'books',
        total_estimation_threshold: null,
        records: [ANNA, WAR],
        fields: BOOKS.fields,
        _links: { start: PATH, next: `${PATH}?offset=100` },
        total: 2,
        total_was_estimated: false,
      },
    });
  });

  it('writes records as objects in their fields’ order, names like 2020 included', () => {
    const table = {
      resourceId: 'years',
      fields: [
        { id: '_id', type: 'int' as const },
        { id: 'Kecamatan', type: 'text' as const },
        { id: '2020', type: 'numeric' as const },
      ],
      records: [[1, 'Andir', 5]],
    };
    const answer = datastoreSearch(table, { resource_id: 'years' }, POST);
    if (!answer.ok) throw new Error('refused');
    const json = searchResultJson(answer.result);
    expect(json).toContain('"records":[{"_id":1,"Kecamatan":"Andir","2020":5}]');
    expect(JSON.parse(json)).toEqual(answer.result);
    const lists = datastoreSearch(table, { resource_id: 'years', records_format: 'lists' }, POST);
    expect(lists.ok && searchResultJson(lists.result)).toContain('"records":[[1,"Andir",5]]');
  });
});

describe('datastore_search: _links', () => {
  it('rewrites the request’s query as Python’s parse_qsl and urlencode do', () => {
    // expected values printed by CPython 3's urllib.parse for the same query, limit and offset
    const query =
      'resource_id=books&offset=7&limit=2&filters=%7B%22author%22%3A+%22tolstoy%22%7D&q=caf%C3%A9+x&empty=&flag&sort=a%2Cb+desc&limit=3&x=%E2%82%AC%2F*!(~)';
    const tail =
      'limit=3&filters=%7B%22author%22%3A+%22tolstoy%22%7D&q=caf%C3%A9+x&sort=a%2Cb+desc&x=%E2%82%AC%2F%2A%21%28~%29';
    expect(searchLinks({ path: PATH, query }, 3, 7)).toEqual({
      start: `${PATH}?resource_id=books&${tail}`,
      next: `${PATH}?resource_id=books&offset=10&${tail}`,
      prev: `${PATH}?resource_id=books&offset=4&${tail}`,
    });
    expect(searchLinks({ path: PATH, query: 'q=%FF%41' }, 100, 0)).toEqual({
      start: `${PATH}?q=%EF%BF%BDA`,
      next: `${PATH}?q=%EF%BF%BDA&offset=100`,
    });
  });

  it('has prev only when offset - limit is above 0, as CKAN', () => {
    expect(searchLinks({ path: PATH, query: '' }, 10, 10).prev).toBeUndefined();
    expect(searchLinks({ path: PATH, query: '' }, 10, 11).prev).toBe(`${PATH}?offset=1`);
  });

  it('steps by the limit answered (rows_max), not the one asked', () => {
    const answer = datastoreSearch(
      WORDS,
      { resource_id: 'words', limit: '99999' },
      { path: PATH, query: 'resource_id=words&limit=99999' },
    );
    expect(answer.ok && answer.result._links.next).toBe(
      `${PATH}?resource_id=words&limit=99999&offset=32000`,
    );
  });
});

/** An action's parameters from a URL's query, as the action API reads a GET. */
function getParameters(query: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const before = out[key];
    out[key] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

describe('datastore_search: paging by _links.next', () => {
  const observations: Observation[] = Array.from({ length: 257 }, (_, i) => ({
    year: 2018 + (i % 4),
    row: `Kecamatan ${i % 13}`,
    column: i % 2 === 0 ? 'Laki-laki' : 'Perempuan',
    value: i % 7 === 0 ? null : (i * 37) % 101,
    cell: String(i),
  }));
  const table = observationsDatastore('obs', observations);

  it.each([
    ['every record', 'resource_id=obs&limit=10', 257],
    ['sorted with ties and nulls', 'resource_id=obs&limit=7&sort=value+desc%2C+year', 257],
    [
      'filtered and searched',
      'resource_id=obs&limit=5&filters=%7B%22year%22%3A+%5B2018%2C+2019%5D%7D&q=laki',
      65,
    ],
  ])('reads %s exactly once', (_, firstQuery, expected) => {
    const seen: number[] = [];
    let query = firstQuery;
    let total: number | undefined;
    for (let page = 0; page < 1000; page++) {
      const answer = datastoreSearch(table, getParameters(query), { path: PATH, query });
      if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      const result: DatastoreSearchResult = answer.result;
      total = result.total;
      const records = result.records as { _id: number }[];
      if (records.length === 0) break;
      seen.push(...records.map((record) => record._id));
      const next = new URL(result._links.next, 'https://example.org');
      expect(next.pathname).toBe(PATH);
      query = next.search.slice(1);
    }
    expect(seen.length).toBe(expected);
    expect(new Set(seen).size).toBe(expected);
    expect(total).toBe(expected);
  });
});
