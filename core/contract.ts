// Names and values the contract fixes, shared by the generator and the Worker. No zod here:
// the Worker imports this, and its bundle stays small.

/** The only status that is ever published. */
export const PUBLISHED_STATUS = 'TERVERIFIKASI';

export const FETCH_FAILED = 'Failed to fetch data.';

/** Each reference list: its input file, its endpoint, the element key and query parameter. */
export const REFERENCE_LISTS = [
  { name: 'category', file: 'category.json', endpoint: '/api/v1/category', param: 'category', label: 'category' },
  { name: 'dataSource', file: 'data-source.json', endpoint: '/api/v1/data-source', param: 'dataSource', label: 'data source' },
  { name: 'sector', file: 'sector.json', endpoint: '/api/v1/sector', param: 'sector', label: 'sector' },
  { name: 'field', file: 'field.json', endpoint: '/api/v1/field', param: 'field', label: 'field' },
] as const;
/** In the contract's order: the order unknown slugs are checked in. */
export type ReferenceListName = (typeof REFERENCE_LISTS)[number]['name'];

/** The top-level keys of a published element, in the order the contract publishes them. */
export const ELEMENT_KEYS = ['_id', 'title', 'unit', 'data', 'metadata', 'status', 'category', 'dataSource', 'sector', 'field'] as const;
export type ElementKey = (typeof ELEMENT_KEYS)[number];

/** Paging (contract §5.1). */
export const MAX_LIMIT = 1000;
