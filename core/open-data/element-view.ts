// What every part-three renderer (CKAN package, DCAT, the element's page, the sitemap) starts
// from: the published element as the API answers it, plus its CKAN name and its dates (docs/harvest.md §12).
// Runtime-neutral: the generator renders with it at build time, the Worker at the edge.
import type { DataElement } from '../schema.ts';
import type { CatalogueIdentity } from './catalogue-identity.ts';

export interface ElementView {
  element: DataElement;
  /** CKAN name: unique, stable while the title stays, [a-z0-9_-]{2,100} (packageName). */
  name: string;
  /** ISO 8601 UTC to the second, `2024-01-31T08:00:00Z`. */
  created: string;
  modified: string;
}

/**
 * An element without its tables, as the DCAT pages describe it: the years it has a table for
 * stand in for them (a distribution each, the temporal coverage).
 */
export interface DatasetView extends Omit<ElementView, 'element'> {
  element: Omit<DataElement, 'data'>;
  /** Ascending, each once. */
  years: readonly number[];
}

/** The years an element has a table for, ascending, each once. */
export const tableYears = (element: Pick<DataElement, 'data'>) =>
  [...new Set(element.data.map((entry) => entry.year))].sort((a, b) => a - b);

export const datasetView = (view: ElementView): DatasetView => ({
  ...view,
  years: tableYears(view.element),
});

/** Where the renderers are: the deployment's origin (no trailing slash) and the catalogue. */
export interface RenderContext {
  base: string;
  identity: CatalogueIdentity;
}

/** Every public URL a renderer writes, in one place. */
export type ObservationsFormat = 'json' | 'csv' | 'jsonstat';
const OBSERVATIONS_SUFFIX: Record<ObservationsFormat, string> = {
  json: '',
  csv: '.csv',
  jsonstat: '.jsonstat',
};

export const publicUrls = (base: string) => ({
  page: (name: string) => `${base}/dataset/${name}`,
  element: (id: string) => `${base}/api/v1/data-element/${encodeURIComponent(id)}`,
  csv: (id: string, year: number) =>
    `${base}/api/v1/data-element/${encodeURIComponent(id)}/${year}.csv`,
  /** The element's observations (docs/api.md §15): JSON, CSV or JSON-stat. */
  observations: (id: string, format: ObservationsFormat) =>
    `${base}/api/v1/data-element/${encodeURIComponent(id)}/observations${OBSERVATIONS_SUFFIX[format]}`,
  workbook: (id: string) => `${base}/api/v1/data-element/${encodeURIComponent(id)}.xlsx`,
  /** The explorer at `/`, filtered by one list's slug (its parameter name is the API's). */
  explorer: (parameter: string, value: string) =>
    `${base}/?${new URLSearchParams({ [parameter]: value }).toString()}`,
  catalogTurtle: `${base}/catalog.ttl`,
  catalogJsonLd: `${base}/catalog.jsonld`,
  datasetRdf: (name: string, format: 'ttl' | 'jsonld') => `${base}/dataset/${name}.${format}`,
  /** A reference list's endpoint: `category`, `data-source`, `sector`, `field`. */
  referenceList: (endpoint: string) => `${base}/api/v1/${endpoint}`,
  dump: `${base}/api/v1/dump`,
  sitemap: `${base}/sitemap.xml`,
  ckanAction: (action: string) => `${base}/api/3/action/${action}`,
});

/** Licences named by SPDX id, as URLs (DCAT and schema.org want a URL). */
const SPDX_URLS: Record<string, string> = {
  'CC-BY-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'CC-BY-SA-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'CC0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'ODbL-1.0': 'https://opendatacommons.org/licenses/odbl/1-0/',
  'ODC-By-1.0': 'https://opendatacommons.org/licenses/by/1-0/',
  'PDDL-1.0': 'https://opendatacommons.org/licenses/pddl/1-0/',
  'OGL-UK-3.0': 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
};

export const licenseUrl = (license: string) =>
  /^https?:/.test(license)
    ? license
    : (SPDX_URLS[license] ?? `https://spdx.org/licenses/${license}.html`);
