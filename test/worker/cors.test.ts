// CORS and OPTIONS (docs/api.md §4, §7): a preflight on every endpoint, a JSON 404 on any other
// path, every header a script may need exposed.
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const PREFLIGHT = { origin: 'https://portal.example', 'access-control-request-method': 'GET' };

describe('OPTIONS', () => {
  it.each([
    '/api/v1/category',
    '/api/v1/data-source',
    '/api/v1/data-element',
    '/api/v1/data-element/',
    `/api/v1/data-element/${fixtureId(1)}`,
    `/api/v1/data-element/${fixtureId(1)}/2022.csv`,
    '/api/v1/facets',
    '/api/v1/facets/?year=2023',
    '/api/v1/dump',
    '/api/v1/dump/part-00001.jsonl.gz',
    '/api/v1/openapi.json',
    '/',
    '/docs',
  ])('answers a preflight on %s with 204', async (path) => {
    const response = await api(path, { method: 'OPTIONS', headers: PREFLIGHT });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/GET/);
  });

  it.each([
    '/index.html',
    '/api/v1/nothing',
    '/api/v1/facet',
    '/api/v1/data-element/x/y/z',
    '/_snapshot/manifest.json',
  ])('answers %s with the JSON 404 of a GET', async (path) => {
    const get = await expectErrorBody(await api(path), 404, 'error');
    expect(await expectErrorBody(await api(path, { method: 'OPTIONS' }), 404, 'error')).toBe(get);
    expect(
      await expectErrorBody(
        await api(path, { method: 'OPTIONS', headers: PREFLIGHT }),
        404,
        'error',
      ),
    ).toBe(get);
  });
});

describe('access-control-expose-headers', () => {
  const exposed = (response: Response) =>
    (response.headers.get('access-control-expose-headers') ?? '')
      .split(/,\s*/)
      .map((h) => h.toLowerCase());

  it.each([
    ['/api/v1/data-element?limit=2', ['etag', 'x-total-count', 'link']],
    ['/api/v1/facets', ['etag']],
    [`/api/v1/data-element/${fixtureId(1)}`, ['etag']],
    [`/api/v1/data-element/${fixtureId(1)}/2022.csv`, ['etag', 'content-disposition']],
  ])('lists every header %s answers with beyond the safelisted ones', async (path, headers) => {
    const response = await api(path);
    await response.body?.cancel();
    expect(response.status).toBe(200);
    for (const header of headers) {
      expect(response.headers.has(header), header).toBe(true);
      expect(exposed(response)).toContain(header);
    }
  });

  /** What a script of another origin reads without their being exposed (Fetch standard). */
  const SAFELISTED = [
    'cache-control',
    'content-language',
    'content-length',
    'content-type',
    'expires',
    'last-modified',
    'pragma',
  ];
  it.each([
    ['GET', '/'],
    ['GET', '/docs'],
    ['GET', '/api/v1/category'],
    ['GET', '/api/v1/data-element?limit=2&year=2022'],
    ['GET', `/api/v1/data-element/${fixtureId(1)}/2022.csv`],
    ['GET', '/api/v1/data-element?title=(%3F%3Da)'],
    ['GET', '/tidak-ada'],
    ['POST', '/api/v1/category'],
  ])('%s %s: every header beyond the safelisted and CORS ones is exposed', async (method, path) => {
    const response = await api(path, { method });
    await response.body?.cancel();
    const unexposed = [...response.headers.keys()].filter(
      (name) =>
        !SAFELISTED.includes(name) &&
        !name.startsWith('access-control-') &&
        !exposed(response).includes(name),
    );
    expect(unexposed).toEqual([]);
  });

  it('is on errors too', async () => {
    const response = await api('/api/v1/data-element?limit=0');
    await response.body?.cancel();
    expect(exposed(response)).toEqual(
      expect.arrayContaining(['etag', 'x-total-count', 'link', 'content-disposition']),
    );
  });
});
