// An element's downloads, listed once for every place that links them (docs/api.md §15): the CKAN
// package's resources, the DCAT distributions, the page's downloads and its schema.org
// DataDownloads. Each year's table as CSV, then the observations of every year as CSV, as
// JSON-stat and as a workbook.
import type { DataElement } from '../schema.ts';
import { publicUrls } from './element-view.ts';

export interface Download {
  kind: 'table' | 'observations' | 'jsonstat' | 'workbook';
  /** The year of a table; undefined for the downloads of every year. */
  year?: number;
  /** The data entry's id (a table's). */
  tableId?: string;
  url: string;
  /** The format's name, as CKAN and DCAT name it. */
  format: string;
  /** The IANA media type. */
  mediaType: string;
  /** Whether CKAN's DataStore serves its records (docs/harvest.md §16). */
  datastore: boolean;
}

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function elementDownloads(
  element: Pick<DataElement, '_id' | 'data'>,
  base: string,
): Download[] {
  const urls = publicUrls(base);
  const id = element._id;
  return [
    ...element.data.map((entry): Download => ({
      kind: 'table',
      year: entry.year,
      tableId: entry.id,
      url: urls.csv(id, entry.year),
      format: 'CSV',
      mediaType: 'text/csv',
      datastore: true,
    })),
    {
      kind: 'observations',
      url: urls.observations(id, 'csv'),
      format: 'CSV',
      mediaType: 'text/csv',
      datastore: true,
    },
    {
      kind: 'jsonstat',
      url: urls.observations(id, 'jsonstat'),
      format: 'JSON-stat',
      mediaType: 'application/json',
      datastore: false,
    },
    {
      kind: 'workbook',
      url: urls.workbook(id),
      format: 'XLSX',
      mediaType: XLSX_MEDIA_TYPE,
      datastore: false,
    },
  ];
}
