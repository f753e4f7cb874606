import { describe, expect, it } from 'vitest';
import { fixtureLists, idOf } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const ENDPOINTS = [
  ['/api/v1/category', 'category'],
  ['/api/v1/sector', 'sector'],
  ['/api/v1/field', 'field'],
  ['/api/v1/data-source', 'dataSource'],
] as const;

describe.each(ENDPOINTS)('GET %s', (path, list) => {
  it('returns every item as {_id, name, slug} in catalogue order, bytes kept', async () => {
    const response = await api(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected = fixtureLists[list].map((item) => ({
      _id: idOf(item._id),
      name: item.name,
      slug: item.slug,
    }));
    const text = await response.text();
    expect(text).toBe(JSON.stringify(expected)); // key order and trailing spaces included
  });

  it('carries a strong ETag and answers If-None-Match with 304 and no body', async () => {
    const first = await api(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.body?.cancel();
    const again = await api(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const stale = await api(path, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await api(path);
    const getBody = await get.text();
    const head = await api(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(get.headers.get('content-length'))).toBe(
      new TextEncoder().encode(getBody).length,
    );
  });

  it('lets browsers and the CDN cache it, with CORS and nosniff', async () => {
    const response = await api(path);
    await response.body?.cancel();
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('ignores a query string', async () => {
    const plain = await (await api(path)).text();
    expect(await (await api(`${path}?title=x&category=nope`)).text()).toBe(plain);
  });
});

describe('reference list ETags', () => {
  it('differ between lists', async () => {
    const etags = await Promise.all(
      ENDPOINTS.map(async ([path]) => {
        const response = await api(path);
        await response.body?.cancel();
        return response.headers.get('etag');
      }),
    );
    expect(new Set(etags).size).toBe(ENDPOINTS.length);
  });
});
