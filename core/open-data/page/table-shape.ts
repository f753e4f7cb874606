// What a table is made of, read once for both its HTML and the chart: its columns' labels, which
// columns hold numbers and which one names the rows.
import type { Table } from '../../schema.ts';
import { parseCell } from '../../tables/numbers.ts';

export interface TableShape {
  columns: number;
  /** Each column's label: its header, and under a spanning header the sub-header labels. */
  columnLabels: string[];
  /** The label parts of each column (header, then each sub-header row's label). */
  columnLabelParts: string[][];
  /** Every cell a number or missing, and at least one number. */
  numeric: boolean[];
  /** The column that names the rows: the first, when it is not numeric. */
  labelColumn: number | undefined;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each table is read once, for its chart and its HTML (tables are never changed). */
const shapes = new WeakMap<Table, TableShape>();

export function tableShape(table: Table): TableShape {
  let shape = shapes.get(table);
  if (!shape) shapes.set(table, (shape = readShape(table)));
  return shape;
}

function readShape(table: Table): TableShape {
  const columnLabelParts: string[][] = [];
  let subOffset = 0;
  for (const header of table.headers) {
    if (header.colSpan === 1) {
      columnLabelParts.push([clean(header.content)]);
      continue;
    }
    for (let position = 0; position < header.colSpan; position++) {
      const subLabels = table.subHeaders.map((row) => clean(row[subOffset + position] ?? ''));
      const parts = [clean(header.content), ...subLabels].filter(Boolean);
      if (table.subHeaders.length === 0) parts.push(String(position + 1));
      columnLabelParts.push(parts);
    }
    subOffset += header.colSpan;
  }
  const columns = table.rows.reduce(
    (most, row) => Math.max(most, row.length),
    columnLabelParts.length,
  );
  while (columnLabelParts.length < columns)
    columnLabelParts.push([String(columnLabelParts.length + 1)]);
  const numeric = columnLabelParts.map((_, column) => {
    let numbers = 0;
    for (const row of table.rows) {
      const kind = parseCell(row[column] ?? '').kind;
      if (kind === 'text') return false;
      if (kind === 'number') numbers++;
    }
    return numbers > 0;
  });
  return {
    columns,
    columnLabels: columnLabelParts.map((parts) => parts.join(' – ')),
    columnLabelParts,
    numeric,
    labelColumn: columns > 0 && !numeric[0] ? 0 : undefined,
  };
}
