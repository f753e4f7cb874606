// An element's tables as tidy data (docs/api.md §15): one observation per cell of a value column,
// labelled by its year, its row and its column. The one derivation every format of the numbers
// renders (JSON, CSV, JSON-stat, the workbook, the DataStore) and the element page's chart draws.
import type { DataEntry } from '../schema.ts';
import { csvColumnNames, type CsvTable } from './csv.ts';
import { parseCell } from './numbers.ts';

export interface Observation {
  year: number;
  row: string;
  column: string;
  /** The cell's number, null where the cell is missing. */
  value: number | null;
  /** The cell exactly as the catalogue holds it. */
  cell: string;
}

/**
 * What a column of a table is for: a row number (left out), part of the row label, a value
 * column (its cells are observations), or neither (a "Keterangan" right of the values).
 */
export type ColumnRole = 'row-number' | 'label' | 'value' | 'other';

const ROW_NUMBER_HEADERS = new Set(['no', 'no.', 'nomor', '#']);
const LABEL_HEADERS = new Set(['kode', 'kode wilayah', 'tahun', 'bulan']);
const headerKey = (name: string) => name.trim().toLowerCase();

export interface TableColumns {
  /** Each column's name, as the table's CSV names it. */
  names: string[];
  roles: ColumnRole[];
  /** The columns whose cells make up a row's label, left to right. */
  labelColumns: number[];
  /** The value columns, left to right. */
  valueColumns: number[];
}

/** Every cell a number in Indonesian notation or missing, and at least one a number. */
function holdsValues(table: CsvTable, column: number): boolean {
  let numbers = 0;
  for (const row of table.rows) {
    const kind = parseCell(row[column] ?? '').kind;
    if (kind === 'text') return false;
    if (kind === 'number') numbers++;
  }
  return numbers > 0;
}

/** Reads what each column of a table is for. */
export function tableColumns(table: CsvTable): TableColumns {
  const names = csvColumnNames(table);
  const kinds = names.map((name, column) => {
    const key = headerKey(name);
    if (ROW_NUMBER_HEADERS.has(key)) return 'row-number' as const;
    if (LABEL_HEADERS.has(key)) return 'text' as const;
    return holdsValues(table, column) ? ('value' as const) : ('text' as const);
  });
  const firstValue = kinds.indexOf('value');
  const roles: ColumnRole[] = kinds.map((kind, column) => {
    if (kind === 'row-number' || kind === 'value') return kind;
    return firstValue >= 0 && column > firstValue ? 'other' : 'label';
  });
  const columnsWith = (role: ColumnRole) =>
    roles.flatMap((candidate, column) => (candidate === role ? [column] : []));
  return { names, roles, labelColumns: columnsWith('label'), valueColumns: columnsWith('value') };
}

/**
 * Each row's label: its label cells joined by " - " (empty ones skipped), or its position
 * ("1", "2", …) when the table has no label column.
 */
export function rowLabels(table: CsvTable, columns: TableColumns): string[] {
  if (columns.labelColumns.length === 0) return table.rows.map((_, index) => String(index + 1));
  return table.rows.map((row) =>
    columns.labelColumns
      .map((column) => row[column] ?? '')
      .filter((cell) => cell.trim() !== '')
      .join(' - '),
  );
}

/** One year's table as observations: rows in order, then value columns left to right. */
export function tableObservations(year: number, table: CsvTable): Observation[] {
  const columns = tableColumns(table);
  if (columns.valueColumns.length === 0) return [];
  const labels = rowLabels(table, columns);
  return table.rows.flatMap((row, position) =>
    columns.valueColumns.map((column) => {
      const cell = row[column] ?? '';
      const parsed = parseCell(cell);
      return {
        year,
        row: labels[position]!,
        column: columns.names[column]!,
        value: parsed.kind === 'number' ? parsed.value : null,
        cell,
      };
    }),
  );
}

/** An element's data entries in the order observations list them: years ascending (stable). */
export const entriesByYear = <Entry extends Pick<DataEntry, 'year'>>(data: readonly Entry[]) =>
  [...data].sort((a, b) => a.year - b.year);

/** Every observation of an element: years ascending, then rows, then columns. */
export function elementObservations(data: readonly Pick<DataEntry, 'year' | 'table'>[]) {
  return entriesByYear(data).flatMap(({ year, table }) => tableObservations(year, table));
}

/** The filters of the observations' endpoints: each a set of exact strings, all combined. */
export interface ObservationFilters {
  year?: readonly string[];
  row?: readonly string[];
  column?: readonly string[];
}

export function filterObservations(
  observations: readonly Observation[],
  filters: ObservationFilters,
): Observation[] {
  const years = filters.year && new Set(filters.year);
  const rows = filters.row && new Set(filters.row);
  const names = filters.column && new Set(filters.column);
  return observations.filter(
    (observation) =>
      (!years || years.has(String(observation.year))) &&
      (!rows || rows.has(observation.row)) &&
      (!names || names.has(observation.column)),
  );
}
