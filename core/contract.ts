// Names and values the contract fixes, shared by the generator and the Worker. No zod here:
// the Worker imports this, and its bundle stays small.

/** The only status that is ever published. */
export const PUBLISHED_STATUS = 'TERVERIFIKASI';

export const FETCH_FAILED = 'Failed to fetch data.';

/** Each reference list: its input file, its endpoint, the element key and query parameter. */
export const REFERENCE_LISTS = [
  {
    name: 'category',
    file: 'category.json',
    endpoint: '/api/v1/category',
    param: 'category',
    label: 'category',
  },
  {
    name: 'dataSource',
    file: 'data-source.json',
    endpoint: '/api/v1/data-source',
    param: 'dataSource',
    label: 'data source',
  },
  {
    name: 'sector',
    file: 'sector.json',
    endpoint: '/api/v1/sector',
    param: 'sector',
    label: 'sector',
  },
  { name: 'field', file: 'field.json', endpoint: '/api/v1/field', param: 'field', label: 'field' },
] as const;
/** In the contract's order: the order unknown slugs are checked in. */
export type ReferenceListName = (typeof REFERENCE_LISTS)[number]['name'];

/** The top-level keys of a published element, in the order the contract publishes them. */
export const ELEMENT_KEYS = [
  '_id',
  'title',
  'unit',
  'data',
  'metadata',
  'status',
  'category',
  'dataSource',
  'sector',
  'field',
] as const;
export type ElementKey = (typeof ELEMENT_KEYS)[number];

/** Paging (docs/api.md §5.1). */
export const MAX_LIMIT = 1000;

/**
 * Pages a sitemap file lists (docs/harvest.md §14; sitemaps.org allows 50,000): past this many,
 * /sitemap.xml is an index over /sitemap-{n}.xml. Few enough that a file is written in about
 * 2 ms of CPU (bench/HISTORY.md).
 */
export const URLS_PER_SITEMAP = 2500;
/**
 * The longest query string a page may have: its Link header repeats the query up to four times,
 * and clients and proxies refuse headers past 8–16 KiB (Node's fetch: 16 KiB for all of them).
 * 3,072 characters hold the longest title pattern percent-encoded (256 units of 3 UTF-8 bytes,
 * 2,304 characters) and the other parameters; a longer paged query is answered 414.
 */
export const MAX_PAGED_QUERY_LENGTH = 3072;

/** Browsers may reuse an answer for 5 minutes, the CDN for a day; the snapshot changes nightly. */
export const CACHE_CONTROL = 'public, max-age=300, s-maxage=86400, stale-while-revalidate=3600';
/**
 * Search answers this large are kept whole in the data center's cache once asked for
 * (worker/answer/edge-cache.ts); smaller ones are assembled every time, which is as fast.
 */
export const EDGE_CACHE_MIN_BYTES = 1024 * 1024;
/** Error answers are never cached. */
export const ERROR_CACHE_CONTROL = 'no-store';
/** X-Content-Type-Options of every answer: browsers take the content type as given. */
export const CONTENT_TYPE_OPTIONS = 'nosniff';
/** The methods the API answers: it is read-only (any other is a 405 with this Allow). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** How long a browser may keep a CORS preflight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE_S = 86400;
/** Headers a script of another origin may read (Access-Control-Expose-Headers, on every answer). */
export const EXPOSED_HEADERS = [
  'ETag',
  'Content-Length',
  'X-Total-Count',
  'Link',
  'Content-Disposition',
  'X-Content-Type-Options',
  'Allow',
  'Content-Security-Policy',
];

/** The longest title pattern accepted (docs/api.md §3). */
export const MAX_TITLE_PATTERN_LENGTH = 256;

/**
 * The API's own description (docs/api.md §8): files the build writes into the snapshot, the paths
 * the Worker serves each at, and their content type.
 */
export const DOCUMENTATION_FILES = [
  {
    name: 'openapi.json',
    paths: ['/api/v1/openapi.json'],
    contentType: 'application/json; charset=utf-8',
  },
  { name: 'index.html', paths: ['/', '/docs'], contentType: 'text/html; charset=utf-8' },
  {
    name: 'explorer.js',
    paths: ['/docs/explorer.js'],
    contentType: 'text/javascript; charset=utf-8',
  },
  { name: 'explorer.css', paths: ['/docs/explorer.css'], contentType: 'text/css; charset=utf-8' },
  { name: 'favicon.png', paths: ['/favicon.ico'], contentType: 'image/png' },
] as const;
export type DocumentationFileName = (typeof DOCUMENTATION_FILES)[number]['name'];

/** The documentation page loads its own script, stylesheet, icon and API answers, nothing else. */
export const DOCUMENTATION_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
