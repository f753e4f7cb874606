// `datastore_search`'s parameters as CKAN 2.11's schema reads them (ckanext/datastore/logic/
// schema.py, datastore_search_schema; validators in ckan/logic/validators.py and
// ckan/lib/navl/validators.py; ckan/lib/navl/dictization_functions.py): defaults, conversions and
// every message, all errors of a request together, before the table is looked up.
import { validationError, type DatastoreResult } from './errors.ts';
import {
  isObject,
  pythonJsonDumps,
  pythonRepr,
  pythonStr,
  pythonTruthy,
  pythonTupleRepr,
} from './python-text.ts';

/** ckan.datastore.search.rows_default and rows_max, at CKAN's defaults. */
export const ROWS_DEFAULT = 100;
export const ROWS_MAX = 32_000;
export const RECORDS_FORMATS = ['objects', 'lists', 'csv', 'tsv'] as const;
export type RecordsFormat = (typeof RECORDS_FORMATS)[number];

/**
 * The parameters as the schema leaves them, keyed in CKAN's order (names sorted): CKAN answers
 * with this very dictionary, records and totals added.
 */
export interface SearchRequest {
  resource_id: string;
  limit: number;
  include_total: boolean;
  records_format: RecordsFormat;
  total_estimation_threshold: number | null;
  /** A string, or an object of field to words. */
  q?: unknown;
  full_text?: string;
  /** As given (an object, or what a JSON string of one decodes to). */
  filters?: unknown;
  /** A list or a comma-separated string. */
  fields?: string | unknown[];
  sort?: string | unknown[];
  /** null where CKAN's int_validator leaves None (an empty string). */
  offset?: number | null;
  distinct?: boolean;
  plain?: boolean;
  language?: string;
}

type Outcome = { value: unknown } | { drop: true } | { error: string };
type Validator = (value: unknown) => Outcome;

const isMissing = (value: unknown) => value === undefined || value === null;

/** unicode_safe: a str as it is; None ''; anything else as JSON. */
export const unicodeSafe = (value: unknown): string =>
  typeof value === 'string' ? value : isMissing(value) ? '' : pythonJsonDumps(value);

const PYTHON_INT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

/** int_validator: an integer, None for None or a blank string, else 'Invalid integer'. */
function intValue(value: unknown): { value: number | null } | { error: string } {
  if (value === null) return { value: null };
  if (typeof value === 'string') {
    if (value.trim() === '') return { value: null };
    if (PYTHON_INT.test(value)) return { value: Number(value.replace(/_/g, '')) };
  } else if (typeof value === 'number' && Number.isInteger(value)) return { value };
  else if (typeof value === 'boolean') return { value: value ? 1 : 0 };
  return { error: 'Invalid integer' };
}

/** boolean_validator: 'true', 'yes', 't', 'y' and '1' are true, anything else false. */
export function booleanValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' || typeof value === 'number')
    return ['true', 'yes', 't', 'y', '1'].includes(String(value).toLowerCase());
  return false;
}

/** list_of_strings_or_string. */
function listOfStringsOrString(value: unknown): Outcome {
  if (typeof value === 'string') return { value };
  if (!Array.isArray(value)) return { error: 'Not a list' };
  const stranger = value.find((item) => typeof item !== 'string' && !Array.isArray(item));
  if (stranger !== undefined)
    return { error: `Neither a string nor a list: ${pythonStr(stranger)}` };
  return { value };
}

/** json_validator: a dict or list as it is, anything else decoded from JSON. */
function jsonValue(value: unknown): Outcome {
  if (Array.isArray(value) || isObject(value)) return { value };
  if (typeof value === 'string') {
    try {
      return { value: JSON.parse(value) as unknown };
    } catch {
      return { error: 'Cannot parse JSON' };
    }
  }
  return { error: 'Cannot parse JSON' };
}

/** unicode_or_json_validator: a dict, or a JSON string of one, stays a dict; the rest str(). */
function unicodeOrJson(value: unknown): unknown {
  if (isObject(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (isObject(parsed)) return parsed;
    } catch {
      // not JSON: the string itself
    }
    return value;
  }
  return pythonStr(value);
}

const ignoringMissing =
  (validator: Validator): Validator =>
  (value) =>
    isMissing(value) ? { drop: true } : validator(value);

const withDefault =
  (fallback: unknown, validator: Validator): Validator =>
  (value) =>
    validator(isMissing(value) || value === '' ? fallback : value);

const integer: Validator = (value) => intValue(value);
const boolean: Validator = (value) => ({ value: booleanValue(value) });

const SCHEMA: Record<string, Validator> = {
  distinct: ignoringMissing(boolean),
  fields: ignoringMissing(listOfStringsOrString),
  filters: ignoringMissing((value) => {
    const decoded = jsonValue(value);
    // CKAN 2.11 fails with a 500 on JSON that is not an object; its dict_only message instead
    if ('value' in decoded && !isObject(decoded.value)) return { error: 'Must be a dict' };
    return decoded;
  }),
  full_text: ignoringMissing((value) => ({ value: unicodeSafe(value) })),
  include_total: withDefault(true, boolean),
  language: ignoringMissing((value) => ({ value: unicodeSafe(value) })),
  limit: withDefault(ROWS_DEFAULT, (value) => {
    const read = intValue(value);
    if ('error' in read) return read;
    // None (a blank string) fails in CKAN's natural_number_validator with a 500
    if (read.value === null) return { error: 'Invalid integer' };
    if (read.value < 0) return { error: 'Must be a natural number' };
    return { value: Math.min(read.value, ROWS_MAX) };
  }),
  offset: ignoringMissing(integer),
  plain: ignoringMissing(boolean),
  q: ignoringMissing((value) => ({ value: unicodeOrJson(value) })),
  records_format: withDefault('objects', (value) =>
    value !== '' && !(RECORDS_FORMATS as readonly unknown[]).includes(value)
      ? { error: `Value must be one of ${pythonRepr([...RECORDS_FORMATS])}` }
      : { value },
  ),
  resource_id: (value) => {
    if (value === undefined) return { error: 'Missing value' };
    if (value !== false && value !== 0 && !pythonTruthy(value)) return { error: 'Missing value' };
    return { value: unicodeSafe(value) };
  },
  sort: ignoringMissing(listOfStringsOrString),
  total_estimation_threshold: withDefault(null, integer),
};

/** Keys CKAN's action view removes before the action sees them (ckan/views/api.py). */
const VIEW_KEYS = new Set(['callback']);

/** The flattened keys (dictization_functions.flatten_dict) of a list of objects. */
function flattenedKeys(
  list: readonly unknown[],
  prefix: (string | number)[],
): (string | number)[][] {
  return list.flatMap((item, index) => {
    if (!isObject(item)) return [[...prefix, index]];
    return Object.entries(item).flatMap(([key, value]) =>
      Array.isArray(value) && isObject(value[0])
        ? flattenedKeys(value, [...prefix, index, key])
        : [[...prefix, index, key]],
    );
  });
}

/** Reads `datastore_search`'s parameters; every refusal of CKAN's schema together, as CKAN. */
export function readSearchParameters(
  params: Readonly<Record<string, unknown>>,
): DatastoreResult<SearchRequest> {
  const given: Record<string, unknown> = {};
  const junk: (string | number)[][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (VIEW_KEYS.has(key) || value === undefined) continue;
    if (Array.isArray(value) && isObject(value[0])) junk.push(...flattenedKeys(value, [key]));
    else if (key in SCHEMA || key === 'id') given[key] = value;
    else junk.push([key]);
  }
  // __before: rename('id', 'resource_id')
  if (pythonTruthy(given.id)) given.resource_id = given.id;
  const data: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  if (junk.length > 0)
    errors.__junk = [`The input field [${junk.map(pythonTupleRepr).join(', ')}] was not expected.`];
  for (const key of Object.keys(SCHEMA).sort()) {
    const outcome = SCHEMA[key]!(given[key]);
    if ('error' in outcome) errors[key] = [outcome.error];
    else if ('value' in outcome) data[key] = outcome.value;
  }
  if (Object.keys(errors).length > 0) return validationError(errors);
  return { ok: true, result: data as unknown as SearchRequest };
}
