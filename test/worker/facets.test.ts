// Facet counts (docs/api.md §6) beyond the shared case table (test/support/facet-cases.ts): the
// counts agree with the search itself, errors are the search's, paging and fields are ignored.
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { SEARCH_CASES } from '../support/search-cases.ts';
import { api } from './worker-client.ts';

type Facets = { total: number; year: { year: number; count: number }[] } & Record<
  'category' | 'dataSource' | 'sector' | 'field',
  { slug: string; count: number }[]
>;
const LISTS = ['category', 'dataSource', 'sector', 'field'] as const;
const DIMENSIONS = [...LISTS, 'year'] as const;

const facets = (query: string, init?: RequestInit) =>
  api(`/api/v1/facets${query ? `?${query}` : ''}`, init);
const facetsOf = async (query: string) => (await (await facets(query)).json()) as Facets;
const totalOf = async (query: string) => {
  const response = await api(`/api/v1/data-element?${query}`, { method: 'HEAD' });
  expect(response.status, query).toBe(200);
  return Number(response.headers.get('x-total-count'));
};
const without = (query: string, names: string[]) => {
  const params = new URLSearchParams(query);
  for (const name of names) params.delete(name);
  return params;
};

describe('GET /api/v1/facets', () => {
  it.each(SEARCH_CASES)(
    'has a total equal to the search’s match count: $name ($query)',
    async ({ query, expected, total }) => {
      const answer = await facetsOf(query);
      expect(answer.total).toBe(total ?? expected.length);
      for (const dimension of DIMENSIONS)
        for (const item of answer[dimension]) expect(item.count).toBeGreaterThanOrEqual(1);
    },
  );

  it.each([
    'sector=pendidikan',
    'title=jumlah&dataSource=bps&dataSource=dinsos',
    'category=data-sektoral&year=2023&year=2021',
    'field=statistik&sector=kependudukan&title=penduduk',
    'year=2022&category=data-prioritas-daerah&category=spm',
  ])(
    'counts each item as the search would with that item chosen in place of its dimension’s filter (%s)',
    async (query) => {
      const answer = await facetsOf(query);
      for (const dimension of DIMENSIONS) {
        const others = without(query, [dimension]);
        const items =
          dimension === 'year'
            ? answer.year.map((y) => ({ value: String(y.year), count: y.count }))
            : answer[dimension].map((i) => ({ value: i.slug, count: i.count }));
        for (const { value, count } of items) {
          const chosen = new URLSearchParams(others);
          chosen.append(dimension, value);
          expect(count, `${dimension}=${value}`).toBe(await totalOf(chosen.toString()));
        }
        // and no item left out would have brought anything
        const unchosen = await facetsOf(others.toString());
        expect(unchosen[dimension]).toEqual(answer[dimension]);
      }
    },
  );

  it('ignores paging and fields, even invalid ones: same bytes, same ETag', async () => {
    const plain = await facets('title=jumlah');
    const plainText = await plain.text();
    for (const extra of [
      'limit=2&offset=1',
      'fields=title',
      'limit=0&offset=-1&fields=nama',
      'limit=2&limit=3',
    ]) {
      const response = await facets(`title=jumlah&${extra}`);
      expect(await response.text(), extra).toBe(plainText);
      expect(response.headers.get('etag'), extra).toBe(plain.headers.get('etag'));
      expect(response.headers.has('x-total-count')).toBe(false);
      expect(response.headers.has('link')).toBe(false);
    }
  });

  it('answers an invalid title pattern with 400, as the search', async () => {
    const message = await expectErrorBody(await facets('title=%28'), 400, 'message');
    expect(message).toBe(
      await expectErrorBody(await api('/api/v1/data-element?title=%28'), 400, 'message'),
    );
    await expectErrorBody(await facets('title=a&title=b'), 400, 'message');
  });

  it('answers a year that is not an integer with 400 naming year', async () => {
    expect(await expectErrorBody(await facets('year=2023a'), 400, 'message')).toMatch(/\byear\b/);
  });

  it.each([
    ['category', '/api/v1/category'],
    ['dataSource', '/api/v1/data-source'],
    ['sector', '/api/v1/sector'],
    ['field', '/api/v1/field'],
  ])('answers an unknown %s slug with 404 naming %s, as the search', async (param, endpoint) => {
    const error = await expectErrorBody(await facets(`${param}=tidak-ada`), 404, 'error');
    expect(error).toContain(endpoint);
    expect(error).toBe(
      await expectErrorBody(await api(`/api/v1/data-element?${param}=tidak-ada`), 404, 'error'),
    );
  });

  it('answers JSON with a strong ETag, 304 and HEAD', async () => {
    const first = await facets('year=2023');
    const text = await first.text();
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).length));
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const other = await facets('year=2024');
    await other.body?.cancel();
    expect(other.headers.get('etag')).not.toBe(etag);
    const search = await api('/api/v1/data-element?year=2023');
    await search.body?.cancel();
    expect(search.headers.get('etag')).not.toBe(etag);
    const again = await facets('year=2023', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await facets('year=2023', { method: 'HEAD' });
    expect(await head.text()).toBe('');
    for (const name of ['etag', 'content-length', 'content-type'])
      expect(head.headers.get(name)).toBe(first.headers.get(name));
  });
});
