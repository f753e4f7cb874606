// One element by its id (docs/api.md §5.4): the bytes of the search, and an unpublished id
// indistinguishable from one that never existed.
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { PUBLISHED, UNVERIFIED, fixtureId, idOf } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const one = (id: string, init?: RequestInit) => api(`/api/v1/data-element/${id}`, init);
const NEVER_EXISTED = '000000000000000000009999';

describe('GET /api/v1/data-element/{id}', () => {
  it('answers every published element with the bytes it has in the search answer', async () => {
    const search = await (await api('/api/v1/data-element')).text();
    const ids = (JSON.parse(search) as { _id: string }[]).map((e) => e._id);
    expect(ids).toHaveLength(PUBLISHED.length);
    const texts: string[] = [];
    for (const id of ids) {
      const response = await one(id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await response.text();
      expect(response.headers.get('content-length')).toBe(
        String(new TextEncoder().encode(text).length),
      );
      expect((JSON.parse(text) as { _id: string })._id).toBe(id);
      texts.push(text);
    }
    expect(`[${texts.join(',')}]`).toBe(search);
  });

  it('answers an unverified id exactly as an id that never existed, but for the id', async () => {
    const unknown = await one(NEVER_EXISTED);
    const unknownHeaders = [...unknown.headers];
    const unknownText = await unknown.text();
    await expectErrorBody(await one(NEVER_EXISTED), 404, 'error');
    expect(UNVERIFIED.length).toBeGreaterThan(0);
    for (const element of UNVERIFIED) {
      const id = idOf(element._id);
      const response = await one(id);
      const text = await response.text();
      expect(response.status).toBe(404);
      expect([...response.headers]).toEqual(unknownHeaders);
      expect(text.replaceAll(id, NEVER_EXISTED)).toBe(unknownText);
    }
  });

  it.each([
    ['an id in capitals', fixtureId(11).toUpperCase()],
    ['an id with a trailing space', `${fixtureId(1)}%20`],
    ['an id cut short', fixtureId(1).slice(0, 23)],
    ['a Mongo Extended JSON id', encodeURIComponent(`{"$oid":"${fixtureId(1)}"}`)],
    ['a word', 'jumlah-penduduk'],
  ])('answers %s with 404 naming it', async (_, id) => {
    const error = await expectErrorBody(await one(id), 404, 'error');
    expect(error).toContain(JSON.stringify(decodeURIComponent(id)));
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await one(fixtureId(22));
    await get.text();
    const head = await one(fixtureId(22), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['etag', 'content-length', 'content-type', 'cache-control'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
  });

  it('carries a strong ETag of its own, answered with 304', async () => {
    const first = await one(fixtureId(6));
    await first.body?.cancel();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const other = await one(fixtureId(7));
    await other.body?.cancel();
    expect(other.headers.get('etag')).not.toBe(etag);
    const again = await one(fixtureId(6), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(first.headers.get('cache-control')).toMatch(/public/);
  });

  it('ignores a query string other than fields', async () => {
    const plain = await (await one(fixtureId(3))).text();
    expect(await (await one(`${fixtureId(3)}?title=x&limit=0&_=1`)).text()).toBe(plain);
  });
});
