// The client's query and answer types, derived from the zod shapes in core/schema.ts (types
// only: the client carries no zod). A parameter that may repeat takes one value or several.
import type { ElementKey } from '../core/contract.ts';
import type {
  DataElement,
  ElementParameters,
  FacetParameters,
  SearchParameters,
} from '../core/schema.ts';

type OneOrMany<T> = T extends readonly (infer U)[] ? U | readonly U[] : T;
type Loosened<P> = { [K in keyof P]?: OneOrMany<NonNullable<P[K]>> };

/**
 * GET /api/v1/data-element: q, title, category, dataSource, sector, field, year, limit, offset,
 * fields.
 */
export type SearchQuery = Loosened<SearchParameters>;
/** GET /api/v1/facets: the search's filters. */
export type FacetQuery = Loosened<FacetParameters>;
/** GET /api/v1/data-element/{id}: fields. */
export type ElementQuery = Loosened<ElementParameters>;

/** GET /api/v1/data-element/{id}/observations: years, rows and columns, each one or several. */
export interface ObservationQuery {
  year?: number | readonly number[];
  row?: string | readonly string[];
  column?: string | readonly string[];
}

/** An element with only the keys named in `fields` (every key when `fields` is not given). */
export type Projected<K extends ElementKey> = Pick<DataElement, K>;

/** The Link header of a page: absolute URLs of the first, previous, next and last page. */
export type PageLinks = Partial<Record<'first' | 'prev' | 'next' | 'last', string>>;

export interface SearchPage<T> {
  /** This page of the matching elements. */
  elements: T[];
  /** How many elements match, over every page (X-Total-Count). */
  total: number;
  /** With `limit`: the other pages. */
  links: PageLinks;
  /** The URL that was asked. */
  url: string;
}
