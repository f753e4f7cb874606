// The year filter (docs/api.md §5.2); its matches are in the shared case table
// (test/support/search-cases.ts).
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { api } from './worker-client.ts';

const search = (query: string, init?: RequestInit) => api(`/api/v1/data-element?${query}`, init);

describe('GET /api/v1/data-element: year', () => {
  it.each([
    'year=abc',
    'year=2023.0',
    'year=2023x',
    'year=20%2023',
    'year=1e3',
    'year=2023&year=dua-ribu',
  ])('answers %s with 400 naming year', async (query) => {
    const message = await expectErrorBody(await search(query), 400, 'message');
    expect(message).toMatch(/\byear\b/);
  });

  it('is never a 404: a year no element has is 200 [] with a total of 0', async () => {
    const response = await search('year=1850');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('[]');
    expect(response.headers.get('x-total-count')).toBe('0');
  });

  it.each(['year=9007199254740992', 'year=99999999999999999999', 'year=-1' + '0'.repeat(400)])(
    'reads an integer past 2^53 − 1 as a year no element has: %s',
    async (query) => {
      const response = await search(query);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('[]');
      expect(response.headers.get('x-total-count')).toBe('0');
      const facets = await api(`/api/v1/facets?${query}`);
      expect(facets.status).toBe(200);
      expect(((await facets.json()) as { total: number }).total).toBe(0);
    },
  );

  it('still checks the slugs beside it', async () => {
    const error = await expectErrorBody(await search('year=2023&sector=tidak-ada'), 404, 'error');
    expect(error).toContain('/api/v1/sector');
  });

  it('gives each year its own ETag, and repeated years in any order one', async () => {
    const etagOf = async (query: string) => {
      const response = await search(query);
      await response.body?.cancel();
      return response.headers.get('etag');
    };
    expect(await etagOf('year=2023')).not.toBe(await etagOf('year=2024'));
    expect(await etagOf('year=2023')).not.toBe(await etagOf(''));
    expect(await etagOf('year=2024&year=2021')).toBe(await etagOf('year=2021&year=2024'));
  });

  it('matches data[].year, never a year written in the title', async () => {
    const elements = (await (await search('year=2023')).json()) as {
      title: string;
      data: { year: number }[];
    }[];
    for (const element of elements) expect(element.data.map((d) => d.year)).toContain(2023);
    const titled = (await (await search('title=tahun%202023')).json()) as {
      title: string;
      data: { year: number }[];
    }[];
    expect(titled.map((e) => e.title)).toEqual(['Realisasi Anggaran Pendidikan Tahun 2023']);
    expect(titled[0]!.data.map((d) => d.year)).toEqual([2021, 2020]);
  });
});
