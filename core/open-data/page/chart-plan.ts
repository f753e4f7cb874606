// What an element's chart shows, decided from its tables. When the rows of the latest table come
// back year after year (the same labels), a line for each over the years helps most: a few rows
// each, or the total row, or the largest few. Otherwise a bar for each row of the latest year.
// The value drawn is the "Jumlah"/"Total" column when there is one, else the first value column;
// a table of one row draws its value columns instead. Value columns, row labels and column names
// are the observations' (docs/api.md §15): the chart draws what the element's data downloads hold.
import type { DataElement, Table } from '../../schema.ts';
import { parseCell } from '../../tables/numbers.ts';
import { rowLabels, tableColumns, type TableColumns } from '../../tables/observations.ts';
import { tableShape } from './table-shape.ts';

export const MAX_LINES = 6;
export const MAX_BARS = 30;

export interface ChartPoint {
  label: string;
  value: number | undefined;
}
export interface ChartSeries {
  label: string;
  /** One value a year, in the order of the chart's years. */
  values: (number | undefined)[];
}
export type ChartPlan =
  | {
      kind: 'line';
      /** What is drawn: a column's label, or the single row's. */
      measure: string;
      /** What the series are (the heading of the rows' labels), when they are rows. */
      by?: string;
      years: number[];
      series: ChartSeries[];
      /** Set when only the largest of more series are drawn. */
      largestOf?: number;
    }
  | {
      kind: 'bar';
      measure: string;
      /** What the bars are (the heading of the rows' labels), when they are rows. */
      by?: string;
      year: number;
      bars: ChartPoint[];
      largestOf?: number;
    };

interface YearTable {
  year: number;
  table: Table;
  columns: TableColumns;
  /** The label parts of each column (header, then each sub-header row's label). */
  columnLabelParts: string[][];
  /** Each row's label (the observations', spaces tidied), when there is a label column. */
  rowLabels: string[] | undefined;
}

const TOTAL = /^(jumlah|total)( (total|keseluruhan|semua))?:?$/i;
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
export const isTotalLabel = (text: string) => TOTAL.test(clean(text));

const numberIn = (cell: string | undefined) => {
  const parsed = parseCell(cell ?? '');
  return parsed.kind === 'number' ? parsed.value : undefined;
};

/** The column drawn: the last one named as a total, else the first value column. */
function valueColumn(entry: YearTable): number {
  const { valueColumns } = entry.columns;
  const totals = valueColumns.filter((column) =>
    entry.columnLabelParts[column]!.some(isTotalLabel),
  );
  return totals.at(-1) ?? valueColumns[0]!;
}

const columnOf = (entry: YearTable, label: string) =>
  entry.columns.names.findIndex((candidate) => candidate === label);

function rowOf(entry: YearTable, label: string | undefined): string[] | undefined {
  if (label === undefined) return entry.table.rows.length === 1 ? entry.table.rows[0] : undefined;
  const position = entry.rowLabels?.indexOf(label) ?? -1;
  return position < 0 ? undefined : entry.table.rows[position];
}

/** Keeps the `count` largest values, in their order. */
function largest<T extends { value: number | undefined }>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const kept = new Set(
    [...items].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity)).slice(0, count),
  );
  return items.filter((item) => kept.has(item));
}

/**
 * The series over the years: for each (row label, column label), the value in each year whose
 * table has both; only those found in at least two years, and only when two years remain.
 */
function lineOver(
  tables: YearTable[],
  wanted: { label: string; row: string | undefined; column: string }[],
): { years: number[]; series: ChartSeries[] } | undefined {
  const found = wanted.map(({ label, row, column }) => {
    const values = tables.map((entry) => {
      const cells = rowOf(entry, row);
      const position = columnOf(entry, column);
      if (!cells || position < 0) return { present: false, value: undefined };
      return { present: true, value: numberIn(cells[position]) };
    });
    return { label, values };
  });
  const kept = found.filter(
    ({ values }) => values.filter((v) => v.value !== undefined).length >= 2,
  );
  const years = tables.flatMap((_entry, index) =>
    kept.some(({ values }) => values[index]!.present) ? [index] : [],
  );
  if (kept.length === 0 || years.length < 2) return undefined;
  return {
    years: years.map((index) => tables[index]!.year),
    series: kept.map(({ label, values }) => ({
      label,
      values: years.map((index) => values[index]!.value),
    })),
  };
}

export function chooseChart(
  element: DataElement,
  rowNumber: (row: number) => string,
): ChartPlan | undefined {
  const byYear = new Map<number, Table>();
  for (const entry of element.data)
    if (!byYear.has(entry.year)) byYear.set(entry.year, entry.table);
  const tables: YearTable[] = [...byYear]
    .sort(([a], [b]) => a - b)
    .map(([year, table]): YearTable => {
      const columns = tableColumns(table);
      const labelled = columns.labelColumns.length > 0;
      return {
        year,
        table,
        columns,
        columnLabelParts: tableShape(table).columnLabelParts,
        rowLabels: labelled ? rowLabels(table, columns).map(clean) : undefined,
      };
    })
    .filter(({ columns }) => columns.valueColumns.length > 0);
  const latest = tables.at(-1);
  if (!latest) return undefined;
  const { table, columns: latestColumns } = latest;
  const labelled = latest.rowLabels !== undefined;

  if (table.rows.length === 1) {
    // One row: its value columns, over the years or side by side.
    const row = table.rows[0]!;
    const rowLabel = latest.rowLabels?.[0];
    const measure = rowLabel || clean(element.title);
    const columns = latestColumns.valueColumns;
    const points = columns.map((column) => ({
      label: latestColumns.names[column]!,
      value: numberIn(row[column]),
    }));
    const totals = points.filter((_, index) =>
      latest.columnLabelParts[columns[index]!]!.some(isTotalLabel),
    );
    const drawn = points.length <= MAX_LINES ? points : totals.length > 0 ? totals : points;
    const line = lineOver(
      tables,
      drawn.slice(0, MAX_LINES).map(({ label }) => ({ label, row: rowLabel, column: label })),
    );
    if (line) return { kind: 'line', measure, ...line };
    const bars = largest(points, MAX_BARS);
    return {
      kind: 'bar',
      measure,
      year: latest.year,
      bars,
      ...(bars.length < points.length && { largestOf: points.length }),
    };
  }

  const column = valueColumn(latest);
  const measure = latestColumns.names[column]!;
  const by = labelled
    ? latestColumns.labelColumns.map((label) => clean(latestColumns.names[label]!)).join(' - ')
    : undefined;
  const named = by ? { by } : {};
  const seen = new Set<string>();
  const rows = table.rows.flatMap((cells, index) => {
    const label = latest.rowLabels?.[index] || rowNumber(index + 1);
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ label, value: numberIn(cells[column]), total: isTotalLabel(label) }];
  });
  const body = rows.filter((row) => !row.total);
  const shown = body.length > 0 ? body : rows;

  if (labelled) {
    // Few rows: each; many: the total row, or else the largest few.
    const totalRow = rows.find((row) => row.total);
    const few = shown.length <= MAX_LINES;
    const lines = few ? shown : totalRow ? [totalRow] : largest(shown, MAX_LINES);
    const line = lineOver(
      tables,
      lines.map(({ label }) => ({ label, row: label, column: measure })),
    );
    if (line)
      return {
        kind: 'line',
        measure,
        ...named,
        ...line,
        ...(!few && !totalRow && { largestOf: shown.length }),
      };
  }
  const bars = largest(shown, MAX_BARS).map(({ label, value }) => ({ label, value }));
  return {
    kind: 'bar',
    measure,
    ...named,
    year: latest.year,
    bars,
    ...(bars.length < shown.length && { largestOf: shown.length }),
  };
}
