// `datastore_info` over one table, as CKAN 2.11 answers it (ckanext/datastore/logic/action.py,
// datastore_info; ckanext/datastore/backend/postgres.py, resource_fields): `meta` and the fields
// other than `_id`, each with its `schema`. What only a Postgres server knows is left out: the
// sizes (`size`, `db_size`, `idx_size`) and indexes (none are claimed).
import { notFoundError, validationError, type DatastoreResult } from './errors.ts';
import { pythonTruthy } from './python-text.ts';
import { unicodeSafe } from './search-parameters.ts';
import type { DatastoreFieldType, DatastoreTable } from './table.ts';

/** pg_catalog.format_type of each type's column. */
const NATIVE_TYPES: Record<DatastoreFieldType, string> = {
  int: 'integer',
  numeric: 'numeric',
  text: 'text',
};

export interface DatastoreInfoResult {
  meta: { id: string; count: number; table_type: 'BASE TABLE'; aliases: string[] };
  fields: {
    id: string;
    type: DatastoreFieldType;
    schema: {
      native_type: string;
      notnull: boolean;
      index_name: string | null;
      is_index: boolean;
      uniquekey: boolean;
    };
  }[];
}

/** The resource id: `resource_id`, else `id`; missing or empty is CKAN's Validation Error. */
export function readInfoParameters(
  params: Readonly<Record<string, unknown>>,
): DatastoreResult<{ resource_id: string }> {
  const id = 'resource_id' in params ? params.resource_id : params.id;
  if (!pythonTruthy(id)) return validationError({ resource_id: ['Missing value'] });
  return { ok: true, result: { resource_id: unicodeSafe(id) } };
}

export function tableInfo(table: DatastoreTable): DatastoreInfoResult {
  return {
    meta: {
      id: table.resourceId,
      count: table.records.length,
      table_type: 'BASE TABLE',
      aliases: [],
    },
    fields: table.fields
      .filter((field) => !field.id.startsWith('_'))
      .map((field) => ({
        id: field.id,
        type: field.type,
        schema: {
          native_type: NATIVE_TYPES[field.type],
          notnull: false,
          index_name: null,
          is_index: false,
          uniquekey: false,
        },
      })),
  };
}

/** The whole action: the id, then the table (undefined when none has it: Not Found), then its info. */
export function datastoreInfo(
  table: DatastoreTable | undefined,
  params: Readonly<Record<string, unknown>>,
): DatastoreResult<DatastoreInfoResult> {
  const read = readInfoParameters(params);
  if (!read.ok) return read;
  const id = read.result.resource_id;
  if (!table || table.resourceId !== id)
    return notFoundError(`Resource/Alias "${id}" was not found.`);
  return { ok: true, result: tableInfo(table) };
}
