// package_search's facets (docs/harvest.md §13.1): per field asked for in facet.field, how many of the
// matches have each value, as CKAN answers them twice: `facets` {field: {value: count}} and
// `search_facets` {field: {title, items: [{name, display_name, count}]}}. Counted over the
// matches with every filter applied (Solr's facets, unlike /api/v1/facets, are not disjunctive).
import { addAll, holds, type Bitmap } from '../../../core/bitmap.ts';
import { postingList } from '../filters.ts';
import type { CkanIndex, CkanSearchIndex } from './ckan-search.ts';

/** The facets asked for (routes/ckan/facet-parameters.ts reads them from the parameters). */
export interface FacetRequest {
  fields: string[];
  limit: number;
  mincount: number;
}

interface FacetValue {
  name: string;
  display_name: string;
  count: number;
}

export function countCkanFacets(
  index: CkanIndex,
  search: CkanSearchIndex,
  matched: Bitmap,
  request: FacetRequest,
): {
  facets: Record<string, Record<string, number>>;
  searchFacets: Record<string, { title: string; items: FacetValue[] }>;
} {
  const facets: Record<string, Record<string, number>> = {};
  const searchFacets: Record<string, { title: string; items: FacetValue[] }> = {};
  for (const field of request.fields) {
    let values = valuesOf(index, search, matched, field).filter(
      (v) => v.count >= Math.max(request.mincount, 0),
    );
    values.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (request.limit >= 0) values = values.slice(0, request.limit);
    facets[field] = Object.fromEntries(values.map((v) => [v.name, v.count]));
    // CKAN sorts these by display_name, descending (ckan/logic/action/get.py, package_search)
    const items = [...values].sort((a, b) =>
      a.display_name < b.display_name ? 1 : a.display_name > b.display_name ? -1 : 0,
    );
    searchFacets[field] = { title: field, items };
  }
  return { facets, searchFacets };
}

function valuesOf(
  index: CkanIndex,
  search: CkanSearchIndex,
  matched: Bitmap,
  field: string,
): FacetValue[] {
  const header = index.openData;
  const countIn = (list: Uint32Array) => {
    let n = 0;
    for (const e of list) if (holds(matched, e)) n++;
    return n;
  };
  const perItem = (
    dimension: 'dataSource' | 'category' | 'sector' | 'field',
    names: readonly string[],
    displayNames: readonly string[],
  ) =>
    names.map((name, i) => ({
      name,
      display_name: displayNames[i] ?? name,
      count: countIn(postingList(index.sections, dimension, i)),
    }));
  switch (field) {
    case 'organization':
      return perItem('dataSource', header.ckanNames.dataSource, header.titles.dataSource);
    case 'groups':
      return perItem('category', header.ckanNames.category, header.titles.category);
    case 'tags': {
      // a tag is a sector's or a field's name: an element counts once per tag it has
      const byTag = new Map<string, Bitmap>();
      for (const dimension of ['sector', 'field'] as const)
        header.tagNames[dimension].forEach((tag, i) => {
          let bitmap = byTag.get(tag);
          if (!bitmap) byTag.set(tag, (bitmap = new Int32Array(matched.length)));
          addAll(bitmap, postingList(index.sections, dimension, i));
        });
      return [...byTag].map(([tag, bitmap]) => {
        let count = 0;
        for (let w = 0; w < bitmap.length; w++) {
          let bits = bitmap[w]! & matched[w]!;
          for (; bits !== 0; bits &= bits - 1) count++;
        }
        return { name: tag, display_name: tag, count };
      });
    }
    case 'res_format': {
      let count = 0;
      const withTables = new Int32Array(matched.length);
      index.years.forEach((_, y) => {
        for (const e of postingList(index.sections, 'year', y))
          withTables[e >>> 5] = withTables[e >>> 5]! | (1 << (e & 31));
      });
      for (let w = 0; w < matched.length; w++)
        for (let bits = withTables[w]! & matched[w]!; bits !== 0; bits &= bits - 1) count++;
      return [{ name: 'CSV', display_name: 'CSV', count }];
    }
    case 'license_id': {
      let count = 0;
      for (let w = 0; w < matched.length; w++)
        for (let bits = matched[w]!; bits !== 0; bits &= bits - 1) count++;
      return [{ name: header.licenseId, display_name: header.licenseTitle, count }];
    }
    default:
      void search;
      return [];
  }
}
