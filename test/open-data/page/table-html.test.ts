import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../core/open-data/page/table-html.ts';
import { tableShape } from '../../../core/open-data/page/table-shape.ts';
import type { Table } from '../../../core/schema.ts';
import { byTag, children, grid, parseHtml } from '../../support/node/html-tree.ts';

const header = (content: string, colSpan: number, rowSpan: number) => ({
  content,
  colSpan,
  rowSpan,
  dataType: 'string',
});
const sections = (table: Table) => {
  const document = parseHtml(renderTable(table, tableShape(table), { id: 't', caption: 'T' }));
  const [html] = byTag(document, 'table');
  return { head: grid(children(html!, 'thead')[0]!), body: grid(children(html!, 'tbody')[0]!) };
};

describe('renderTable', () => {
  it('keeps the sub-header labels under their header when a row span says too little or too much', () => {
    const table: Table = {
      headers: [header('A', 1, 1), header('B', 2, 1), header('C', 1, 7)],
      subHeaders: [
        ['x', 'y'],
        ['x2', 'y2'],
      ],
      rows: [['a', '1', '2', '3']],
    };
    expect(sections(table)).toEqual({
      head: [
        ['A', 'B', 'B', 'C'],
        ['', 'x', 'y', 'C'],
        ['', 'x2', 'y2', 'C'],
      ],
      body: [['a', '1', '2', '3']],
    });
  });

  it('draws a table of one header row, and one with no rows', () => {
    const table: Table = {
      headers: [header('A', 1, 1), header('B', 1, 1)],
      subHeaders: [],
      rows: [],
    };
    expect(sections(table)).toEqual({ head: [['A', 'B']], body: [] });
  });
});
