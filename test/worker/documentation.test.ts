import { describe, expect, it } from 'vitest';
import { DOCUMENTATION_CSP, DOCUMENTATION_FILES, REFERENCE_LISTS } from '../../core/contract.ts';
import worker from '../../worker/index.ts';
import { api } from './worker-client.ts';

const PAGE_PATHS = ['/', '/docs', '/docs/'];

describe('GET / and /docs: the documentation page', () => {
  it.each(PAGE_PATHS)(
    'answers %s with the page under a strict content-security-policy',
    async (path) => {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(DOCUMENTATION_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      expect(html).toContain('<script type="module" src="/docs/explorer.js"></script>');
      expect(html).toContain('<link rel="stylesheet" href="/docs/explorer.css">');
    },
  );

  it('is one page at both paths, with one ETag, and answers 304 to it', async () => {
    const [root, docs] = await Promise.all([api('/'), api('/docs')]);
    expect(await root.text()).toBe(await docs.text());
    const etag = root.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(docs.headers.get('etag')).toBe(etag);
    const again = await api('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('needs nothing from another host: no inline script or style, no absolute URL to load', async () => {
    const html = await (await api('/')).text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const [, url] of html.matchAll(/\s(?:src|href)="([^"]*)"/g))
      expect(url).toMatch(/^(\/(?!\/)|#)/);
  });

  it('links a working example for every endpoint', async () => {
    const html = await (await api('/')).text();
    const examples = [...html.matchAll(/<details class="live" data-url="([^"]+)"/g)].map(
      ([, url]) => url!.replace(/&#38;/g, '&'),
    );
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const url of examples) expect((await api(url)).status, url).toBe(200);
  });
});

describe('the documentation files', () => {
  it.each(
    DOCUMENTATION_FILES.flatMap(({ paths, contentType }) =>
      paths.map((path) => [path, contentType] as const),
    ),
  )(
    'serves %s as %s, with ETag, cache-control and CORS, HEAD without a body',
    async (path, contentType) => {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(response.headers.get('cache-control')).toMatch(/max-age/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      const head = await api(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(bytes.length));
      expect(await head.text()).toBe('');
      const preflight = await api(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://portal.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
    },
  );

  it('answers /api/v1/openapi.json with an OpenAPI 3.1 document of every path the Worker routes', async () => {
    const document = (await (await api('/api/v1/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    // Hono's routes, as OpenAPI writes them: ":id" is "{id}", and the CSV route's ":table" is
    // "{year}.csv"; the sitemap's files are "{n}"; /dataset/{id} also answers its DCAT dataset
    // as /dataset/{id}.ttl and .jsonld, documented as paths of their own; the workbook's route
    // takes "{id}.xlsx".
    const routed = worker.routes
      .filter(({ method }) => method === 'GET')
      .map(({ path }) =>
        path
          .replace(':table', '{year}.csv')
          .replace(/:file\{sitemap-[^}]+\}/, 'sitemap-{n}.xml')
          .replace(':id{.+}', ':id') // the page's route takes any path below /dataset/
          .replace(':id{[^/]+\\.xlsx}', ':id.xlsx') // the workbook: an id, then .xlsx
          .replace(/:(\w+)/g, '{$1}'),
      )
      .flatMap((path) =>
        path === '/dataset/{id}' ? [path, `${path}.ttl`, `${path}.jsonld`] : [path],
      );
    expect(new Set(Object.keys(document.paths))).toEqual(new Set(routed));
    for (const { endpoint } of REFERENCE_LISTS) expect(document.paths).toHaveProperty([endpoint]);
  });
});
