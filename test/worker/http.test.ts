import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { api } from './worker-client.ts';

describe('other paths', () => {
  it.each([
    '/index.html',
    '/docs/index.html',
    '/docs/other.js',
    '/api/v1/openapi',
    '/openapi.json',
    '/api',
    '/api/v1',
    '/api/v1/categories',
    '/api/v2/category',
    '/API/V1/CATEGORY',
    '/api/v1/data-element/x',
    '/api/v1/data-element/x/2023.csv',
    '/api/v1/facet',
  ])('answers %s with a JSON 404', async (path) => {
    await expectErrorBody(await api(path), 404, 'error');
  });

  it('does not serve the snapshot files', async () => {
    const manifest = await api('/_snapshot/manifest.json');
    await expectErrorBody(manifest, 404, 'error');
    const body = await (await api('/api/v1/category')).text();
    expect(body).not.toContain('_snapshot');
    for (const path of [
      '/_snapshot/',
      '/_snapshot',
      '/api/v1/../_snapshot/manifest.json',
      '/index.bin',
    ])
      await expectErrorBody(await api(path), 404, 'error');
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s with a JSON 405 and an Allow header',
    async (method) => {
      const response = await api('/api/v1/data-element', {
        method,
        body: method === 'DELETE' ? undefined : '{}',
      });
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      await expectErrorBody(response, 405, 'error');
    },
  );

  it.each([
    '/api/v1/facets',
    '/api/v1/data-element/000000000000000000001001',
    '/api/v1/data-element/000000000000000000001001/2022.csv',
    '/api/v1/category/',
  ])('answers POST on %s with a JSON 405', async (path) => {
    const response = await api(path, { method: 'POST', body: '{}' });
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectErrorBody(response, 405, 'error');
  });

  it('answers a CORS preflight', async () => {
    const response = await api('/api/v1/data-element', {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/GET/);
  });
});

describe('HEAD', () => {
  it.each([
    '/api/v1/data-element?limit=0',
    '/api/v1/data-element?title=(%3F%3Da)',
    '/api/v1/data-element?sector=tidak-ada',
    '/api/v1/data-element/tidak-ada',
    '/api/v1/data-element/000000000000000000001001/1800.csv',
    '/api/v1/nothing',
  ])(
    'gives an error the headers of its GET, Content-Length included, and no body: %s',
    async (path) => {
      const get = await api(path);
      const body = await get.text();
      const head = await api(path, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(await head.text()).toBe('');
      expect(get.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).length));
      expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
    },
  );
});
