import { describe, expect, it } from 'vitest';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { referenceFilter } from '../support/reference-filter.ts';
import { SEARCH_CASES } from '../support/search-cases.ts';
import { searchIds } from './worker-client.ts';

describe('search cases: the naive reference filter over the fixture catalogue', () => {
  it.each(SEARCH_CASES)('$name ($query)', ({ query, expected }) => {
    expect(referenceFilter(query)).toEqual(expected.map(fixtureId));
  });
});

describe('search cases: GET /api/v1/data-element on the Worker', () => {
  it.each(SEARCH_CASES)('$name ($query)', async ({ query, expected }) => {
    expect(await searchIds(query)).toEqual(expected.map(fixtureId));
  });
});
