// One year's table as the catalogue holds it: the header row with its spans, the sub-header rows
// under the spanning headers, every body cell in place. Scoped header cells, a caption, and a
// labelled, focusable wrapper that scrolls sideways on a narrow screen.
import type { Table } from '../../schema.ts';
import { headerGrid } from '../../tables/header-grid.ts';
import { escapeHtml } from './escape.ts';
import type { TableShape } from './table-shape.ts';

export interface TableOptions {
  /** Unique in the page. */
  id: string;
  caption: string;
  /** Shown after the caption, smaller (the unit). */
  captionNote?: string;
}

/** A header cell; an empty one is a plain cell (a header with no text names nothing). */
const headerCell = (text: string, attributes: string) =>
  text.trim() === '' ? '<td></td>' : `<th${attributes}>${escapeHtml(text)}</th>`;

export function renderTable(table: Table, shape: TableShape, options: TableOptions): string {
  const out: string[] = [];
  const captionId = `${options.id}-caption`;
  out.push(
    `<div class="table-wrap" role="region" aria-labelledby="${escapeHtml(captionId)}" tabindex="0">`,
    `<table id="${escapeHtml(options.id)}">`,
    `<caption id="${escapeHtml(captionId)}">${escapeHtml(options.caption)}`,
    options.captionNote
      ? ` <span class="caption-note">${escapeHtml(options.captionNote)}</span>`
      : '',
    '</caption>',
  );
  for (const header of table.headers)
    out.push(header.colSpan > 1 ? `<colgroup span="${header.colSpan}"></colgroup>` : '<col>');

  // The header row with its spans, then the sub-header rows (header-grid.ts places every cell).
  const grid = headerGrid(table);
  out.push('<thead>');
  for (let row = 0, at = 0; row < grid.rows; row++) {
    out.push('<tr>');
    for (; at < grid.cells.length && grid.cells[at]!.row === row; at++) {
      const cell = grid.cells[at]!;
      if (!cell.top) {
        out.push(headerCell(cell.text, ' scope="col"'));
        continue;
      }
      const colspan = cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '';
      const rowspan = cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '';
      const scope = cell.colSpan > 1 ? 'colgroup' : 'col';
      out.push(
        cell.text.trim() === ''
          ? `<td${colspan}${rowspan}></td>`
          : `<th scope="${scope}"${colspan}${rowspan}>${escapeHtml(cell.text)}</th>`,
      );
    }
    out.push('</tr>');
  }
  out.push('</thead><tbody>');
  for (const cells of table.rows) {
    out.push('<tr>');
    cells.forEach((cell, column) => {
      const rowHeader = column === shape.labelColumn && cell.trim() !== '';
      const numeric = shape.numeric[column] ? ' class="num"' : '';
      out.push(
        rowHeader
          ? `<th scope="row">${escapeHtml(cell)}</th>`
          : `<td${numeric}>${escapeHtml(cell)}</td>`,
      );
    });
    out.push('</tr>');
  }
  out.push('</tbody></table></div>');
  return out.join('');
}
