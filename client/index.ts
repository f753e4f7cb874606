// The typed client of the Satu Data read API (docs/api.md §8). See README.md.
export { ApiError, type ApiErrorBody } from './api-error.ts';
export {
  createClient,
  DEFAULT_PAGE_SIZE,
  type Client,
  type ClientOptions,
  type FetchLike,
  type RequestOptions,
} from './create-client.ts';
export type {
  ElementQuery,
  FacetQuery,
  PageLinks,
  Projected,
  SearchPage,
  SearchQuery,
} from './types.ts';
export { apiUrls, queryString, type ApiUrls } from './urls.ts';
export { parseLinkHeader } from './link-header.ts';
export type { CatalogueDump, DataElement, FacetCounts, ReferenceItem } from '../core/schema.ts';
