// A client of the API: one function per endpoint, typed from core/schema.ts. Only fetch, URL
// and URLSearchParams: it runs in browsers, Node 20+ and Workers alike.
import type { ElementKey } from '../core/contract.ts';
import type {
  CatalogueDump,
  FacetCounts,
  JsonStatDataset,
  Observation,
  ReferenceItem,
} from '../core/schema.ts';
import { ApiError } from './api-error.ts';
import { parseLinkHeader } from './link-header.ts';
import type { FacetQuery, ObservationQuery, Projected, SearchPage, SearchQuery } from './types.ts';
import { apiUrls } from './urls.ts';

/** What the client needs of fetch (the global one, SELF.fetch in a Worker test, or a wrapper). */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

export interface ClientOptions {
  /** The API's origin (or the URL it is mounted under): the paths start with /api/v1. */
  baseUrl: string | URL;
  fetch?: FetchLike;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** Elements per request when `elements()` pages through a search. */
export const DEFAULT_PAGE_SIZE = 100;

type Fields<K extends ElementKey> = { fields?: K | readonly K[] };

export function createClient({
  baseUrl,
  fetch = (url, init) => globalThis.fetch(url, init),
}: ClientOptions) {
  const urls = apiUrls(baseUrl);

  async function get(
    url: string,
    options: RequestOptions = {},
    accept = 'application/json',
  ): Promise<Response> {
    const response = await fetch(url, {
      headers: { accept },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.ok) throw await ApiError.from(response, url);
    return response;
  }
  const getJson = async <T>(url: string, options?: RequestOptions) =>
    (await (await get(url, options)).json()) as T;

  /** One page of a search (every match without `limit`). */
  async function search<const K extends ElementKey = ElementKey>(
    query: SearchQuery & Fields<K> = {},
    options?: RequestOptions,
  ): Promise<SearchPage<Projected<K>>> {
    const url = urls.search(query);
    const response = await get(url, options);
    const elements = (await response.json()) as Projected<K>[];
    return {
      elements,
      total: Number(response.headers.get('x-total-count') ?? elements.length),
      links: parseLinkHeader(response.headers.get('link')),
      url,
    };
  }

  /**
   * Every match, `pageSize` elements a request: `for await (const element of
   * client.elements(query))`.
   */
  async function* elements<const K extends ElementKey = ElementKey>(
    query: Omit<SearchQuery, 'limit' | 'offset'> & Fields<K> = {},
    { pageSize = DEFAULT_PAGE_SIZE, ...options }: RequestOptions & { pageSize?: number } = {},
  ): AsyncGenerator<Projected<K>, void, undefined> {
    for (let offset = 0; ;) {
      const page = await search<K>({ ...query, limit: pageSize, offset }, options);
      yield* page.elements;
      offset += page.elements.length;
      if (page.elements.length < pageSize || offset >= page.total) return;
    }
  }

  return {
    urls,
    categories: (options?: RequestOptions) =>
      getJson<ReferenceItem[]>(urls.list('category'), options),
    dataSources: (options?: RequestOptions) =>
      getJson<ReferenceItem[]>(urls.list('dataSource'), options),
    sectors: (options?: RequestOptions) => getJson<ReferenceItem[]>(urls.list('sector'), options),
    fields: (options?: RequestOptions) => getJson<ReferenceItem[]>(urls.list('field'), options),
    search,
    elements,
    /** One element by its `_id`; an unknown or unpublished id is an ApiError with status 404. */
    element: <const K extends ElementKey = ElementKey>(
      id: string,
      query: Fields<K> = {},
      options?: RequestOptions,
    ) => getJson<Projected<K>>(urls.element(id, query), options),
    /** One of an element's tables, as CSV text. */
    tableCsv: async (id: string, year: number, options?: RequestOptions) =>
      (await get(urls.tableCsv(id, year), options, 'text/csv')).text(),
    /**
     * An element's numbers as tidy observations (year, row, column, value, cell), every year's,
     * filtered by years, rows and columns; an unknown id is an ApiError with status 404.
     */
    observations: (id: string, query: ObservationQuery = {}, options?: RequestOptions) =>
      getJson<Observation[]>(urls.observations(id, query), options),
    /** The same observations as CSV text. */
    observationsCsv: async (id: string, query: ObservationQuery = {}, options?: RequestOptions) =>
      (await get(urls.observations(id, query, '.csv'), options, 'text/csv')).text(),
    /** The same observations as one JSON-stat 2.0 dataset. */
    observationsJsonStat: (id: string, query: ObservationQuery = {}, options?: RequestOptions) =>
      getJson<JsonStatDataset>(urls.observations(id, query, '.jsonstat'), options),
    facets: (query: FacetQuery = {}, options?: RequestOptions) =>
      getJson<FacetCounts>(urls.facets(query), options),
    /**
     * The whole catalogue as one download: its parts' URLs, element counts, lengths and SHA-256
     * (each part gzip'd JSON Lines: `DecompressionStream('gzip')` reads it).
     */
    dump: (options?: RequestOptions) => getJson<CatalogueDump>(urls.dump(), options),
    /** The OpenAPI 3.1 document. */
    openApi: (options?: RequestOptions) =>
      getJson<Record<string, unknown>>(urls.openApi(), options),
  };
}

export type Client = ReturnType<typeof createClient>;
