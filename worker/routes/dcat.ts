// DCAT-AP 3 (docs/harvest.md §13.2): /catalog.ttl and /catalog.jsonld, 100 datasets a page (`page`,
// `modified_since`), paged as ckanext-dcat pages (hydra); /dataset/{id}.ttl|.jsonld, one dataset.
// The elements are read without their tables (answer/dataset-views.ts), as any answer is (within
// the profile, their rendering counted), in catalogue order, and written by core/open-data/dcat/.
import type { Context } from 'hono';
import { isCalendarDay } from '../../core/open-data/catalogue-date.ts';
import { writeCatalogPage, type DcatContext } from '../../core/open-data/dcat/catalog-page.ts';
import { JSON_LD } from '../../core/open-data/dcat/json-ld.ts';
import type { RdfSyntax } from '../../core/open-data/dcat/rdf-writer.ts';
import { TURTLE } from '../../core/open-data/dcat/turtle.ts';
import { publicUrls } from '../../core/open-data/element-view.ts';
import { storedCatalogPage } from '../answer/catalog-page-parts.ts';
import { readDatasetViews } from '../answer/dataset-views.ts';
import { DCAT_CPU_MS } from '../cost-model.ts';
import type { AppEnv } from '../env.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { answerTooLarge, invalidQuery, noSuchElement } from '../http/errors.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { locateByName, locateElement } from '../snapshot/locate-element.ts';
import type { LoadedIndex } from '../snapshot/snapshot-store.ts';

export type RdfFormat = 'ttl' | 'jsonld';
/** ckanext-dcat's page size (ckanext.dcat.datasets_per_page). */
export const DATASETS_PER_PAGE = 100;
/**
 * What a harvester can do instead when a page's stored parts are not within the profile (a
 * `modified_since` listing scattered over more part files than it may read), and writing the
 * page from the elements is not either.
 */
const PAGE_REMEDY =
  'A page of the DCAT catalogue has 100 datasets; every page of the whole catalogue (without modified_since) is answered. For what changed, harvest the CKAN API (package_search with fq=metadata_modified:[<date> TO *], rows=100 and sort=id asc, which this profile answers), read single datasets at /dataset/{id}.ttl or .jsonld, or deploy with PLAN = "paid".';

const SYNTAXES: Record<RdfFormat, RdfSyntax> = { ttl: TURTLE, jsonld: JSON_LD };

/** What every part of a DCAT document is written for: this origin and the snapshot's catalogue. */
export const dcatContext = (index: LoadedIndex, origin: string): DcatContext => ({
  base: origin,
  identity: index.openData.identity,
  categories: index.openData.categorySlugs.map((slug, i) => ({
    slug,
    name: index.openData.titles.category[i]!,
  })),
});

export async function dcatCatalog(c: Context<AppEnv>, format: RdfFormat): Promise<Response> {
  const url = new URL(c.req.url);
  const page = pageParameter(url.searchParams);
  const since = modifiedSince(url.searchParams);
  const { request } = c.var;
  const { store } = request;
  const index = await store.index(request);
  const openData = await store.openData(index, request);
  const { elements, matching } = pageOf(index.elementCount, openData.modified, page, since);
  const etag = answerEtag(
    index.buildId,
    JSON.stringify(['catalog', format, url.origin, page, since ?? null]),
  );
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const pageUrl = (n: number) => {
    const link = new URL(`${url.origin}${url.pathname}`);
    if (url.searchParams.has('modified_since'))
      link.searchParams.set('modified_since', url.searchParams.get('modified_since')!);
    link.searchParams.set('page', String(n));
    return link.toString();
  };
  const ctx = dcatContext(index, url.origin);
  const paging = { page, itemsPerPage: DATASETS_PER_PAGE, totalItems: matching, url: pageUrl };
  const extras = { dump: { url: publicUrls(url.origin).dump } };
  const syntax = SYNTAXES[format];
  // the datasets' parts as stored, when the profile allows their reads; else written here
  const stored = await storedCatalogPage(
    { ...request, index },
    openData,
    elements,
    syntax,
    ctx,
    paging,
    extras,
  );
  if (stored) return bytesResponse(c, etag, syntax, stored);
  const read = await readDatasetViews({ ...request, index }, openData, elements, DCAT_CPU_MS);
  if (!read.ok) throw answerTooLarge(read.overBudget, request.profile, PAGE_REMEDY);
  const { views } = read;
  return rdfResponse(c, etag, format, (syntax) =>
    writeCatalogPage(syntax, views, ctx, paging, extras),
  );
}

export async function dcatDataset(c: Context<AppEnv>, idOrName: string, format: RdfFormat) {
  const url = new URL(c.req.url);
  const { request } = c.var;
  const { store } = request;
  const index = await store.index(request);
  let located = await locateElement(store, index, request, idOrName);
  if (!located) throw noSuchElement(idOrName);
  const openData = await store.openData(index, request);
  const readOne = (element: number) =>
    readDatasetViews({ ...request, index }, openData, Uint32Array.of(element), DCAT_CPU_MS);
  let read = await readOne(located.element);
  if (read.ok && located.byName && read.views[0]!.name !== located.byName) {
    // the name's suffix led to another element: look the name up itself
    located = await locateByName(store, index, request, located.byName);
    if (!located) throw noSuchElement(idOrName);
    read = await readOne(located.element);
  }
  if (!read.ok) throw answerTooLarge(read.overBudget, request.profile);
  const etag = answerEtag(
    index.buildId,
    JSON.stringify(['dataset', format, url.origin, located.element]),
  );
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const { views } = read;
  return rdfResponse(c, etag, format, (syntax) =>
    writeCatalogPage(syntax, views, dcatContext(index, url.origin), null),
  );
}

function rdfResponse(
  c: Context<AppEnv>,
  etag: string,
  format: RdfFormat,
  write: (syntax: RdfSyntax) => string,
) {
  const syntax = SYNTAXES[format];
  return bytesResponse(c, etag, syntax, new TextEncoder().encode(write(syntax)));
}

function bytesResponse(c: Context<AppEnv>, etag: string, syntax: RdfSyntax, bytes: Uint8Array) {
  const headers = snapshotHeaders(etag, bytes.length, {}, syntax.mediaType);
  return new Response(c.req.method === 'HEAD' ? null : bytes, { headers });
}

/**
 * The page's elements (catalogue order) and the count of all that match, without a list of them
 * all: a range when every element matches.
 */
function pageOf(count: number, modified: Uint32Array, page: number, since: number | undefined) {
  const first = (page - 1) * DATASETS_PER_PAGE;
  if (since === undefined) {
    const from = Math.min(first, count);
    const elements = Uint32Array.from(
      { length: Math.min(DATASETS_PER_PAGE, count - from) },
      (_, i) => from + i,
    );
    return { elements, matching: count };
  }
  const onPage: number[] = [];
  let matching = 0;
  for (let e = 0; e < count; e++)
    if (modified[e]! * 1000 >= since) {
      if (matching >= first && onPage.length < DATASETS_PER_PAGE) onPage.push(e);
      matching++;
    }
  return { elements: Uint32Array.from(onPage), matching };
}

function pageParameter(params: URLSearchParams): number {
  const values = params.getAll('page');
  if (values.length === 0 || values[0] === '') return 1;
  if (values.length > 1 || !/^[1-9]\d{0,8}$/.test(values[0]!))
    throw invalidQuery('Invalid page: give one whole number from 1 (the first page).');
  return Number(values[0]);
}

/** ckanext-dcat's modified_since: an ISO 8601 date or date-time; milliseconds since the epoch. */
function modifiedSince(params: URLSearchParams): number | undefined {
  const value = params.get('modified_since');
  if (value === null || value === '') return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
    ? Date.parse(
        /T.*(Z|[+-]\d{2}:?\d{2})$/.test(value) || !value.includes('T') ? value : `${value}Z`,
      )
    : NaN;
  if (!Number.isFinite(ms) || !isCalendarDay(value))
    throw invalidQuery(
      'Invalid modified_since: give an ISO 8601 date or date-time, such as 2024-01-31 or 2024-01-31T08:00:00Z.',
    );
  return ms;
}
