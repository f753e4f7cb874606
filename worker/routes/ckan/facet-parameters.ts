// package_search's facet parameters (docs/harvest.md §13.1) as CKAN reads them: facet, facet.field (a
// JSON list), facet.limit, facet.mincount.
import { CkanError } from '../../http/ckan-envelope.ts';
import type { FacetRequest } from '../../search/ckan/ckan-facets.ts';
import type { ActionParameters } from './action-parameters.ts';

/** CKAN's search.facets.limit. */
const DEFAULT_FACET_LIMIT = 50;

export function parseFacetFields(params: ActionParameters): FacetRequest {
  const facet = params['facet'];
  const off = facet !== undefined && String(facet).toLowerCase() === 'false';
  let fields: unknown = params['facet.field'] ?? [];
  if (typeof fields === 'string') {
    try {
      fields = JSON.parse(fields);
    } catch {
      throw new CkanError('validation', '', { 'facet.field': ['Could not parse as valid JSON'] });
    }
  }
  if (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string'))
    throw new CkanError('validation', '', { 'facet.field': ['Not a list'] });
  const integer = (key: string, fallback: number, min: number) => {
    const value = params[key];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new CkanError('validation', '', { [key]: ['Invalid integer'] });
    return n;
  };
  return {
    fields: off ? [] : [...new Set(fields as string[])],
    limit: integer('facet.limit', DEFAULT_FACET_LIMIT, -1),
    mincount: integer('facet.mincount', 1, 0),
  };
}
