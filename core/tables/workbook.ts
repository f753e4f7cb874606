// GET /api/v1/data-element/{id}.xlsx (docs/api.md §15): an element as an Office Open XML workbook.
// One sheet per year, laid out as the element's page shows the table (header cells merged across
// their spans, the sub-header rows, then the rows); the numbers of value columns as numbers, every
// other cell as text exactly as held (a missing value cell left empty); a sheet `Data` with the
// observations; a sheet `Metadata` with what the page says of the element, under its labels.
import { yearSpan } from '../open-data/describe.ts';
import {
  licenseUrl,
  publicUrls,
  type ElementView,
  type RenderContext,
} from '../open-data/element-view.ts';
import { labelsFor } from '../open-data/page/labels.ts';
import type { ReferenceItem, Table } from '../schema.ts';
import { headerGrid } from './header-grid.ts';
import { OBSERVATION_COLUMNS } from './observations-csv.ts';
import {
  elementObservations,
  entriesByYear,
  tableColumns,
  type Observation,
} from './observations.ts';
import { uniqueSheetNames } from './xlsx/sheet-names.ts';
import type { Sheet, SheetCell } from './xlsx/sheet.ts';
import { DEFLATE_LEVEL, XLSX_MEDIA_TYPE, xlsxPackage } from './xlsx/package.ts';
import { cellRef } from './xlsx/xml.ts';

export { XLSX_MEDIA_TYPE };

/** The file name a download gets: the element's CKAN name (docs/harvest.md §13.1). */
export const workbookFileName = (view: Pick<ElementView, 'name'>) => `${view.name}.xlsx`;

/** One year's table: its header rows as the page lays them out, then its rows. */
function tableSheet(name: string, table: Table, observations: Iterator<Observation>): Sheet {
  const grid = headerGrid(table);
  const { valueColumns } = tableColumns(table);
  const rows: SheetCell[][] = Array.from({ length: grid.rows }, () => []);
  const merges: string[] = [];
  for (const place of grid.cells) {
    rows[place.row]![place.column] = place.text;
    if (place.colSpan > 1 || place.rowSpan > 1)
      merges.push(
        `${cellRef(place.row, place.column)}:${cellRef(place.row + place.rowSpan - 1, place.column + place.colSpan - 1)}`,
      );
  }
  // its value cells are the element's next observations, row by row (their numbers, read once)
  for (const cells of table.rows) {
    const row: SheetCell[] = cells.slice();
    for (const column of valueColumns) {
      const { value } = observations.next().value as Observation;
      if (column < row.length) row[column] = value ?? undefined;
    }
    rows.push(row);
  }
  return { name, rows, merges, headerRows: grid.rows };
}

/** The observations under the observations CSV's header; `year` and `value` as numbers. */
function dataSheet(name: string, observations: readonly Observation[]): Sheet {
  const rows: SheetCell[][] = [OBSERVATION_COLUMNS.slice()];
  for (const { year, row, column, value, cell } of observations)
    rows.push([year, row, column, value ?? undefined, cell]);
  return { name, rows, merges: [], headerRows: 1 };
}

/** What the element's page says of it: a label, then its value (or one cell per item). */
function metadataSheet(name: string, view: ElementView, ctx: RenderContext): Sheet {
  const { element } = view;
  const labels = labelsFor(ctx.identity.language);
  const names = (items: readonly ReferenceItem[]) => items.map((item) => item.name);
  const rows: SheetCell[][] = [
    [labels.elementTitle, element.title],
    [labels.unit, element.unit],
    [labels.dataSource, element.dataSource.name],
    [labels.category, ...names(element.category)],
    [labels.sector, ...names(element.sector)],
    [labels.field, ...names(element.field)],
    [labels.years, yearSpan(element)],
    [labels.created, view.created],
    [labels.modified, view.modified],
    [labels.publisher, ctx.identity.publisher.name],
    [labels.licence, licenseUrl(ctx.identity.license)],
    [labels.pageUrl, publicUrls(ctx.base).page(view.name)],
  ];
  if (element.metadata.length > 0) {
    rows.push([], [labels.metadata]);
    // the page's label for a key, and the key itself beside the value when the label differs
    for (const { key, value } of element.metadata) {
      const shown = labels.metadataLabels[key] ?? key;
      rows.push([shown, value, shown === key ? undefined : key]);
    }
  }
  return { name, rows, merges: [], headerRows: 0, headerColumns: 1 };
}

/**
 * The .xlsx bytes of an element. `ctx` gives the page's URL (its base) and the labels' language
 * (its identity); `level` is the deflate level (tests compare levels; the route takes the default).
 */
export function elementWorkbook(
  view: ElementView,
  ctx: RenderContext,
  level: Parameters<typeof xlsxPackage>[2] = DEFLATE_LEVEL,
): Uint8Array {
  const entries = entriesByYear(view.element.data);
  const names = uniqueSheetNames([...entries.map(({ year }) => String(year)), 'Data', 'Metadata']);
  const observations = elementObservations(entries);
  const cursor = observations[Symbol.iterator]();
  const sheets = [
    ...entries.map((entry, index) => tableSheet(names[index]!, entry.table, cursor)),
    dataSheet(names.at(-2)!, observations),
    metadataSheet(names.at(-1)!, view, ctx),
  ];
  return xlsxPackage(
    sheets,
    {
      title: view.element.title,
      creator: ctx.identity.publisher.name,
      created: view.created,
      modified: view.modified,
    },
    level,
  );
}
