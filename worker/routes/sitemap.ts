// GET /sitemap.xml and /robots.txt (contract §14): every element's page once, with its lastmod,
// for search engines. Up to URLS_PER_SITEMAP pages /sitemap.xml lists them itself; past that it
// is a sitemap index over /sitemap-1.xml, /sitemap-2.xml… (sitemaps.org allows 50,000 URLs a
// file; a file here holds fewer, so each is written within the free profile's CPU). Pages in
// name order, from names.txt and the dates of open-data.bin.
import type { Context } from 'hono';
import { isoSeconds } from '../../core/open-data/dates.ts';
import { publicUrls } from '../../core/open-data/element-view.ts';
import type { AppEnv } from '../env.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { notFound } from '../http/errors.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { snapshotRequest } from './snapshot-request.ts';

export const URLS_PER_SITEMAP = 10_000;
const XML_TYPE = 'application/xml; charset=utf-8';
const encoder = new TextEncoder();

export async function sitemap(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const part = /^\/sitemap(?:-(\d{1,6}))?\.xml\/?$/.exec(url.pathname)?.[1];
  const request = snapshotRequest(c);
  const { store, budget, keepAlive } = request;
  const index = await store.index(budget, keepAlive);
  const count = index.elementCount;
  const files = Math.ceil(count / URLS_PER_SITEMAP);
  const isIndex = part === undefined && files > 1;
  const n = part === undefined ? 1 : Number(part);
  if (part !== undefined && (files <= 1 || n < 1 || n > files || String(n) !== part))
    throw notFound(url.pathname);
  const etag = answerEtag(index.buildId, JSON.stringify(['sitemap', url.origin, isIndex, n]));
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  let body: string;
  if (isIndex) {
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${url.origin}/sitemap-${i + 1}.xml</loc></sitemap>`,
    );
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  } else {
    const [openData, names] = await Promise.all([
      store.openData(index, budget, keepAlive),
      store.packageNames(index, budget, keepAlive),
    ]);
    const decoder = new TextDecoder();
    const page = publicUrls(url.origin).page;
    const first = (n - 1) * URLS_PER_SITEMAP;
    const end = Math.min(count, first + URLS_PER_SITEMAP);
    const entries: string[] = [];
    for (let rank = first; rank < end; rank++) {
      // names are [a-z0-9_-]: nothing in them to escape in XML
      const name = decoder.decode(
        names.subarray(openData.nameTextStart[rank]!, openData.nameTextStart[rank + 1]! - 3),
      );
      const modified = isoSeconds(openData.modified[openData.nameOrder[rank]!]!);
      entries.push(`<url><loc>${page(name)}</loc><lastmod>${modified}</lastmod></url>`);
    }
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }
  const bytes = encoder.encode(body);
  const headers = snapshotHeaders(etag, bytes.length, {}, XML_TYPE);
  return new Response(c.req.method === 'HEAD' ? null : bytes, { headers });
}

/** Crawl the pages, not the API's endless combinations of parameters; the sitemap says where. */
export async function robots(c: Context<AppEnv>): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const bytes = encoder.encode(
    `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${publicUrls(origin).sitemap}\n`,
  );
  const etag = answerEtag('robots', origin);
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  return new Response(c.req.method === 'HEAD' ? null : bytes, {
    headers: snapshotHeaders(etag, bytes.length, {}, 'text/plain; charset=utf-8'),
  });
}
