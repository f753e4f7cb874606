import { describe, expect, it } from 'vitest';
import { api } from './worker-client.ts';

const expectJsonError = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = (await response.json()) as { error: string; status: number };
  expect(body.status).toBe(status);
  expect(typeof body.error).toBe('string');
  return body;
};

describe('other paths', () => {
  it.each(['/', '/api', '/api/v1', '/api/v1/categories', '/api/v2/category', '/API/V1/CATEGORY', '/api/v1/data-element/x', '/api/v1/data-element/x/2023.csv', '/api/v1/facet'])(
    'answers %s with a JSON 404',
    async (path) => {
      await expectJsonError(await api(path), 404);
    },
  );

  it('does not serve the snapshot files', async () => {
    const manifest = await api('/_snapshot/manifest.json');
    await expectJsonError(manifest, 404);
    const body = await (await api('/api/v1/category')).text();
    expect(body).not.toContain('_snapshot');
    for (const path of ['/_snapshot/', '/_snapshot', '/api/v1/../_snapshot/manifest.json', '/index.bin']) await expectJsonError(await api(path), 404);
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('answers %s with a JSON 405 and an Allow header', async (method) => {
    const response = await api('/api/v1/data-element', { method, body: method === 'DELETE' ? undefined : '{}' });
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectJsonError(response, 405);
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
