// `datastore_search` over one table, as CKAN 2.11 answers it (ckanext/datastore/logic/action.py,
// datastore_search; ckanext/datastore/plugin.py, datastore_validate; ckanext/datastore/backend/
// postgres.py, search_data, _where_clauses, _sort, _insert_links). Postgres's full-text search is
// replaced by the project's whole words (docs/harvest.md §16): `q` a string, every word of it a word
// of some field of the record (`_id` aside); `q` an object, each field's words words of that field.
// Linear in the table's cells, plus one sort of the matching records.
import { wordsOf } from '../word-index.ts';
import { invalidQuery, notFoundError, validationError, type DatastoreResult } from './errors.ts';
import { searchLinks, type SearchLinks, type SearchRequestUrl } from './links.ts';
import { isObject, pythonStr, pythonTruthy } from './python-text.ts';
import { formatRecords, numberText, type DatastoreRecords } from './records-format.ts';
import { readSearchParameters, type SearchRequest } from './search-parameters.ts';
import { parseSortClause, type SortClause } from './sort-clause.ts';
import type { DatastoreField, DatastoreTable, DatastoreValue } from './table.ts';

/**
 * CKAN's answer: the request's parameters as its schema left them (names sorted), `fields`
 * replaced by the fields answered, then `records`, `fields` (when not asked for), `_links`, and
 * `total` and `total_was_estimated` unless `include_total` is false.
 */
export type DatastoreSearchResult = Omit<SearchRequest, 'fields'> & {
  fields: DatastoreField[];
  records: DatastoreRecords;
  _links: SearchLinks;
  total?: number;
  total_was_estimated?: boolean;
};

/** CKAN's helpers.get_list: a comma-separated string or a list, items stripped of quotes. */
function getList(input: unknown, stripValues: boolean): unknown[] {
  if (input === '') return [];
  const list =
    typeof input === 'string'
      ? input.split(',').map((item) => item.trim())
      : Array.isArray(input)
        ? input
        : [input];
  if (!stripValues) return list;
  return list.map((item) =>
    typeof item === 'string' && item.length > 0 && item[0] === item[item.length - 1]
      ? item.trim().replace(/^"+|"+$/g, '')
      : item,
  );
}

const invalidValue = (key: string, value: unknown) =>
  validationError({ [key]: [`invalid value "${pythonStr(value)}"`] });

/**
 * What CKAN's datastore_validate refuses once the table is known: the first of `fields`,
 * `filters`, `offset`, `q` and `sort` (in that order) naming what the table lacks.
 */
function tableRefusal(request: SearchRequest, names: ReadonlySet<string>) {
  if (pythonTruthy(request.fields)) {
    const unknown = getList(request.fields, true).find(
      (id) => typeof id !== 'string' || !names.has(id),
    );
    if (unknown !== undefined) return invalidValue('fields', unknown);
  }
  if (isObject(request.filters)) {
    const unknown = Object.keys(request.filters).find((key) => !names.has(key));
    if (unknown !== undefined) return invalidValue('filters', unknown);
  }
  if (typeof request.offset === 'number' && request.offset < 0)
    return invalidValue('offset', request.offset);
  if (isObject(request.q)) {
    const q = request.q;
    const unknown = Object.keys(q).find((key) => !names.has(key) || typeof q[key] !== 'string');
    if (unknown !== undefined) return invalidValue('q', unknown);
  }
  if (pythonTruthy(request.sort)) {
    const invalid = getList(request.sort, false).find(
      (clause) => parseSortClause(clause, names) === undefined,
    );
    if (invalid !== undefined) return invalidValue('sort', invalid);
  }
  return undefined;
}

type RecordTest = (row: readonly DatastoreValue[], index: number) => boolean;

const INT_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NUMERIC_SPECIAL = /^\s*[+-]?(?:nan|inf|infinity)\s*$/i;

/** A filter value as Postgres compares it with a number column; undefined where it errs. */
function numberFilterValue(value: unknown, type: 'int' | 'numeric'): number | null | undefined {
  if (value === null) return null; // `= NULL`: never true
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  if (type === 'int') return INT_TEXT.test(value) ? Number(value) : undefined;
  if (NUMERIC_TEXT.test(value)) return Number(value);
  return NUMERIC_SPECIAL.test(value) ? NaN : undefined;
}

/** `field = value` or `field IN (values)` (_where_clauses); undefined where Postgres would err. */
function filterTest(field: DatastoreField, column: number, raw: unknown): RecordTest | undefined {
  const values = Array.isArray(raw) ? raw : [raw];
  if (values.length === 0) return undefined; // `IN ()`
  if (field.type === 'text') {
    // text is compared with str() of the value, as CKAN does
    const accepted = new Set(values.map(pythonStr));
    return (row) => typeof row[column] === 'string' && accepted.has(row[column]);
  }
  const accepted = new Set<number>();
  for (const value of values) {
    const number = numberFilterValue(value, field.type);
    if (number === undefined) return undefined;
    if (number !== null && !Number.isNaN(number)) accepted.add(number);
  }
  return (row) => typeof row[column] === 'number' && accepted.has(row[column]);
}

const valueText = (value: DatastoreValue) =>
  value === null ? undefined : typeof value === 'number' ? numberText(value) : value;

const ASCII = /^[ -~\t\n\r]*$/;
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/;

/** wordsOf, without its Unicode normalization where the text is ASCII (most cells): the same words. */
const textWords = (text: string) =>
  ASCII.test(text)
    ? text
        .toLowerCase()
        .split(NOT_ASCII_LETTER_OR_DIGIT)
        .filter((word) => word !== '')
    : wordsOf(text);

/** Every word of the query is a word of the text; a query of no word matches nothing, as in Postgres. */
function hasEveryWord(queryWords: readonly string[], text: () => string) {
  if (queryWords.length === 0) return false;
  const words = textWords(text());
  return queryWords.every((word) => words.includes(word));
}

/** The record tests of `filters`, `q` and `full_text`; undefined where Postgres would err. */
function recordTests(
  request: SearchRequest,
  table: DatastoreTable,
  columns: ReadonlyMap<string, number>,
): RecordTest[] | undefined {
  const tests: RecordTest[] = [];
  for (const [name, raw] of Object.entries(isObject(request.filters) ? request.filters : {})) {
    const column = columns.get(name)!;
    const test = filterTest(table.fields[column]!, column, raw);
    if (!test) return undefined;
    tests.push(test);
  }
  // the words of a record's fields, `_`-prefixed ones aside (CKAN's _full_text column)
  const textColumns = table.fields.flatMap((field, column) =>
    field.id.startsWith('_') ? [] : [column],
  );
  const fullText = (row: readonly DatastoreValue[]) => () =>
    textColumns.map((column) => valueText(row[column]!) ?? '').join(' ');
  const fullTextQuery = (query: string): RecordTest => {
    const words = wordsOf(query);
    return (row) => hasEveryWord(words, fullText(row));
  };
  const { q } = request;
  const fullTextGiven = pythonTruthy(request.full_text);
  // with full_text, a string q searches for full_text's words alone (_textsearch_query)
  if (typeof q === 'string' && q !== '' && !fullTextGiven) tests.push(fullTextQuery(q));
  if (isObject(q))
    for (const [name, value] of Object.entries(q)) {
      const column = columns.get(name)!;
      const words = wordsOf(value as string);
      tests.push((row) => hasEveryWord(words, () => valueText(row[column]!) ?? ''));
      // a column of another type than text is narrowed by the full text too
      if (table.fields[column]!.type !== 'text')
        tests.push((row) => hasEveryWord(words, fullText(row)));
    }
  if (fullTextGiven) tests.push(fullTextQuery(request.full_text!));
  return tests;
}

function compareValues(a: DatastoreValue, b: DatastoreValue, clause: SortClause): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    return (a === null) === clause.nullsFirst ? -1 : 1;
  }
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0;
  return clause.descending ? -order : order;
}

/** Key of a projected record for `distinct`. */
const distinctKey = (row: readonly DatastoreValue[]) => JSON.stringify(row);

/** The order of the fields of records written as objects, for searchResultJson. */
const objectFieldOrder = new WeakMap<object, readonly string[]>();

/** Searches a table whose parameters readSearchParameters accepted. */
export function searchTable(
  table: DatastoreTable,
  request: SearchRequest,
  url: SearchRequestUrl,
): DatastoreResult<DatastoreSearchResult> {
  const columns = new Map(table.fields.map((field, column) => [field.id, column]));
  const names = new Set(columns.keys());
  const refusal = tableRefusal(request, names);
  if (refusal) return refusal;
  // an empty offset is None to CKAN's schema and `OFFSET None` to Postgres
  if (request.offset === null) return invalidQuery();
  const tests = recordTests(request, table, columns);
  if (!tests) return invalidQuery();

  const matches: number[] = [];
  table.records.forEach((row, index) => {
    if (tests.every((test) => test(row, index))) matches.push(index);
  });
  const clauses = pythonTruthy(request.sort)
    ? getList(request.sort, false).map((clause) => parseSortClause(clause, names)!)
    : [];
  if (clauses.length > 0) {
    const sortColumns = clauses.map((clause) => columns.get(clause.field)!);
    // stable: ties keep the table's order (`_id`)
    matches.sort((a, b) => {
      for (let i = 0; i < clauses.length; i++) {
        const column = sortColumns[i]!;
        const order = compareValues(
          table.records[a]![column]!,
          table.records[b]![column]!,
          clauses[i]!,
        );
        if (order !== 0) return order;
      }
      return 0;
    });
  }

  const fieldsGiven = pythonTruthy(request.fields);
  const allIds = table.fields.map((field) => field.id);
  // with full_text, CKAN selects every column whatever `fields` asks (PostgresqlBackend.datastore_search)
  const selected =
    fieldsGiven && !pythonTruthy(request.full_text)
      ? (getList(request.fields, true) as string[])
      : allIds;
  const selectedColumns = selected.map((id) => columns.get(id)!);
  const project = (index: number) =>
    selectedColumns.map((column) => table.records[index]![column]!);

  const offset = request.offset ?? 0;
  let rows = matches.slice(offset, offset + request.limit).map(project);
  // DISTINCT over the page: CKAN applies it outside the query that limits
  if (request.distinct) {
    const seen = new Set<string>();
    rows = rows.filter((row) => {
      const key = distinctKey(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const records = formatRecords(rows, selected, request.records_format);
  if (request.records_format === 'objects') objectFieldOrder.set(records as object, selected);

  const answered =
    request.fields === undefined ? allIds : (getList(request.fields, true) as string[]);
  const fields = answered.map((id) => ({ id, type: table.fields[columns.get(id)!]!.type }));

  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request))
    result[key] = key === 'fields' ? fields : value;
  result.records = records;
  result.fields = fields;
  result._links = searchLinks(url, request.limit, offset);
  if (request.include_total) {
    const filtered =
      (isObject(request.filters) && Object.keys(request.filters).length > 0) ||
      pythonTruthy(request.q) ||
      pythonTruthy(request.full_text);
    const threshold = request.total_estimation_threshold;
    // the estimate is Postgres's row count of the table, exact for a table never written since
    if (threshold !== null && !filtered && !request.distinct && table.records.length >= threshold) {
      result.total = table.records.length;
      result.total_was_estimated = true;
    } else {
      result.total = request.distinct
        ? new Set(matches.map((index) => distinctKey(project(index)))).size
        : matches.length;
      result.total_was_estimated = false;
    }
  }
  return { ok: true, result: result as DatastoreSearchResult };
}

/**
 * The whole action: the parameters read as CKAN's schema reads them, then the table (undefined
 * when no table has the resource's id: CKAN's Not Found Error), then the search.
 */
export function datastoreSearch(
  table: DatastoreTable | undefined,
  params: Readonly<Record<string, unknown>>,
  url: SearchRequestUrl,
): DatastoreResult<DatastoreSearchResult> {
  const read = readSearchParameters(params);
  if (!read.ok) return read;
  const id = read.result.resource_id;
  if (!table || table.resourceId !== id) return notFoundError(`Resource "${id}" was not found.`);
  return searchTable(table, read.result, url);
}

/**
 * The result as JSON, records written as objects keeping their fields' order (JavaScript objects
 * put names such as `2020` first).
 */
export function searchResultJson(result: DatastoreSearchResult): string {
  const entries = Object.entries(result).map(([key, value]) => {
    const order = key === 'records' ? objectFieldOrder.get(value as object) : undefined;
    const json = order
      ? `[${(value as Record<string, DatastoreValue>[])
          .map(
            (record) =>
              `{${order.map((id) => `${JSON.stringify(id)}:${JSON.stringify(record[id])}`).join(',')}}`,
          )
          .join(',')}]`
      : JSON.stringify(value);
    return `${JSON.stringify(key)}:${json}`;
  });
  return `{${entries.join(',')}}`;
}
