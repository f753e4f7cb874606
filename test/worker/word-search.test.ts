// Word search (docs/api.md §11) on the real Worker over the fixture snapshot, against the naive
// reference (test/support/word-search-reference.ts through reference-filter.ts): for every query
// drawn from the catalogue, the match, its relevance order, X-Total-Count, every page with its
// Link header (docs/api.md §5.1), and whole answers byte for byte.
import { describe, expect, it } from 'vitest';
import { fixtureId, fixtureNumber } from '../support/fixture-catalogue.ts';
import {
  expectedSearch,
  publishedFixtureElements,
  referenceRanking,
} from '../support/reference-filter.ts';
import { WORD_SEARCH_CASES } from '../support/word-search-cases.ts';
import type { RankedElement } from '../support/word-search-reference.ts';
import {
  WORD_QUERY_KINDS,
  wordSearchQueries,
  type WordQuery,
} from '../support/word-search-queries.ts';
import { ORIGIN, api, callSearch, callWorker, idsOf } from './worker-client.ts';

const PATH = '/api/v1/data-element';
const enc = encodeURIComponent;
const QUERIES = wordSearchQueries();
const search = callSearch;
const expected = expectedSearch;

/** The Link header of docs/api.md §5.1 for the query `base&limit=L&offset=O` (offset written last). */
function expectedLink(base: string, limit: number, offset: number, total: number): string {
  const at = (n: number) => `<${ORIGIN}${PATH}?${base}&limit=${limit}&offset=${n}>`;
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.max(0, offset - limit))}; rel="prev"`);
  if (offset + limit < total) links.push(`${at(offset + limit)}; rel="next"`);
  links.push(`${at(total === 0 ? 0 : Math.floor((total - 1) / limit) * limit)}; rel="last"`);
  return links.join(', ');
}

describe('word search cases: the naive reference over the fixture catalogue', () => {
  it.each(WORD_SEARCH_CASES)('$name ($q)', ({ q, expected: numbers }) => {
    expect(referenceRanking(q).map(({ id }) => fixtureNumber(id))).toEqual(numbers);
  });
});

describe('word search cases: GET /api/v1/data-element?q= on the Worker', () => {
  it.each(WORD_SEARCH_CASES)('$name ($q)', async ({ q, expected: numbers }) => {
    const response = await api(`${PATH}?q=${enc(q)}`);
    expect(response.status, q).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(numbers.length));
    expect(await idsOf(response)).toEqual(numbers.map(fixtureId));
  });
});

describe('word search: the queries drawn from the catalogue', () => {
  const answers = QUERIES.map(({ kind, q }) => ({ kind, q, ranked: referenceRanking(q) }));
  const ofKind = (kind: string) => answers.filter((answer) => answer.kind === kind);

  it('are of every kind, and between them exercise every rule of the order', () => {
    for (const kind of WORD_QUERY_KINDS) expect(ofKind(kind).length, kind).toBeGreaterThan(0);
    expect(QUERIES.length).toBeGreaterThan(500);
    for (const { kind, q } of QUERIES) expect(q.trim(), kind).not.toBe('');
    const found = answers.filter(({ ranked }) => ranked.length > 0);
    expect(found.length).toBeGreaterThan(400);
    for (const { kind, q, ranked } of answers) {
      if (kind.startsWith('only in ') && kind !== 'only in unverified elements')
        expect(ranked.length, `${kind}: ${q}`).toBeGreaterThan(0);
      if (kind === 'finds nothing' || kind === 'only in unverified elements')
        expect(ranked, `${kind}: ${q}`).toEqual([]);
    }
    // neighbours in an answer: both tiers; more equal words first within a tier; the score
    // deciding against catalogue order; ties left in catalogue order
    const pairs = found.flatMap(({ ranked }) =>
      ranked.slice(1).map((after, i) => ({ before: ranked[i]!, after })),
    );
    const count = (rule: (before: RankedElement, after: RankedElement) => boolean) =>
      pairs.filter(({ before, after }) => rule(before, after)).length;
    const sameTier = (a: RankedElement, b: RankedElement) =>
      a.everyWordInTitle === b.everyWordInTitle;
    expect(count((a, b) => a.everyWordInTitle && !b.everyWordInTitle)).toBeGreaterThan(20);
    expect(count((a, b) => sameTier(a, b) && a.equal > b.equal && a.e > b.e)).toBeGreaterThan(5);
    expect(
      count((a, b) => sameTier(a, b) && a.equal === b.equal && a.score > b.score && a.e > b.e),
    ).toBeGreaterThan(5);
    expect(
      count((a, b) => sameTier(a, b) && a.equal === b.equal && a.score === b.score),
    ).toBeGreaterThan(100);
    const outOfCatalogueOrder = found.filter(({ ranked }) =>
      ranked.some((r, i) => i > 0 && r.e < ranked[i - 1]!.e),
    );
    expect(outOfCatalogueOrder.length).toBeGreaterThan(50);
  });

  it.each(WORD_QUERY_KINDS)(
    '%s: the match, its order and X-Total-Count are the reference’s',
    async (kind) => {
      for (const { q } of QUERIES.filter((query) => query.kind === kind)) {
        const query = `q=${enc(q)}&fields=_id`;
        const response = await search(query);
        const text = await response.text();
        expect(response.status, `${q}: ${text}`).toBe(200);
        const { ids, total } = expected(query);
        expect(text, q).toBe(JSON.stringify(ids.map((_id) => ({ _id }))));
        expect(response.headers.get('x-total-count'), q).toBe(String(total));
        expect(response.headers.has('link'), q).toBe(false);
      }
    },
  );
});

describe('word search: pages of the relevance order', () => {
  /** Queries with answers of two or more, one of each answer. */
  const pageable = (() => {
    const seen = new Set<string>();
    const out: (WordQuery & { total: number })[] = [];
    for (const query of QUERIES) {
      const ranked = referenceRanking(query.q);
      const key = ranked.map((r) => r.id).join();
      if (ranked.length < 2 || seen.has(key)) continue;
      seen.add(key);
      out.push({ ...query, total: ranked.length });
    }
    return out;
  })();

  it('has queries to page, some of them long', () => {
    expect(pageable.length).toBeGreaterThan(50);
    expect(pageable.filter(({ total }) => total >= 10).length).toBeGreaterThan(10);
  });

  it.each([1, 2, 3, 5, 8])(
    'limit=%i: every page, and one past the end, is its slice of the whole order, with X-Total-Count and Link',
    async (limit) => {
      for (const { q, total } of pageable) {
        const base = `q=${enc(q)}&fields=_id`;
        const whole = expected(base).ids;
        expect(whole.length).toBe(total);
        const lastPage = Math.floor((total - 1) / limit) * limit;
        for (let offset = 0; offset <= lastPage + limit; offset += limit) {
          // offset 0 left out: the links add it at the end
          const query =
            offset === 0 ? `${base}&limit=${limit}` : `${base}&limit=${limit}&offset=${offset}`;
          const response = await search(query);
          expect(response.status, query).toBe(200);
          expect(await idsOf(response), query).toEqual(whole.slice(offset, offset + limit));
          expect(response.headers.get('x-total-count'), query).toBe(String(total));
          expect(response.headers.get('link'), query).toBe(
            expectedLink(base, limit, offset, total),
          );
        }
      }
    },
  );

  it('an offset alone skips that many of the relevance order, then gives the rest', async () => {
    for (const { q, total } of pageable.filter((query) => query.total >= 4)) {
      const base = `q=${enc(q)}&fields=_id`;
      const whole = expected(base).ids;
      for (const offset of [1, Math.floor(total / 2), total - 1, total, total + 3]) {
        const response = await search(`${base}&offset=${offset}`);
        expect(await idsOf(response), `${q} offset ${offset}`).toEqual(whole.slice(offset));
        expect(response.headers.get('x-total-count')).toBe(String(total));
        expect(response.headers.has('link')).toBe(false);
      }
    }
  });

  it('a page of a match of nothing: 200 [], total 0, links to offset 0', async () => {
    const base = `q=${enc('duduk')}&fields=_id`;
    const response = await search(`${base}&limit=5&offset=10`);
    expect(await response.text()).toBe('[]');
    expect(response.headers.get('x-total-count')).toBe('0');
    expect(response.headers.get('link')).toBe(expectedLink(base, 5, 10, 0));
  });
});

describe('word search: whole answers', () => {
  /** Each published element's bytes as the one-element endpoint gives them (docs/api.md §5.4: the same). */
  async function elementBytes(fields?: string): Promise<Map<string, string>> {
    const bytes = new Map<string, string>();
    for (const { _id } of publishedFixtureElements()) {
      const response = await callWorker(
        `${ORIGIN}${PATH}/${_id}${fields ? `?fields=${fields}` : ''}`,
      );
      expect(response.status).toBe(200);
      bytes.set(_id, await response.text());
    }
    return bytes;
  }

  /** Queries whose order is not catalogue order, and a few that are, 60 at most. */
  const wholeQueries = QUERIES.filter(({ q }, n) => {
    const ranked = referenceRanking(q);
    return ranked.some((r, i) => i > 0 && r.e < ranked[i - 1]!.e) || n % 50 === 0;
  }).slice(0, 60);

  it.each([
    ['whole elements', undefined],
    ['projected (fields asked out of order)', 'unit,_id,title,category'],
  ])('are the elements’ own bytes, in the reference’s order: %s', async (_, fields) => {
    expect(wholeQueries.length).toBe(60);
    const bytes = await elementBytes(fields);
    const withFields = fields ? `&fields=${fields}` : '';
    for (const { q } of wholeQueries) {
      const query = `q=${enc(q)}${withFields}`;
      const response = await search(query);
      const text = await response.text();
      const { ids } = expected(query);
      expect(text, q).toBe(`[${ids.map((id) => bytes.get(id)!).join(',')}]`);
      expect(response.headers.get('content-length'), q).toBe(
        String(new TextEncoder().encode(text).length),
      );
      const page = await search(`${query}&limit=3&offset=1`);
      expect(await page.text(), q).toBe(
        `[${ids
          .slice(1, 4)
          .map((id) => bytes.get(id)!)
          .join(',')}]`,
      );
    }
  });
});
