// One year's table as the catalogue holds it: the header row with its spans, the sub-header rows
// under the spanning headers, every body cell in place. Scoped header cells, a caption, and a
// labelled, focusable wrapper that scrolls sideways on a narrow screen.
import type { Table } from '../../schema.ts';
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
  const headerRows = 1 + table.subHeaders.length;
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

  // A spanning header sits on the first row with its sub-header labels below it; any other
  // header spans the rows it says, at most every header row (a shorter one leaves empty cells).
  const rowSpans = table.headers.map((header) =>
    header.colSpan > 1 && headerRows > 1 ? 1 : Math.min(Math.max(header.rowSpan, 1), headerRows),
  );
  out.push('<thead><tr>');
  table.headers.forEach((header, position) => {
    const colspan = header.colSpan > 1 ? ` colspan="${header.colSpan}"` : '';
    const rowspan = rowSpans[position]! > 1 ? ` rowspan="${rowSpans[position]}"` : '';
    const scope = header.colSpan > 1 ? 'colgroup' : 'col';
    out.push(
      header.content.trim() === ''
        ? `<td${colspan}${rowspan}></td>`
        : `<th scope="${scope}"${colspan}${rowspan}>${escapeHtml(header.content)}</th>`,
    );
  });
  out.push('</tr>');
  table.subHeaders.forEach((labels, subRow) => {
    const row = subRow + 1;
    let offset = 0;
    out.push('<tr>');
    table.headers.forEach((header, position) => {
      if (header.colSpan > 1) {
        for (let index = 0; index < header.colSpan; index++)
          out.push(headerCell(labels[offset + index] ?? '', ' scope="col"'));
        offset += header.colSpan;
      } else if (rowSpans[position]! <= row) out.push('<td></td>');
    });
    out.push('</tr>');
  });
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
