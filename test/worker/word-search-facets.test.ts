// Facet counts with word search (docs/api.md §6, §11): q is part of every count, alone and with the
// title pattern, the filters and the year; each dimension counted with every filter but its own.
// Checked against the naive facet count of test/support/reference-filter.ts, byte for byte.
import { describe, expect, it } from 'vitest';
import { referenceFacets, referenceRanking } from '../support/reference-filter.ts';
import { WORD_QUERY_KINDS, wordSearchQueries } from '../support/word-search-queries.ts';
import { ORIGIN, callWorker } from './worker-client.ts';

const enc = encodeURIComponent;

/** A few queries of each kind, and some whose answers are long. */
const QUERIES = (() => {
  const all = wordSearchQueries();
  const some = WORD_QUERY_KINDS.flatMap((kind) =>
    all.filter((query) => query.kind === kind).slice(0, 3),
  );
  const long = all.filter(({ q }) => referenceRanking(q).length >= 8).slice(0, 12);
  return [...new Set([...some, ...long].map(({ q }) => q))];
})();

/** The other parameters q is counted with (and those the facets ignore). */
const WITH = [
  '',
  'sector=kependudukan',
  'year=2022',
  'title=jumlah',
  `title=${enc('^(jumlah|proyeksi|usaha) ')}`,
  'category=data-sektoral&dataSource=bps',
  'field=statistik&year=2023&year=2024',
  'sector=pendidikan&sector=sosial&title=a',
  'dataSource=dinsos&year=2022&field=sosial',
  'category=spm&category=data-prioritas-daerah&sector=sosial',
  'dataSource=disdikbud&dataSource=dpupr&category=data-sektoral&sector=infrastruktur&field=pendidikan&year=2022',
  'year=1999',
  'limit=2&offset=1&fields=title',
];

function expectedFacets(query: string): string {
  const facets = referenceFacets(query);
  if ('unknownSlug' in facets) throw new Error(`unknown slug ${facets.unknownSlug}`);
  return JSON.stringify(facets);
}

describe('GET /api/v1/facets with q', () => {
  it('has queries of every kind to count', () => {
    expect(QUERIES.length).toBeGreaterThan(60);
  });

  it.each(WITH)('counts as the reference does, q with "%s"', async (other) => {
    let counted = 0;
    for (const q of QUERIES) {
      const query = `q=${enc(q)}${other ? `&${other}` : ''}`;
      const response = await callWorker(`${ORIGIN}/api/v1/facets?${query}`);
      const text = await response.text();
      expect(response.status, `${query}: ${text}`).toBe(200);
      expect(text, query).toBe(expectedFacets(query));
      const lists = Object.values(JSON.parse(text) as Record<string, unknown>).slice(1);
      if (lists.some((list) => (list as unknown[]).length > 0)) counted++;
    }
    expect(counted, 'queries with something to count').toBeGreaterThan(5);
  });

  it('gives the total that the search with the same parameters counts', async () => {
    for (const other of WITH) {
      for (const q of QUERIES.slice(0, 20)) {
        const query = `q=${enc(q)}${other ? `&${other}` : ''}`;
        const facets = await callWorker(`${ORIGIN}/api/v1/facets?${query}`);
        const search = await callWorker(`${ORIGIN}/api/v1/data-element?${query}&fields=_id`);
        await search.body?.cancel();
        expect((await facets.json()) as { total: number }, query).toMatchObject({
          total: Number(search.headers.get('x-total-count')),
        });
      }
    }
  });

  it('differs from the counts without q where q narrows the match', async () => {
    const facets = async (query: string) =>
      (await callWorker(`${ORIGIN}/api/v1/facets?${query}`)).text();
    expect(await facets('q=penduduk')).not.toBe(await facets(''));
    expect(await facets('q=penduduk&sector=kependudukan')).not.toBe(
      await facets('sector=kependudukan'),
    );
    expect(await facets('q=zamrud')).toBe(
      '{"total":0,"category":[],"dataSource":[],"sector":[],"field":[],"year":[]}',
    );
  });
});
