// One table of `datastore_search` cases (docs/harvest.md §16): parameters → the records, total,
// fields or whole result CKAN 2.11 answers, or its error. Most are ported from CKAN's own
// ckanext/datastore/tests/test_search.py (named after the test), over the same records minus the
// column types this project has no use for (timestamps are text here, arrays and JSON left out).
import type { DatastoreError } from '../../core/datastore/errors.ts';
import type { DatastoreTable, DatastoreValue } from '../../core/datastore/table.ts';

const table = (
  resourceId: string,
  fields: [string, 'int' | 'numeric' | 'text'][],
  rows: DatastoreValue[][],
): DatastoreTable => ({
  resourceId,
  fields: [{ id: '_id', type: 'int' }, ...fields.map(([id, type]) => ({ id, type }))],
  records: rows.map((row, index) => [index + 1, ...row]),
});

/** TestDatastoreSearchLegacyTests's books. */
export const BOOKS = table(
  'books',
  [
    ['bük', 'text'],
    ['author', 'text'],
    ['published', 'text'],
    ['rating with %', 'text'],
  ],
  [
    ['annakarenina', 'tolstoy', '2005-03-01T00:00:00', '60%'],
    ['warandpeace', 'tolstoy', null, '99%'],
  ],
);
export const ANNA = {
  _id: 1,
  bük: 'annakarenina',
  author: 'tolstoy',
  published: '2005-03-01T00:00:00',
  'rating with %': '60%',
};
export const WAR = {
  _id: 2,
  bük: 'warandpeace',
  author: 'tolstoy',
  published: null,
  'rating with %': '99%',
};

/** TestDatastoreSearchRecordsFormat's records. */
export const FORMATS = table(
  'formats',
  [
    ['num', 'numeric'],
    ['dt', 'text'],
    ['txt', 'text'],
  ],
  [
    [10, '2020-01-01T00:00:00', 'aaab'],
    [9, '2020-01-02T00:00:00', 'aaab'],
    [9, '2020-01-01T00:00:00', 'aaac'],
  ],
);
const WITH_NULLS = table(
  'with-nulls',
  [
    ['num', 'numeric'],
    ['dt', 'text'],
    ['txt', 'text'],
  ],
  [
    ...FORMATS.records.map((row) => row.slice(1)).slice(0, 2),
    [9, null, 'aaac'],
    [null, null, null],
  ],
);
const YEARS = table('years', [['the year', 'numeric']], [[2014], [2013]]);
const NULLS_AB = table(
  'nulls-ab',
  [
    ['a', 'numeric'],
    ['b', 'text'],
  ],
  [
    [1, 'Y'],
    [null, 'Z'],
  ],
);
const TEXT_INT = table('text-int', [['text_field', 'text']], [['25'], ['37']]);
/** test_estimate_total's hundred years. */
const CENTURY = table(
  'century',
  [['the year', 'numeric']],
  Array.from({ length: 100 }, (_, i) => [1900 + i]),
);
/** Cells Postgres's COPY … csv has to quote. */
const QUOTING = table(
  'quoting',
  [
    ['t', 'text'],
    ['n', 'numeric'],
  ],
  [
    ['a,b', 1.5],
    ['say "hi"', null],
    ['', -2],
    [null, 1e21],
    ['line\nbreak', 0.0000001],
    ['tab\there', 3],
  ],
);
/** Observations with accents and mixed case, for the words of `q`. */
export const WORDS = table(
  'words',
  [
    ['year', 'int'],
    ['row', 'text'],
    ['column', 'text'],
    ['value', 'numeric'],
    ['cell', 'text'],
  ],
  [
    [2020, 'Café Ünïon', 'Jumlah', 12.5, '12,5'],
    [2020, 'Andir', 'Jumlah Penduduk', 51505, '51.505'],
    [2021, 'andir', 'Kafe', null, '-'],
  ],
);

export interface SearchCase {
  name: string;
  table: DatastoreTable;
  /** resource_id is the table's unless given (even as undefined). */
  params: Record<string, unknown>;
  records?: unknown;
  total?: number;
  fields?: unknown;
  /** Other keys of the result that must be as given (absent: undefined). */
  more?: Record<string, unknown>;
  error?: Pick<DatastoreError, 'kind' | 'fields'> & { message?: string };
}

const invalid = (key: string, value: string): SearchCase['error'] => ({
  kind: 'validation',
  fields: { [key]: [`invalid value "${value}"`] },
});
const validation = (fields: Record<string, string[]>): SearchCase['error'] => ({
  kind: 'validation',
  fields,
});
const INVALID_QUERY = validation({ query: ['Invalid query'] });

export const SEARCH_CASES: SearchCase[] = [
  // test_search_basic
  { name: 'basic', table: BOOKS, params: {}, records: [ANNA, WAR], total: 2 },
  {
    name: 'basic: id for resource_id',
    table: BOOKS,
    params: { resource_id: undefined, id: 'books' },
    records: [ANNA, WAR],
  },
  {
    name: 'basic: fields of every column, _id first, types as held',
    table: BOOKS,
    params: {},
    fields: BOOKS.fields,
  },
  // test_search_fields
  {
    name: 'fields as a list',
    table: BOOKS,
    params: { fields: ['bük'] },
    records: [{ bük: 'annakarenina' }, { bük: 'warandpeace' }],
    fields: [{ id: 'bük', type: 'text' }],
    total: 2,
  },
  {
    name: 'fields comma-separated',
    table: BOOKS,
    params: { fields: 'bük, author' },
    records: [
      { bük: 'annakarenina', author: 'tolstoy' },
      { bük: 'warandpeace', author: 'tolstoy' },
    ],
  },
  {
    name: 'fields empty: every column, no field listed (as CKAN)',
    table: YEARS,
    params: { fields: '' },
    records: [
      { _id: 1, 'the year': 2014 },
      { _id: 2, 'the year': 2013 },
    ],
    fields: [],
  },
  // test_search_distinct
  {
    name: 'distinct',
    table: BOOKS,
    params: { fields: ['author'], distinct: true },
    records: [{ author: 'tolstoy' }],
    total: 1,
  },
  {
    name: 'distinct applies to the page CKAN limited, the total to every match',
    table: FORMATS,
    params: { fields: 'txt', distinct: 'true', limit: 2 },
    records: [{ txt: 'aaab' }],
    total: 2,
  },
  // test_search_filters, test_search_multiple_filters_on_same_field, test_search_filters_get
  { name: 'filters', table: BOOKS, params: { filters: { bük: 'annakarenina' } }, records: [ANNA] },
  {
    name: 'filters with a list of values',
    table: BOOKS,
    params: { filters: { bük: ['annakarenina', 'warandpeace'] } },
    records: [ANNA, WAR],
    total: 2,
  },
  {
    name: 'filters as a JSON string (GET)',
    table: BOOKS,
    params: { filters: '{"bük": "annakarenina"}' },
    records: [ANNA],
    total: 1,
    more: { filters: { bük: 'annakarenina' } },
  },
  {
    name: 'filters on a number column compare numbers',
    table: FORMATS,
    params: { filters: { num: ['9.0', 42] }, fields: '_id' },
    records: [{ _id: 2 }, { _id: 3 }],
  },
  // test_search_records_text_int_filter
  {
    name: 'filters: a number on a text column',
    table: TEXT_INT,
    params: { filters: { text_field: 25 } },
    records: [{ _id: 1, text_field: '25' }],
  },
  {
    name: 'filters: text on a text column',
    table: TEXT_INT,
    params: { filters: { text_field: '37' } },
    records: [{ _id: 2, text_field: '37' }],
  },
  // test_search_filter_with_percent_in_column_name
  {
    name: 'filters on a column with % in its name',
    table: BOOKS,
    params: { filters: { 'rating with %': '99%' } },
    total: 1,
  },
  // test_search_sort
  {
    name: 'sort asc, then desc',
    table: BOOKS,
    params: { sort: 'bük asc, author desc' },
    records: [ANNA, WAR],
  },
  {
    name: 'sort as a list, a field in double quotes',
    table: BOOKS,
    params: { sort: ['bük desc', '"author" asc'] },
    records: [WAR, ANNA],
  },
  // test_search_invalid
  {
    name: 'sort by an unknown field',
    table: BOOKS,
    params: { sort: 'füü asc' },
    error: invalid('sort', 'füü asc'),
  },
  // test_sort_results_objects / _lists / _csv
  {
    name: 'sort by two fields',
    table: FORMATS,
    params: { sort: 'num, dt' },
    records: [
      { _id: 3, num: 9, dt: '2020-01-01T00:00:00', txt: 'aaac' },
      { _id: 2, num: 9, dt: '2020-01-02T00:00:00', txt: 'aaab' },
      { _id: 1, num: 10, dt: '2020-01-01T00:00:00', txt: 'aaab' },
    ],
  },
  {
    name: 'sort, records as lists',
    table: FORMATS,
    params: { sort: 'dt, txt', records_format: 'lists' },
    records: [
      [1, 10, '2020-01-01T00:00:00', 'aaab'],
      [3, 9, '2020-01-01T00:00:00', 'aaac'],
      [2, 9, '2020-01-02T00:00:00', 'aaab'],
    ],
  },
  {
    name: 'sort, records as csv',
    table: FORMATS,
    params: { sort: 'txt, num', records_format: 'csv' },
    records:
      '2,9,2020-01-02T00:00:00,aaab\n1,10,2020-01-01T00:00:00,aaab\n3,9,2020-01-01T00:00:00,aaac\n',
  },
  {
    name: 'sort desc, case ignored, by a number column',
    table: FORMATS,
    params: { sort: 'num DESC', fields: '_id' },
    records: [{ _id: 1 }, { _id: 2 }, { _id: 3 }],
  },
  // test_fields_results_csv, test_filter_results_csv
  {
    name: 'fields in their order, records as csv',
    table: FORMATS,
    params: { records_format: 'csv', fields: 'dt, num, txt' },
    fields: [
      { id: 'dt', type: 'text' },
      { id: 'num', type: 'numeric' },
      { id: 'txt', type: 'text' },
    ],
    records:
      '2020-01-01T00:00:00,10,aaab\n2020-01-02T00:00:00,9,aaab\n2020-01-01T00:00:00,9,aaac\n',
  },
  {
    name: 'one field, q, records as csv',
    table: FORMATS,
    params: { records_format: 'csv', fields: 'dt', q: 'aaac' },
    fields: [{ id: 'dt', type: 'text' }],
    records: '2020-01-01T00:00:00\n',
  },
  {
    name: 'filters, records as csv',
    table: FORMATS,
    params: { records_format: 'csv', fields: 'dt, num, txt', filters: { txt: 'aaab' } },
    records: '2020-01-01T00:00:00,10,aaab\n2020-01-02T00:00:00,9,aaab\n',
  },
  {
    name: 'records as tsv',
    table: FORMATS,
    params: { records_format: 'tsv', limit: 1 },
    records: '1\t10\t2020-01-01T00:00:00\taaab\n',
  },
  {
    name: 'csv quoted as COPY quotes: delimiter, quote, line break, empty text; null as nothing',
    table: QUOTING,
    params: { records_format: 'csv', fields: 't, n' },
    records:
      '"a,b",1.5\n"say ""hi""",\n"",-2\n,1000000000000000000000\n"line\nbreak",0.0000001\ntab\there,3\n',
  },
  {
    name: 'tsv quotes tabs, not commas',
    table: QUOTING,
    params: { records_format: 'tsv', fields: 't' },
    records: 'a,b\n"say ""hi"""\n""\n\n"line\nbreak"\n"tab\there"\n',
  },
  {
    name: 'no records as csv: an empty string',
    table: FORMATS,
    params: { records_format: 'csv', filters: { txt: 'none' } },
    records: '',
    total: 0,
  },
  // test_results_with_nulls, test_search_sort_nulls_first_last
  {
    name: 'sort nulls last',
    table: WITH_NULLS,
    params: { records_format: 'lists', sort: 'num nulls last, dt nulls last' },
    records: [
      [2, 9, '2020-01-02T00:00:00', 'aaab'],
      [3, 9, null, 'aaac'],
      [1, 10, '2020-01-01T00:00:00', 'aaab'],
      [4, null, null, null],
    ],
  },
  {
    name: 'sort desc nulls last',
    table: NULLS_AB,
    params: { sort: ['a desc nulls last'], fields: 'b' },
    records: [{ b: 'Y' }, { b: 'Z' }],
  },
  {
    name: 'sort desc nulls first',
    table: NULLS_AB,
    params: { sort: ['a desc nulls first'], fields: 'b' },
    records: [{ b: 'Z' }, { b: 'Y' }],
  },
  {
    name: 'sort desc puts nulls first by default, asc last',
    table: NULLS_AB,
    params: { sort: 'a desc', fields: 'b' },
    records: [{ b: 'Z' }, { b: 'Y' }],
  },
  // test_all_params_work_with_fields_with_whitespaces
  {
    name: 'every parameter with a field named with a space',
    table: YEARS,
    params: {
      fields: 'the year',
      sort: 'the year',
      filters: { 'the year': 2013 },
      q: { 'the year': '2013' },
    },
    records: [{ 'the year': 2013 }],
  },
  // test_search_limit, _invalid, _invalid_negative, the configured maximum
  {
    name: 'limit',
    table: YEARS,
    params: { limit: 1 },
    records: [{ 'the year': 2014, _id: 1 }],
    total: 2,
    more: { limit: 1 },
  },
  {
    name: 'limit not an integer',
    table: YEARS,
    params: { limit: 'bad' },
    error: validation({ limit: ['Invalid integer'] }),
  },
  {
    name: 'limit negative',
    table: YEARS,
    params: { limit: -1 },
    error: validation({ limit: ['Must be a natural number'] }),
  },
  {
    name: 'limit above rows_max is rows_max',
    table: YEARS,
    params: { limit: '50000' },
    more: { limit: 32000 },
  },
  {
    name: 'limit 0: no records, the total',
    table: YEARS,
    params: { limit: 0 },
    records: [],
    total: 2,
  },
  { name: 'limit empty: the default', table: YEARS, params: { limit: '' }, more: { limit: 100 } },
  // test_search_offset, test_search_invalid_offset
  {
    name: 'offset',
    table: BOOKS,
    params: { limit: 1, offset: 1 },
    records: [WAR],
    total: 2,
    more: { offset: 1 },
  },
  {
    name: 'offset not an integer',
    table: BOOKS,
    params: { offset: 'bad' },
    error: validation({ offset: ['Invalid integer'] }),
  },
  { name: 'offset negative', table: BOOKS, params: { offset: -1 }, error: invalid('offset', '-1') },
  {
    name: 'offset empty: Postgres refuses `OFFSET None`',
    table: BOOKS,
    params: { offset: '' },
    error: INVALID_QUERY,
  },
  { name: 'offset past the end', table: BOOKS, params: { offset: 5 }, records: [], total: 2 },
  // test_search_without_total, test_search_total
  {
    name: 'include_total false',
    table: YEARS,
    params: { include_total: 'false' },
    more: { total: undefined, total_was_estimated: undefined, include_total: false },
  },
  {
    name: 'include_total true',
    table: YEARS,
    params: { include_total: true },
    total: 2,
    more: { total_was_estimated: false },
  },
  // test_estimate_total*
  {
    name: 'estimated total above the threshold',
    table: CENTURY,
    params: { total_estimation_threshold: 50 },
    total: 100,
    more: { total_was_estimated: true, total_estimation_threshold: 50 },
  },
  {
    name: 'estimated total: threshold 0 always estimates',
    table: CENTURY,
    params: { total_estimation_threshold: 0 },
    more: { total_was_estimated: true },
  },
  {
    name: 'estimated total: never with filters',
    table: CENTURY,
    params: { total_estimation_threshold: 5, filters: { 'the year': [1900, 1901] } },
    total: 2,
    more: { total_was_estimated: false },
  },
  {
    name: 'estimated total: never with distinct',
    table: CENTURY,
    params: { total_estimation_threshold: 1, distinct: true, fields: 'the year' },
    total: 100,
    more: { total_was_estimated: false },
  },
  {
    name: 'estimated total: not by default',
    table: CENTURY,
    params: {},
    more: { total_was_estimated: false, total_estimation_threshold: null },
  },
  // test_search_full_text
  { name: 'q', table: BOOKS, params: { q: 'annakarenina' }, records: [ANNA], total: 1 },
  { name: 'q in two records', table: BOOKS, params: { q: 'tolstoy' }, total: 2 },
  {
    name: 'q of two words: both',
    table: BOOKS,
    params: { plain: true, q: 'tolstoy annakarenina' },
    total: 1,
  },
  {
    name: 'q: case and accents ignored',
    table: WORDS,
    params: { q: 'CAFE union', fields: '_id' },
    records: [{ _id: 1 }],
  },
  {
    name: 'q: case ignored in plain ASCII too',
    table: WORDS,
    params: { q: 'PENDUDUK andir', fields: '_id' },
    records: [{ _id: 2 }],
  },
  { name: 'q: whole words only', table: WORDS, params: { q: 'and', fields: '_id' }, records: [] },
  {
    name: 'q: words of numbers as Postgres writes them',
    table: WORDS,
    params: { q: '12 5', fields: '_id' },
    records: [{ _id: 1 }],
  },
  { name: 'q: not the _id', table: WORDS, params: { q: '3', fields: '_id' }, records: [] },
  {
    name: 'q with no word matches nothing (an empty tsquery)',
    table: WORDS,
    params: { q: '!!' },
    records: [],
    total: 0,
  },
  { name: 'q empty: no search', table: WORDS, params: { q: '' }, total: 3, more: { q: '' } },
  {
    name: 'language and plain accepted',
    table: WORDS,
    params: { q: 'andir', language: 'simple', plain: 'false' },
    total: 2,
  },
  // test_search_full_text_on_specific_column, _even_if_q_is_a_json_string
  { name: 'q an object', table: BOOKS, params: { q: { bük: 'annakarenina' } }, records: [ANNA] },
  {
    name: 'q a JSON string of an object',
    table: BOOKS,
    params: { q: '{"bük": "annakarenina"}' },
    records: [ANNA],
    more: { q: { bük: 'annakarenina' } },
  },
  {
    name: 'q an object: the words in that field',
    table: WORDS,
    params: { q: { column: 'kafe' }, fields: '_id' },
    records: [{ _id: 3 }],
  },
  {
    name: 'q an object: not in another field',
    table: WORDS,
    params: { q: { row: 'jumlah' } },
    records: [],
  },
  {
    name: 'q an object on a number column, narrowed by the full text (_id is not in it)',
    table: FORMATS,
    params: { q: { _id: '3' } },
    records: [],
  },
  {
    name: 'q an object on a number column',
    table: FORMATS,
    params: { q: { num: '9' }, fields: '_id' },
    records: [{ _id: 2 }, { _id: 3 }],
  },
  // test_search_full_text_invalid_field_name, _invalid_field_value
  {
    name: 'q an object naming an unknown field',
    table: BOOKS,
    params: { q: { invalid_field_name: 'value' } },
    error: invalid('q', 'invalid_field_name'),
  },
  {
    name: 'q an object with a list of words',
    table: BOOKS,
    params: { q: { author: ['invalid', 'value'] } },
    error: invalid('q', 'author'),
  },
  // test_fts_on_field_calculates_ranks_when_q_string_and_fulltext_is_given (ranks left out)
  { name: 'full_text', table: FORMATS, params: { full_text: 'aaac', fields: '_id' }, total: 1 },
  {
    name: 'full_text replaces a string q',
    table: FORMATS,
    params: { full_text: 'aaac', q: 'aaab' },
    total: 1,
  },
  {
    name: 'full_text and q an object: both',
    table: FORMATS,
    params: { full_text: 'aaab', q: { num: '10' } },
    total: 1,
  },
  {
    name: 'full_text selects every column whatever fields lists (as CKAN)',
    table: YEARS,
    params: { full_text: '2013', fields: 'the year' },
    records: [{ _id: 2, 'the year': 2013 }],
    fields: [{ id: 'the year', type: 'numeric' }],
  },
  // test_search_is_unsuccessful_when_called_with_filters_not_as_dict, _invalid_filters, _invalid_fields
  {
    name: 'filters not JSON',
    table: BOOKS,
    params: { filters: 'the-filter' },
    error: validation({ filters: ['Cannot parse JSON'] }),
  },
  {
    name: 'filters JSON not an object',
    table: BOOKS,
    params: { filters: '[1]' },
    error: validation({ filters: ['Must be a dict'] }),
  },
  {
    name: 'filters naming an unknown field',
    table: BOOKS,
    params: { filters: { 'invalid-column-name': 'value' } },
    error: invalid('filters', 'invalid-column-name'),
  },
  {
    name: 'fields naming an unknown field',
    table: BOOKS,
    params: { fields: ['invalid-column-name'] },
    error: invalid('fields', 'invalid-column-name'),
  },
  {
    name: 'fields not a list',
    table: BOOKS,
    params: { fields: 5 },
    error: validation({ fields: ['Not a list'] }),
  },
  {
    name: 'fields with an item neither a string nor a list',
    table: BOOKS,
    params: { fields: ['author', 5] },
    error: validation({ fields: ['Neither a string nor a list: 5'] }),
  },
  // test_search_invalid_field
  {
    name: 'fields as a list of objects: unexpected input',
    table: BOOKS,
    params: { fields: [{ id: 'bad' }] },
    error: validation({ __junk: ["The input field [('fields', 0, 'id')] was not expected."] }),
  },
  {
    name: 'an empty list of filter values: `IN ()`',
    table: BOOKS,
    params: { filters: { author: [] } },
    error: INVALID_QUERY,
  },
  {
    name: 'text filtering a number column',
    table: FORMATS,
    params: { filters: { num: 'nine' } },
    error: INVALID_QUERY,
  },
  {
    name: 'a decimal filtering an int column',
    table: FORMATS,
    params: { filters: { _id: '1.5' } },
    error: INVALID_QUERY,
  },
  {
    name: 'a boolean filtering a number column',
    table: FORMATS,
    params: { filters: { num: true } },
    error: INVALID_QUERY,
  },
  {
    name: 'the first of the table refusals: fields before filters before sort',
    table: BOOKS,
    params: { sort: 'nope', filters: { nope: 1 }, fields: 'nope2, author' },
    error: invalid('fields', 'nope2'),
  },
  // the schema
  {
    name: 'resource_id missing',
    table: BOOKS,
    params: { resource_id: undefined },
    error: validation({ resource_id: ['Missing value'] }),
  },
  {
    name: 'resource_id empty',
    table: BOOKS,
    params: { resource_id: '' },
    error: validation({ resource_id: ['Missing value'] }),
  },
  {
    name: 'resource_id unknown',
    table: BOOKS,
    params: { resource_id: 'nope' },
    error: { kind: 'notFound', fields: {}, message: 'Not found: Resource "nope" was not found.' },
  },
  {
    name: 'a parameter CKAN does not know',
    table: BOOKS,
    params: { foo: 'bar' },
    error: validation({ __junk: ["The input field [('foo',)] was not expected."] }),
  },
  {
    name: 'callback is the view’s, not a parameter',
    table: BOOKS,
    params: { callback: 'f' },
    total: 2,
  },
  {
    name: 'records_format unknown',
    table: BOOKS,
    params: { records_format: 'xml' },
    error: validation({
      records_format: ["Value must be one of ['objects', 'lists', 'csv', 'tsv']"],
    }),
  },
  {
    name: 'every schema error together, names sorted',
    table: BOOKS,
    params: { resource_id: undefined, records_format: 'xml', limit: 'x', x: 1, offset: '1.5' },
    error: validation({
      __junk: ["The input field [('x',)] was not expected."],
      limit: ['Invalid integer'],
      offset: ['Invalid integer'],
      records_format: ["Value must be one of ['objects', 'lists', 'csv', 'tsv']"],
      resource_id: ['Missing value'],
    }),
  },
];
