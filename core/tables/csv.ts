// One data table as CSV (docs/api.md §5.5): RFC 4180 (comma, CRLF, quotes where needed), spanning
// headers flattened to one header line, spreadsheet formulas neutralized. Quoting is written out
// here: the usual library needs Node's Buffer when loaded (or a 30 KiB polyfill in the Worker).

/** The part of a table the CSV needs (a data entry's `table`). */
export interface CsvTable {
  headers: { content: string; colSpan: number }[];
  subHeaders: string[][];
  rows: string[][];
}

/**
 * The header line: a header spanning one column is named by its content; one spanning n columns
 * gives n columns "<content> - <label>", taking its labels in order from the sub-header rows (with
 * several sub-header rows, a column's labels are joined by " - ", top row first).
 */
export function csvColumnNames(table: CsvTable): string[] {
  const names: string[] = [];
  let subColumn = 0; // position in the sub-header rows, which list the spanning headers' labels in order
  for (const header of table.headers) {
    if (header.colSpan === 1) {
      names.push(header.content);
      continue;
    }
    for (let i = 0; i < header.colSpan; i++, subColumn++) {
      const labels = table.subHeaders
        .map((row) => row[subColumn])
        .filter((label) => label !== undefined);
      names.push(
        labels.length > 0
          ? [header.content, ...labels].join(' - ')
          : `${header.content} - ${i + 1}`,
      );
    }
  }
  return names;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+([.,]\d+)*|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula gets a leading "'"; numbers such as -5 or +3.2 stay
 * as they are.
 */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** One CSV line, formulas neutralized, CRLF-terminated. */
export const csvRecord = (cells: readonly string[]) =>
  `${cells.map((cell) => csvField(neutralizeFormula(cell))).join(',')}\r\n`;

export function tableCsv(table: CsvTable): string {
  return [csvColumnNames(table), ...table.rows].map(csvRecord).join('');
}
