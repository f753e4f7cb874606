// One worksheet: cells by row and column, merged ranges, bold header rows and label columns;
// written as the worksheet part of SpreadsheetML (elements in the order the schema requires), its
// text in the workbook's shared strings.
import { ByteWriter } from './byte-writer.ts';
import type { SharedStrings } from './shared-strings.ts';
import { cellRef, columnLetters } from './xml.ts';

/** The cell styles of styles.ts, by index. */
export const STYLE = { plain: 0, header: 1 } as const;

/** Text (a string cell), a number (a numeric cell), or nothing (an empty cell). */
export type SheetCell = string | number | undefined;

export interface Sheet {
  name: string;
  /** Row by row. An empty string is an empty cell too. */
  rows: SheetCell[][];
  /** Ranges such as `A1:B2`. */
  merges: string[];
  /** The first rows are headers: bold, and kept in view when scrolling. */
  headerRows: number;
  /** The first columns are labels: bold. */
  headerColumns?: number;
}

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

/** Column widths in characters from the longest cell in each column (numbers as written). */
function columnWidths(rows: Sheet['rows']): number[] {
  const widths: number[] = [];
  for (const row of rows)
    for (let column = 0; column < row.length; column++) {
      const cell = row[column];
      if (cell === undefined) continue;
      const length = typeof cell === 'string' ? cell.length : String(cell).length;
      if (length > (widths[column] ?? 0)) widths[column] = length;
    }
  return Array.from(widths, (width = 0) => Math.min(Math.max(width + 2, MIN_WIDTH), MAX_WIDTH));
}

/** The worksheet part; its strings are added to `strings`. */
export function sheetPart(sheet: Sheet, strings: SharedStrings): Uint8Array {
  const { rows, merges, headerRows, headerColumns = 0 } = sheet;
  const widths = columnWidths(rows);
  const letters = widths.map((_, column) => columnLetters(column));
  const last =
    rows.length > 0 && widths.length > 0 ? `:${cellRef(rows.length - 1, widths.length - 1)}` : '';
  const out = new ByteWriter();
  let head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<dimension ref="A1${last}"/><sheetViews><sheetView workbookViewId="0">` +
    (headerRows > 0 && rows.length > headerRows
      ? `<pane ySplit="${headerRows}" topLeftCell="A${headerRows + 1}" activePane="bottomLeft" state="frozen"/>`
      : '') +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>';
  if (widths.length > 0) {
    head += '<cols>';
    for (let column = 0; column < widths.length; column++)
      head += `<col min="${column + 1}" max="${column + 1}" width="${widths[column]}" customWidth="1"/>`;
    head += '</cols>';
  }
  out.write(head + '<sheetData>');
  const bold = ` s="${STYLE.header}"`;
  for (let row = 0; row < rows.length; row++) {
    const cells = rows[row]!;
    const number = row + 1;
    let line = '';
    for (let column = 0; column < cells.length; column++) {
      const cell = cells[column];
      if (cell === undefined || cell === '') continue;
      const style = row < headerRows || column < headerColumns ? bold : '';
      line +=
        typeof cell === 'number'
          ? `<c r="${letters[column]}${number}"${style}><v>${cell}</v></c>`
          : `<c r="${letters[column]}${number}"${style} t="s"><v>${strings.position(cell)}</v></c>`;
    }
    if (line) out.write(`<row r="${number}">${line}</row>`);
  }
  out.write('</sheetData>');
  if (merges.length > 0)
    out.write(
      `<mergeCells count="${merges.length}">${merges.map((range) => `<mergeCell ref="${range}"/>`).join('')}</mergeCells>`,
    );
  out.write('</worksheet>');
  return out.bytes();
}
