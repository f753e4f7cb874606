// Word search (docs/api.md §11) with every other parameter, its errors and its HTTP behaviour: q ANDs
// with the title pattern, the four filters and the year, keeping the relevance order; fields and
// paging apply to that order; q is read as docs/api.md §11 and §7 say (no word, too many words, repeated,
// misspelt name: 400; empty: absent); HEAD, ETag and If-None-Match as for any search (docs/api.md §4).
import { describe, expect, it } from 'vitest';
import { ELEMENT_KEYS } from '../../core/contract.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { expectedSearch, referenceRanking } from '../support/reference-filter.ts';
import { wordSearchQueries } from '../support/word-search-queries.ts';
import { api, callSearch, idsOf } from './worker-client.ts';

const enc = encodeURIComponent;
const PATHS = ['/api/v1/data-element', '/api/v1/facets'] as const;
const search = callSearch;
const expected = expectedSearch;

/** Queries with long answers first (where the other conditions have something to cut), then more. */
const QUERIES = (() => {
  const all = wordSearchQueries().map(({ q }) => q);
  const long = all.filter((q) => referenceRanking(q).length >= 5);
  return [...new Set([...long.slice(0, 40), ...all.filter((_, n) => n % 20 === 0)])];
})();

const OTHERS = [
  'title=jumlah',
  `title=${enc('^(jumlah|proyeksi|usaha) ')}`,
  `title=${enc('kecamatan$')}`,
  `title=${enc('\\(')}`,
  'category=data-sektoral',
  'category=data-prioritas-nasional&category=spm',
  'dataSource=bps',
  'dataSource=dinsos&dataSource=disdikbud',
  'sector=kependudukan',
  'sector=pendidikan&sector=infrastruktur',
  'field=statistik',
  `field=${enc('pekerjaan-umum ')}&field=sosial`,
  'year=2022',
  'year=2023&year=2024',
  'year=1999',
  'category=data-sektoral&dataSource=bps&sector=sosial&field=statistik',
  'title=a&sector=sosial&year=2022',
  'title=an&dataSource=dinsos&dataSource=bps&year=2023',
];

describe('q with the other search parameters', () => {
  it.each(OTHERS)(
    'q AND %s: the reference’s relevance order, restricted, order kept',
    async (other) => {
      let found = 0;
      for (const q of QUERIES) {
        const query = `q=${enc(q)}&${other}&fields=_id`;
        const response = await search(query);
        expect(response.status, query).toBe(200);
        const answer = expected(query);
        const order = referenceRanking(q).map(({ id }) => id);
        // the reference's restriction is the word order with the others' match kept
        const others = new Set(expected(`${other}`).ids);
        expect(answer.ids).toEqual(order.filter((id) => others.has(id)));
        expect(await idsOf(response), query).toEqual(answer.ids);
        expect(response.headers.get('x-total-count'), query).toBe(String(answer.total));
        if (answer.total > 1) found++;
      }
      if (other !== 'year=1999') expect(found, 'answers of two or more').toBeGreaterThan(2);
    },
  );

  it.each([
    [1, 0, 'title=jumlah'],
    [2, 1, 'sector=kependudukan'],
    [3, 3, 'year=2022'],
    [undefined, 2, 'dataSource=bps&category=data-sektoral'],
    [2, 2, 'title=a&year=2022'],
  ])(
    'limit=%s, offset=%i with q AND %s: slices of the restricted order',
    async (limit, offset, other) => {
      const paging = `${limit === undefined ? '' : `limit=${limit}&`}offset=${offset}`;
      for (const q of QUERIES) {
        const query = `q=${enc(q)}&${other}&fields=_id`;
        const whole = expected(query);
        const response = await search(`${query}&${paging}`);
        expect(await idsOf(response), `${query}&${paging}`).toEqual(
          whole.ids.slice(offset, limit === undefined ? undefined : offset + limit),
        );
        expect(response.headers.get('x-total-count')).toBe(String(whole.total));
      }
    },
  );

  it.each([
    '_id',
    'title',
    'unit,title',
    'sector,_id,metadata',
    'field,dataSource,category,status',
  ])(
    'fields=%s: only those keys, in the canonical order, on the relevance order',
    async (fields) => {
      const keys = ELEMENT_KEYS.filter((key) => fields.split(',').includes(key));
      for (const q of QUERIES.slice(0, 20)) {
        const query = `q=${enc(q)}&fields=${fields}`;
        const response = await search(query);
        const elements = (await response.json()) as Record<string, unknown>[];
        for (const element of elements) expect(Object.keys(element)).toEqual(keys);
        if (fields.includes('_id'))
          expect(elements.map((e) => e._id)).toEqual(expected(`q=${enc(q)}`).ids);
        expect(elements.length).toBe(expected(`q=${enc(q)}`).total);
      }
    },
  );
});

describe('q: what is refused and what is ignored', () => {
  describe.each(PATHS)('GET %s', (path) => {
    const get = (query: string, init?: RequestInit) => api(`${path}?${query}`, init);

    it.each([
      ['a space and a hyphen', 'q=%20-'],
      ['hyphens', 'q=--'],
      ['a no-break space', 'q=%C2%A0'],
      ['punctuation only', `q=${enc('(%) – & / ¿?')}`],
      ['combining marks only', `q=${enc('\u0301\u0308')}`],
      ['q with no word beside a valid title', 'q=-&title=jumlah'],
    ])('answers q with no word (%s) with 400 naming q', async (_, query) => {
      const message = await expectErrorBody(await get(query), 400, 'message');
      expect(message).toMatch(/\bq\b/);
    });

    it('answers 13 different words with 400 naming q, 12 with 200', async () => {
      const letters = 'abcdefghijklm'.split('');
      const thirteen = await expectErrorBody(await get(`q=${letters.join('+')}`), 400, 'message');
      expect(thirteen).toMatch(/\bq\b/);
      expect(thirteen).toContain('12');
      const twelve = await get(`q=${letters.slice(0, 12).join('+')}`);
      expect(twelve.status).toBe(200);
      await twelve.body?.cancel();
    });

    it('counts a word repeated in q once: 12 different words in 15 are accepted', async () => {
      const twelve = 'a b c d e f g h i j k l';
      const repeated = await get(`q=${enc(`${twelve} A l-a`)}`);
      const plain = await get(`q=${enc(twelve)}`);
      expect(repeated.status).toBe(200);
      expect(await repeated.text()).toBe(await plain.text());
      expect(repeated.headers.get('etag')).toBe(plain.headers.get('etag'));
    });

    it('answers 13 different words, some repeated, with 400', async () => {
      await expectErrorBody(await get(`q=${enc('a b c d e f g h i j k l A m')}`), 400, 'message');
    });

    it.each(['q=a&q=b', 'q=jumlah&q=jumlah', 'q=a&q=&q=b'])(
      'answers a repeated q (%s) with 400 naming q',
      async (query) => {
        const message = await expectErrorBody(await get(query), 400, 'message');
        expect(message).toMatch(/\bq\b/);
      },
    );

    it.each(['Q=jumlah', 'q[]=jumlah', 'Q=', 'title=a&Q=x'])(
      'answers %s with 400 naming "q" (parameter names are case-sensitive)',
      async (query) => {
        const message = await expectErrorBody(await get(query), 400, 'message');
        expect(message).toContain('"q"');
        expect(message).toContain(`"${query.split('&').at(-1)!.split('=')[0]}"`);
      },
    );

    it.each([
      ['', 'q='],
      ['title=jumlah', 'q=&title=jumlah'],
      ['sector=kependudukan&year=2022', 'sector=kependudukan&q=&year=2022'],
      ['q=penduduk', 'q=penduduk&q='],
    ])('treats an empty q as absent: "%s" and "%s" answer alike', async (plainQuery, withEmpty) => {
      const plain = await get(plainQuery);
      const empty = await get(withEmpty);
      expect(empty.status).toBe(200);
      expect(await empty.text()).toBe(await plain.text());
      expect(empty.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(empty.headers.get('x-total-count')).toBe(plain.headers.get('x-total-count'));
    });

    it.each([
      ['category', '/api/v1/category'],
      ['dataSource', '/api/v1/data-source'],
      ['sector', '/api/v1/sector'],
      ['field', '/api/v1/field'],
    ])('answers q with an unknown %s slug with 404 naming %s', async (param, endpoint) => {
      for (const q of ['penduduk', 'zamrud']) {
        const error = await expectErrorBody(await get(`q=${q}&${param}=tidak-ada`), 404, 'error');
        expect(error).toContain(endpoint);
      }
    });

    it('checks q before the slugs: no word and an unknown slug is a 400', async () => {
      const message = await expectErrorBody(await get('q=--&category=tidak-ada'), 400, 'message');
      expect(message).toMatch(/\bq\b/);
    });
  });
});

describe('q: HEAD, ETag and If-None-Match', () => {
  const QUERY = `q=${enc('jumlah penduduk')}&limit=2&offset=1`;

  it('HEAD has the headers of its GET and no body', async () => {
    const get = await api(`/api/v1/data-element?${QUERY}`);
    const body = await get.text();
    const head = await api(`/api/v1/data-element?${QUERY}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['etag', 'link', 'x-total-count', 'content-type', 'content-length'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(Number(get.headers.get('content-length'))).toBe(new TextEncoder().encode(body).length);
    const facetsGet = await api(`/api/v1/facets?${QUERY}`);
    await facetsGet.body?.cancel();
    const facetsHead = await api(`/api/v1/facets?${QUERY}`, { method: 'HEAD' });
    expect(await facetsHead.text()).toBe('');
    expect(facetsHead.headers.get('etag')).toBe(facetsGet.headers.get('etag'));
  });

  it.each(PATHS)('%s: If-None-Match with the ETag answers 304, no body', async (path) => {
    const first = await api(`${path}?${QUERY}`);
    await first.body?.cancel();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await api(`${path}?${QUERY}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await api(`${path}?q=penduduk`, { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });

  /** The same words: reordered, repeated, in other letter case, accents and separators. */
  const SAME_WORDS = [
    'jumlah penduduk',
    'penduduk jumlah',
    'Penduduk, JUMLAH',
    'jumlah penduduk jumlah',
    'JÚMLAH\u00a0Pénduduk',
    '(penduduk) - jumlah!',
  ];

  it.each(PATHS)(
    '%s: the same words in any order or writing give the same answer and ETag',
    async (path) => {
      const answers = await Promise.all(
        SAME_WORDS.map(async (q) => {
          const response = await api(`${path}?q=${enc(q)}&year=2022`);
          return { q, body: await response.text(), etag: response.headers.get('etag') };
        }),
      );
      for (const answer of answers.slice(1)) {
        expect(answer.body, answer.q).toBe(answers[0]!.body);
        expect(answer.etag, answer.q).toBe(answers[0]!.etag);
      }
    },
  );

  it('different words, pages or projections have different ETags', async () => {
    const queries = [
      'q=jumlah+penduduk',
      'q=jumlah+pendud',
      'q=jumlah',
      '',
      'title=jumlah+penduduk',
      'q=jumlah+penduduk&limit=2',
      'q=jumlah+penduduk&limit=2&offset=2',
      'q=jumlah+penduduk&fields=_id',
      'q=jumlah+penduduk&sector=kependudukan',
    ];
    const etags = await Promise.all(
      queries.map(async (query) => {
        const response = await api(`/api/v1/data-element?${query}`);
        await response.body?.cancel();
        return response.headers.get('etag');
      }),
    );
    expect(new Set(etags).size).toBe(queries.length);
  });
});
