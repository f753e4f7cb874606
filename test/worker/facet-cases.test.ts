import { describe, expect, it } from 'vitest';
import { FACET_CASES, type FacetCase } from '../support/facet-cases.ts';
import { fixtureLists, idOf } from '../support/fixture-catalogue.ts';
import { referenceFacets, type ReferenceFacets } from '../support/reference-filter.ts';
import { api } from './worker-client.ts';

const LISTS = ['category', 'dataSource', 'sector', 'field'] as const;

/** An answer in the table's form: [slug, count] and [year, count] pairs. */
function asPairs(facets: ReferenceFacets): FacetCase['expected'] {
  const pairs = {
    total: facets.total,
    year: facets.year.map(({ year, count }) => [year, count]),
  } as FacetCase['expected'];
  for (const list of LISTS) pairs[list] = facets[list].map(({ slug, count }) => [slug, count]);
  return pairs;
}

/**
 * Every item as its list has it ({_id, name, slug}, byte for byte), then its count; years as {year,
 * count}.
 */
function expectItemsOfTheLists(facets: ReferenceFacets) {
  for (const list of LISTS) {
    for (const item of facets[list]) {
      const listed = fixtureLists[list].find((i) => i.slug === item.slug)!;
      expect(JSON.stringify(item)).toBe(
        JSON.stringify({
          _id: idOf(listed._id),
          name: listed.name,
          slug: listed.slug,
          count: item.count,
        }),
      );
    }
  }
  for (const item of facets.year) expect(Object.keys(item)).toEqual(['year', 'count']);
}

describe('facet cases: the naive reference filter over the fixture catalogue', () => {
  it.each(FACET_CASES)('$name ($query)', ({ query, expected }) => {
    const facets = referenceFacets(query);
    if ('unknownSlug' in facets) throw new Error(`unknown slug ${facets.unknownSlug}`);
    expect(asPairs(facets)).toEqual(expected);
  });
});

describe('facet cases: GET /api/v1/facets on the Worker', () => {
  it.each(FACET_CASES)('$name ($query)', async ({ query, expected }) => {
    const response = await api(`/api/v1/facets${query ? `?${query}` : ''}`);
    expect(response.status, query).toBe(200);
    const facets = (await response.json()) as ReferenceFacets;
    expect(Object.keys(facets)).toEqual([
      'total',
      'category',
      'dataSource',
      'sector',
      'field',
      'year',
    ]);
    expectItemsOfTheLists(facets);
    expect(asPairs(facets)).toEqual(expected);
  });
});
