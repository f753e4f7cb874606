// GET /sitemap.xml and /robots.txt (docs/harvest.md §14): every element's page once, with its lastmod,
// for search engines. Up to URLS_PER_SITEMAP pages /sitemap.xml lists them itself; past that it
// is a sitemap index over /sitemap-1.xml, /sitemap-2.xml… (sitemaps.org allows 50,000 URLs a
// file; a file here holds fewer, each written in about 2 ms of CPU, within the free profile's
// 10 ms: bench/HISTORY.md). Pages in name order, from names.txt and the dates of open-data.bin.
import type { Context } from 'hono';
import { URLS_PER_SITEMAP } from '../../core/contract.ts';
import { ISO_SECONDS_LENGTH, writeIsoSeconds } from '../../core/open-data/dates.ts';
import { NAME_SEPARATOR, type OpenDataSections } from '../../core/open-data/layout.ts';
import { publicUrls } from '../../core/open-data/element-view.ts';
import type { AppEnv } from '../env.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { notFound } from '../http/errors.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';

const XML_TYPE = 'application/xml; charset=utf-8';
const encoder = new TextEncoder();

export async function sitemap(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  // the route's own name for the file, read here with one pattern (a part of any length is read
  // as it is, and is answered only if it is a file of this sitemap)
  const file = c.req.param('file');
  const part = file === undefined ? undefined : /^sitemap-(\d+)\.xml$/.exec(file)?.[1];
  if (file !== undefined && part === undefined) throw notFound(url.pathname);
  const { request } = c.var;
  const { store } = request;
  const index = await store.index(request);
  const count = index.elementCount;
  const files = Math.ceil(count / URLS_PER_SITEMAP);
  const isIndex = part === undefined && files > 1;
  const n = part === undefined ? 1 : Number(part);
  if (part !== undefined && (files <= 1 || n < 1 || n > files || String(n) !== part))
    throw notFound(url.pathname);
  const etag = answerEtag(index.buildId, JSON.stringify(['sitemap', url.origin, isIndex, n]));
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  let bytes: Uint8Array;
  if (isIndex) {
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${url.origin}/sitemap-${i + 1}.xml</loc></sitemap>`,
    );
    bytes = encoder.encode(
      `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  } else {
    const [openData, names] = await Promise.all([
      store.openData(index, request),
      store.packageNames(index, request),
    ]);
    const first = (n - 1) * URLS_PER_SITEMAP;
    bytes = urlSet(url.origin, openData, names, first, Math.min(count, first + URLS_PER_SITEMAP));
  }
  const headers = snapshotHeaders(etag, bytes.length, {}, XML_TYPE);
  return new Response(c.req.method === 'HEAD' ? null : bytes, { headers });
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The `<urlset>` of the pages of name ranks [first, end), written straight into bytes: names are
 * copied from names.txt ([a-z0-9_-]: nothing in them to escape in XML) and dates written as
 * digits (writeIsoSeconds), so ten thousand URLs cost about a millisecond, not a string and a
 * Date each.
 */
function urlSet(
  origin: string,
  openData: OpenDataSections,
  names: Uint8Array,
  first: number,
  end: number,
): Uint8Array {
  const open = encoder.encode(`${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`);
  const close = encoder.encode('</urlset>\n');
  const locStart = encoder.encode(`<url><loc>${publicUrls(origin).page('')}`);
  const lastmodStart = encoder.encode('</loc><lastmod>');
  const urlEnd = encoder.encode('</lastmod></url>\n');
  const starts = openData.nameTextStart;
  const fixed = locStart.length + lastmodStart.length + ISO_SECONDS_LENGTH + urlEnd.length;
  // names.txt joins names by NAME_SEPARATOR: a name ends that many bytes before the next starts
  const nameBytes = starts[end]! - starts[first]! - (end - first) * NAME_SEPARATOR.length;
  const out = new Uint8Array(open.length + (end - first) * fixed + nameBytes + close.length);
  out.set(open);
  let at = open.length;
  for (let rank = first; rank < end; rank++) {
    at = copyInto(out, at, locStart, 0, locStart.length);
    at = copyInto(out, at, names, starts[rank]!, starts[rank + 1]! - NAME_SEPARATOR.length);
    at = copyInto(out, at, lastmodStart, 0, lastmodStart.length);
    writeIsoSeconds(out, at, openData.modified[openData.nameOrder[rank]!]!);
    at = copyInto(out, at + ISO_SECONDS_LENGTH, urlEnd, 0, urlEnd.length);
  }
  out.set(close, at);
  return out;
}

/** Copies source[from, to) to out at `at`; returns where it ended. A loop: for a few dozen bytes
 * it is faster than subarray and set, which cost a call into the runtime each. */
function copyInto(out: Uint8Array, at: number, source: Uint8Array, from: number, to: number) {
  for (let i = from; i < to; i++) out[at++] = source[i]!;
  return at;
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
