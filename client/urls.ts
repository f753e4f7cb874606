// The URL of every endpoint, from a base URL and a query; the same URLs a person would type.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import type { ElementQuery, FacetQuery, ObservationQuery, SearchQuery } from './types.ts';

/** Given once, comma-separated; the other parameters repeat for several values. */
const COMMA_SEPARATED = new Set(['fields']);

export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]) as unknown[];
    if (COMMA_SEPARATED.has(name)) {
      if (values.length > 0) params.append(name, values.join(','));
    } else for (const one of values) params.append(name, String(one));
  }
  const text = params.toString().replace(/%2C/gi, ','); // a comma needs no escape in a query
  return text ? `?${text}` : '';
}

export function apiUrls(baseUrl: string | URL) {
  const base = String(baseUrl).replace(/\/+$/, '');
  const id = (value: string) => encodeURIComponent(value);
  return {
    list: (name: ReferenceListName) =>
      `${base}${REFERENCE_LISTS.find((list) => list.name === name)!.endpoint}`,
    search: (query: SearchQuery = {}) => `${base}/api/v1/data-element${queryString(query)}`,
    element: (elementId: string, query: ElementQuery = {}) =>
      `${base}/api/v1/data-element/${id(elementId)}${queryString(query)}`,
    tableCsv: (elementId: string, year: number) =>
      `${base}/api/v1/data-element/${id(elementId)}/${year}.csv`,
    /** An element's observations: JSON (`''`), `.csv` or `.jsonstat`. */
    observations: (
      elementId: string,
      query: ObservationQuery = {},
      format: '' | '.csv' | '.jsonstat' = '',
    ) =>
      `${base}/api/v1/data-element/${id(elementId)}/observations${format}${queryString({ ...query })}`,
    workbook: (elementId: string) => `${base}/api/v1/data-element/${id(elementId)}.xlsx`,
    facets: (query: FacetQuery = {}) => `${base}/api/v1/facets${queryString(query)}`,
    openApi: () => `${base}/api/v1/openapi.json`,
    dump: () => `${base}/api/v1/dump`,
  };
}
export type ApiUrls = ReturnType<typeof apiUrls>;
