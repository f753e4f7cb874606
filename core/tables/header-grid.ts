// Where each header cell of a table sits, as the element page (docs/harvest.md §14) and the workbook
// (docs/api.md §15) both lay it out: the header row with its spans, the sub-header rows under the spanning
// headers. One derivation, so the page and the spreadsheet cannot disagree.
import type { Table } from '../schema.ts';

export interface HeaderPlace {
  /** 0 is the header row; 1… the sub-header rows. */
  row: number;
  /** The first column it covers. */
  column: number;
  colSpan: number;
  rowSpan: number;
  /** As the catalogue holds it; '' for a cell that only fills a gap. */
  text: string;
  /** A cell of the header row (the sub-header rows hold labels and gaps). */
  top: boolean;
}

export interface HeaderGrid {
  /** Header rows: 1 plus the sub-header rows. */
  rows: number;
  /** In reading order: row by row, left to right. */
  cells: HeaderPlace[];
}

/**
 * A spanning header sits on the first row with its sub-header labels below it; any other header
 * spans the rows it says, at most every header row (a shorter one leaves one empty cell on each
 * sub-header row below it).
 */
export function headerGrid(table: Pick<Table, 'headers' | 'subHeaders'>): HeaderGrid {
  const rows = 1 + table.subHeaders.length;
  const rowSpans = table.headers.map((header) =>
    header.colSpan > 1 && rows > 1 ? 1 : Math.min(Math.max(header.rowSpan, 1), rows),
  );
  const cells: HeaderPlace[] = [];
  let column = 0;
  table.headers.forEach((header, position) => {
    const { content: text, colSpan } = header;
    cells.push({ row: 0, column, colSpan, rowSpan: rowSpans[position]!, text, top: true });
    column += colSpan;
  });
  table.subHeaders.forEach((labels, subRow) => {
    const row = subRow + 1;
    let offset = 0; // position in the sub-header row, which lists the spanning headers' labels
    column = 0;
    table.headers.forEach((header, position) => {
      if (header.colSpan > 1) {
        for (let index = 0; index < header.colSpan; index++) {
          const text = labels[offset + index] ?? '';
          cells.push({ row, column: column + index, colSpan: 1, rowSpan: 1, text, top: false });
        }
        offset += header.colSpan;
      } else if (rowSpans[position]! <= row)
        cells.push({ row, column, colSpan: 1, rowSpan: 1, text: '', top: false });
      column += header.colSpan;
    });
  });
  return { rows, cells };
}
