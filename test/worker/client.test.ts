// The typed client (client/) against the real Worker: SELF.fetch is its fetch.
import { SELF } from 'cloudflare:test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DataElement } from '../../core/schema.ts';
import { ApiError, createClient, parseLinkHeader, queryString } from '../../client/index.ts';
import { ORIGIN, searchIds } from './worker-client.ts';

const requested: string[] = [];
const api = createClient({
  baseUrl: ORIGIN,
  fetch: (url, init) => {
    requested.push(url);
    return SELF.fetch(url, init);
  },
});

describe('client: reference lists', () => {
  it('reads each list with its own function', async () => {
    for (const [read, endpoint] of [
      [api.categories, '/api/v1/category'],
      [api.dataSources, '/api/v1/data-source'],
      [api.sectors, '/api/v1/sector'],
      [api.fields, '/api/v1/field'],
    ] as const) {
      const items = await read();
      expect(items).toEqual(await (await SELF.fetch(`${ORIGIN}${endpoint}`)).json());
      expect(Object.keys(items[0]!)).toEqual(['_id', 'name', 'slug']);
    }
  });
});

describe('client: search and paging', () => {
  it('answers one page with the total and the links', async () => {
    const page = await api.search({ limit: 5, offset: 5, fields: ['_id', 'title'] });
    expect(page.elements).toHaveLength(5);
    expect(Object.keys(page.elements[0]!)).toEqual(['_id', 'title']);
    expect(page.total).toBe((await searchIds('')).length);
    expect(page.url).toBe(`${ORIGIN}/api/v1/data-element?limit=5&offset=5&fields=_id,title`);
    expect(Object.keys(page.links).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(page.links.next).toBe(
      `${ORIGIN}/api/v1/data-element?limit=5&offset=10&fields=_id,title`,
    );
  });

  it('searches words with q, and pages through them in relevance order', async () => {
    const order = await searchIds('q=jumlah%20pendud');
    expect(order.length).toBeGreaterThan(2);
    const page = await api.search({ q: 'jumlah pendud', limit: 2, fields: '_id' });
    expect(page.url).toBe(`${ORIGIN}/api/v1/data-element?q=jumlah+pendud&limit=2&fields=_id`);
    expect(page.total).toBe(order.length);
    const ids: string[] = [];
    for await (const element of api.elements(
      { q: 'jumlah pendud', fields: '_id' },
      { pageSize: 2 },
    ))
      ids.push(element._id);
    expect(ids).toEqual(order);
    const facets = await api.facets({ q: 'jumlah pendud' });
    expect(facets.total).toBe(order.length);
  });

  it('pages through every match with for await, in catalogue order', async () => {
    const all = await searchIds('sector=kesehatan');
    requested.length = 0;
    const ids: string[] = [];
    for await (const element of api.elements(
      { sector: 'kesehatan', fields: '_id' },
      { pageSize: 2 },
    )) {
      expectTypeOf(element).toEqualTypeOf<Pick<DataElement, '_id'>>();
      ids.push(element._id);
    }
    expect(ids).toEqual(all);
    expect(requested).toHaveLength(Math.floor(all.length / 2) + 1);
    expect(requested.every((url) => url.includes('limit=2'))).toBe(true);
  });

  it('takes one value or several for a repeatable filter (OR)', async () => {
    const one = await api.search({ category: 'data-sektoral' });
    const both = await api.search({ category: ['data-sektoral', 'data-prioritas-nasional'] });
    expect(both.total).toBeGreaterThanOrEqual(one.total);
    expect(both.elements.map((e) => e._id)).toEqual(
      await searchIds('category=data-sektoral&category=data-prioritas-nasional'),
    );
  });

  it('stops at once when nothing matches', async () => {
    const ids = [];
    for await (const element of api.elements({ title: 'zzzz-tidak-ada' })) ids.push(element);
    expect(ids).toEqual([]);
  });
});

describe('client: one element, its tables, the facets, the document', () => {
  it('reads one element, whole or projected', async () => {
    const [id] = await searchIds('limit=1');
    const whole = await api.element(id!);
    expect(whole._id).toBe(id);
    expect(whole.status).toBe('TERVERIFIKASI');
    const projected = await api.element(id!, { fields: ['title', 'unit'] });
    expect(Object.keys(projected)).toEqual(['title', 'unit']);
    expectTypeOf(projected).toEqualTypeOf<Pick<DataElement, 'title' | 'unit'>>();
    expectTypeOf(whole).toEqualTypeOf<Pick<DataElement, keyof DataElement>>();
  });

  it('reads a table as CSV text', async () => {
    const [element] = (await (
      await SELF.fetch(`${ORIGIN}/api/v1/data-element?limit=1&fields=_id,data`)
    ).json()) as { _id: string; data: { year: number }[] }[];
    const csv = await api.tableCsv(element!._id, element!.data[0]!.year);
    expect(csv).toMatch(/\r\n$/);
    expect(csv).toBe(
      await (await SELF.fetch(api.urls.tableCsv(element!._id, element!.data[0]!.year))).text(),
    );
  });

  it("reads an element's observations, filtered, as JSON, CSV and JSON-stat", async () => {
    const id = '000000000000000000001021'; // zzz-observations.json
    const observations = await api.observations(id, { year: 2017, column: ['Rasio, %'] });
    expect(observations).toEqual(
      await (
        await SELF.fetch(
          `${ORIGIN}/api/v1/data-element/${id}/observations?year=2017&column=Rasio,%20%25`,
        )
      ).json(),
    );
    expect(observations.map((o) => o.value)).toEqual([101.03, null, -1.5]);
    expectTypeOf(observations[0]!.value).toEqualTypeOf<number | null>();
    expect(await api.observationsCsv(id, { year: 2017 })).toMatch(
      /^year,row,column,value,cell\r\n2017,/,
    );
    expect((await api.observationsJsonStat(id)).id).toEqual(['year', 'row', 'column']);
    await expect(api.observations('000000000000000000009999')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('reads facet counts for a query', async () => {
    const facets = await api.facets({ sector: 'kesehatan' });
    expect(facets.total).toBe((await searchIds('sector=kesehatan')).length);
    expect(facets.sector.length).toBeGreaterThan(1);
  });

  it("reads the whole-catalogue download's parts", async () => {
    const dump = await api.dump();
    expect(dump).toEqual(await (await SELF.fetch(`${ORIGIN}/api/v1/dump`)).json());
    expect(dump.parts.reduce((sum, part) => sum + part.elements, 0)).toBe(dump.elements);
  });

  it('reads the OpenAPI document', async () => {
    expect((await api.openApi()).openapi).toMatch(/^3\.1\./);
  });
});

describe('client: errors', () => {
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it('throws an ApiError with the status and the parsed body of a 404', async () => {
    const error = await failure(api.search({ category: 'tidak-ada' }));
    expect(error.status).toBe(404);
    expect(error.body).toMatchObject({ status: 404 });
    expect(error.message).toContain('/api/v1/category');
    expect((await failure(api.element('tidak-ada'))).status).toBe(404);
  });

  it('throws an ApiError with the message of a 400', async () => {
    const error = await failure(api.search({ title: '(?=x)' }));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: expect.stringMatching(/lookahead/) });
  });

  it('throws from inside the iteration, on the page that fails', async () => {
    const iteration = (async () => {
      for await (const _ of api.elements({ year: 2023, dataSource: 'tidak-ada' }))
        expect.unreachable();
    })();
    expect((await failure(iteration)).status).toBe(404);
  });

  it('keeps a body that is not JSON as text', async () => {
    const plain = createClient({
      baseUrl: ORIGIN,
      fetch: async () => new Response('Bad gateway', { status: 502 }),
    });
    const error = await failure(plain.categories());
    expect(error.status).toBe(502);
    expect(error.body).toBe('Bad gateway');
  });
});

describe('client: URLs', () => {
  it('writes repeatable parameters repeated and fields comma-separated, skipping undefined', () => {
    expect(
      queryString({
        title: 'a b+c',
        sector: ['x', 'y'],
        year: 2023,
        fields: ['_id', 'title'],
        limit: undefined,
      }),
    ).toBe('?title=a+b%2Bc&sector=x&sector=y&year=2023&fields=_id,title');
    expect(queryString({})).toBe('');
  });

  it('keeps a base URL with a path, with or without its slash', () => {
    expect(createClient({ baseUrl: 'https://example.org/satu/' }).urls.search({ limit: 1 })).toBe(
      'https://example.org/satu/api/v1/data-element?limit=1',
    );
    expect(createClient({ baseUrl: new URL('https://example.org') }).urls.element('a/b')).toBe(
      'https://example.org/api/v1/data-element/a%2Fb',
    );
  });

  it('reads a Link header', () => {
    expect(
      parseLinkHeader('<https://x/a?offset=0>; rel="first", <https://x/a?offset=5>; rel="next"'),
    ).toEqual({ first: 'https://x/a?offset=0', next: 'https://x/a?offset=5' });
    expect(parseLinkHeader(null)).toEqual({});
  });
});
