// What the explorer shows, kept in the page's own URL (?q=…&title=…&category=…&offset=…) so that
// a search can be shared and the back button works; and turned into the API's query.
import type { FacetQuery, SearchQuery } from '../../client/index.ts';

export const FILTERS = ['category', 'dataSource', 'sector', 'field', 'year'] as const;
export type Filter = (typeof FILTERS)[number];

export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_LIMIT = 20;

export interface ExplorerState extends Record<Filter, string> {
  /** The search box's words (`q`), without surrounding white space. */
  q: string;
  /** The advanced title pattern (`title`). */
  title: string;
  limit: number;
  offset: number;
}

/** The keys the result table needs. */
const TABLE_FIELDS = ['_id', 'title', 'unit', 'data', 'dataSource'] as const;

export const emptyState = (): ExplorerState => ({
  q: '',
  title: '',
  category: '',
  dataSource: '',
  sector: '',
  field: '',
  year: '',
  limit: DEFAULT_LIMIT,
  offset: 0,
});

export function stateFromUrl(search: string): ExplorerState {
  const params = new URLSearchParams(search);
  const state = emptyState();
  state.q = (params.get('q') ?? '').trim();
  state.title = params.get('title') ?? '';
  for (const filter of FILTERS) state[filter] = params.get(filter) ?? '';
  const limit = Number(params.get('limit'));
  if (PAGE_SIZES.includes(limit)) state.limit = limit;
  const offset = Number(params.get('offset'));
  if (Number.isSafeInteger(offset) && offset > 0) state.offset = offset;
  return state;
}

/** The page URL's query for a state: only what differs from the empty state. */
export function stateToUrl(state: ExplorerState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.title) params.set('title', state.title);
  for (const filter of FILTERS) if (state[filter]) params.set(filter, state[filter]);
  if (state.limit !== DEFAULT_LIMIT) params.set('limit', String(state.limit));
  if (state.offset) params.set('offset', String(state.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function facetQuery(state: ExplorerState): FacetQuery {
  const query: FacetQuery = {};
  if (state.q) query.q = state.q;
  if (state.title) query.title = state.title;
  if (state.category) query.category = state.category;
  if (state.dataSource) query.dataSource = state.dataSource;
  if (state.sector) query.sector = state.sector;
  if (state.field) query.field = state.field;
  if (state.year) query.year = Number(state.year);
  return query;
}

export function searchQuery(state: ExplorerState) {
  return {
    ...facetQuery(state),
    limit: state.limit,
    offset: state.offset,
    fields: TABLE_FIELDS,
  } satisfies SearchQuery;
}
