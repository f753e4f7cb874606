// GET /dataset/{id} (docs/harvest.md §14): the element's page by _id or CKAN name, its 404 page,
// ETag/304 and HEAD; /sitemap.xml and /robots.txt. What Chromium, axe and Lighthouse see of the
// pages is checked in test/docs-page/.
import { describe, expect, it } from 'vitest';
import { referencePackages } from '../support/ckan-reference.ts';
import { ORIGIN, callWorker } from './worker-client.ts';

const packages = referencePackages();
const page = (path: string, init?: RequestInit) => callWorker(`${ORIGIN}${path}`, init);

describe('GET /dataset/{id}', () => {
  it('answers the page of every published element by _id and by CKAN name, alike', async () => {
    for (const p of packages) {
      const byId = await page(`/dataset/${p.id}`);
      expect(byId.status).toBe(200);
      expect(byId.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(byId.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(byId.headers.get('access-control-allow-origin')).toBe('*');
      const html = await byId.text();
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/dataset/${p.name}"`);
      expect(html).toContain('application/ld+json');
      const byName = await page(`/dataset/${p.name}`);
      expect(byName.status).toBe(200);
      expect(await byName.text()).toBe(html);
    }
  });

  it('answers a 404 page with a search box for an unknown id, an unpublished one, a wrong name, a deeper path', async () => {
    const wrongName = `${packages[1]!.name.split('-').slice(0, -1).join('-')}-${packages[0]!.id}`;
    const deeper = `${packages[0]!.id}/tabel`;
    for (const id of ['tidak-ada', '000000000000000000009999', wrongName, deeper]) {
      const response = await page(`/dataset/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toMatch(/<form[^>]*action="[^"]*\/"[^>]*method="get"/);
      expect(html).toContain('name="q"');
    }
  });

  it('gives an ETag, a 304 for If-None-Match, and HEAD without a body', async () => {
    const path = `/dataset/${packages[0]!.id}`;
    const first = await page(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await page(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await page(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
  });
});

describe('GET /sitemap.xml, /robots.txt', () => {
  it("lists every element's page exactly once, with its lastmod", async () => {
    const response = await page('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const entries = [
      ...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g),
    ];
    expect(entries.map((m) => m[1]).sort()).toEqual(
      packages.map((p) => `${ORIGIN}/dataset/${p.name}`).sort(),
    );
    for (const [, loc, lastmod] of entries) {
      const p = packages.find((q) => loc === `${ORIGIN}/dataset/${q.name}`)!;
      expect(lastmod).toBe(new Date(p.modified * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    }
  });

  it('has no second file for a catalogue this small', async () => {
    expect((await page('/sitemap-1.xml')).status).toBe(404);
    // any number, however long, is a file this sitemap has or a 404: never the sitemap again
    expect((await page('/sitemap-1234567.xml')).status).toBe(404);
  });

  it('robots.txt names the sitemap', async () => {
    const text = await (await page('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).toMatch(/^User-agent: \*$/m);
  });
});
