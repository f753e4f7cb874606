// One DataStore table (docs/harvest.md §16): what `datastore_search` and `datastore_info` read,
// built from a year's table or from an element's observations. Runtime-neutral.
import { csvColumnNames, type CsvTable } from '../tables/csv.ts';
import { parseCell } from '../tables/numbers.ts';
import { tableColumns, type Observation } from '../tables/observations.ts';

/** CKAN's names of the column types used here (`_id` is always `int`). */
export type DatastoreFieldType = 'int' | 'numeric' | 'text';

export interface DatastoreField {
  id: string;
  type: DatastoreFieldType;
}

export type DatastoreValue = string | number | null;

export interface DatastoreTable {
  resourceId: string;
  /** `_id` first, then the table's columns. */
  fields: DatastoreField[];
  /** Row-major, one value per field; `_id` is the record's 1-based position. */
  records: DatastoreValue[][];
}

/**
 * Column names CKAN's `datastore_create` would accept (ckanext/datastore/helpers.py,
 * is_valid_field_name: no surrounding spaces, no leading `_`, no `"`, not empty; and no two alike),
 * changed as little as possible and the same way every time: spaces around are trimmed, leading
 * underscores dropped, `"` becomes `'`, an empty name becomes `Kolom <n>` (its 1-based position),
 * and a name taken by an earlier column gets ` (2)`, ` (3)`, … (the first not taken by any column).
 */
export function datastoreFieldNames(names: readonly string[]): string[] {
  const cleaned = names.map((name, column) => {
    const valid = name.trim().replace(/^_+/, '').replace(/"/g, "'").trim();
    return valid === '' ? `Kolom ${column + 1}` : valid;
  });
  const taken = new Set(cleaned);
  const seen = new Set<string>();
  return cleaned.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name} (${n})`)) n++;
    const unique = `${name} (${n})`;
    taken.add(unique);
    seen.add(unique);
    return unique;
  });
}

/**
 * A year's table: `_id`, then its columns as its CSV names them, value columns `numeric` (their
 * numbers as numbers, missing cells null), every other column `text` (cells as the catalogue holds
 * them; a cell a short row lacks is null).
 */
export function yearTableDatastore(resourceId: string, table: CsvTable): DatastoreTable {
  const columns = tableColumns(table);
  const names = datastoreFieldNames(csvColumnNames(table));
  const numeric = names.map((_, column) => columns.roles[column] === 'value');
  const fields: DatastoreField[] = [
    { id: '_id', type: 'int' },
    ...names.map((id, column) => ({ id, type: numeric[column] ? 'numeric' : 'text' }) as const),
  ];
  const records = table.rows.map((row, position) => [
    position + 1,
    ...names.map((_, column) => {
      const cell = row[column];
      if (cell === undefined) return null;
      if (!numeric[column]) return cell;
      const parsed = parseCell(cell);
      return parsed.kind === 'number' ? parsed.value : null;
    }),
  ]);
  return { resourceId, fields, records };
}

export const OBSERVATION_FIELDS: readonly DatastoreField[] = [
  { id: '_id', type: 'int' },
  { id: 'year', type: 'int' },
  { id: 'row', type: 'text' },
  { id: 'column', type: 'text' },
  { id: 'value', type: 'numeric' },
  { id: 'cell', type: 'text' },
];

/** An element's observations (docs/api.md §15), in their order. */
export function observationsDatastore(
  resourceId: string,
  observations: readonly Observation[],
): DatastoreTable {
  return {
    resourceId,
    fields: [...OBSERVATION_FIELDS],
    records: observations.map((o, index) => [index + 1, o.year, o.row, o.column, o.value, o.cell]),
  };
}
