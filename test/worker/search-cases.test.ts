import { describe, expect, it } from 'vitest';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { referenceSearch } from '../support/reference-filter.ts';
import { SEARCH_CASES } from '../support/search-cases.ts';
import { api } from './worker-client.ts';

describe('search cases: the naive reference filter over the fixture catalogue', () => {
  it.each(SEARCH_CASES)('$name ($query)', ({ query, expected, total }) => {
    expect(referenceSearch(query)).toEqual({
      ids: expected.map(fixtureId),
      total: total ?? expected.length,
    });
  });
});

describe('search cases: GET /api/v1/data-element on the Worker', () => {
  it.each(SEARCH_CASES)('$name ($query)', async ({ query, expected, total }) => {
    const response = await api(`/api/v1/data-element${query ? `?${query}` : ''}`);
    expect(response.status, query).toBe(200);
    const ids = ((await response.json()) as { _id: string }[]).map((e) => e._id);
    expect({ ids, total: Number(response.headers.get('x-total-count')) }).toEqual({
      ids: expected.map(fixtureId),
      total: total ?? expected.length,
    });
  });
});
