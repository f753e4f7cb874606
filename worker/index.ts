/**
 * The Satu Data read API on Cloudflare Workers, over the snapshot in dist/ (ASSETS binding).
 *
 *   GET|HEAD  /api/v1/category                        reference lists, precomputed bytes, catalogue order
 *   GET|HEAD  /api/v1/sector
 *   GET|HEAD  /api/v1/field
 *   GET|HEAD  /api/v1/data-source
 *   GET|HEAD  /api/v1/data-element                    search: q, title, category, dataSource, sector,
 *                                                     field, year, limit, offset, fields
 *   GET|HEAD  /api/v1/data-element/{id}               one element (fields)
 *   GET|HEAD  /api/v1/data-element/{id}/{year}.csv    one table as CSV
 *   GET|HEAD  /api/v1/data-element/{id}/observations  its numbers as tidy observations (year, row,
 *             /api/v1/data-element/{id}/observations.csv       column, value), as JSON, CSV,
 *             /api/v1/data-element/{id}/observations.jsonstat  JSON-stat,
 *             /api/v1/data-element/{id}.xlsx                   or a workbook of every table
 *   GET|HEAD  /api/v1/facets                          disjunctive counts for a search
 *   GET|HEAD  /api/v1/dump                            the whole catalogue as one download: its parts
 *   GET|HEAD  /api/v1/dump/{part}                     one part, gzip'd JSON Lines (part-00001.jsonl.gz)
 *   GET|HEAD  /api/v1/openapi.json                    the OpenAPI 3.1 description
 *   GET|HEAD|POST /api/3/action/{action},             CKAN's action API, read side (status_show, package_search,
 *             /api/action/{action}                    package_show, package_list, organization_*, group_*, tag_list…)
 *   GET|HEAD  /catalog.ttl, /catalog.jsonld           DCAT-AP 3, 100 datasets a page (page, modified_since)
 *   GET|HEAD  /dataset/{id}.ttl, /dataset/{id}.jsonld one dataset (id: _id or CKAN name)
 *   GET|HEAD  /dataset/{id}                           the element's page (HTML, strict CSP); 404 page
 *   GET|HEAD  /sitemap.xml, /sitemap-{n}.xml,         every page with its lastmod (an index past
 *             /robots.txt                             2,500), and where the sitemap is
 *   GET|HEAD  /, /docs                                the documentation page and explorer (strict CSP),
 *   GET|HEAD  /docs/explorer.js, /docs/explorer.css,  with its script, stylesheet and icon
 *             /favicon.ico
 *   OPTIONS   any of the above                        CORS preflight
 *   other methods → 405, other paths → 404 (the snapshot's own files are never served);
 *   a trailing slash answers as the path without it.
 *
 * Routes stay thin: parse the query, call the pure search, stream precomputed bytes.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import {
  ALLOWED_METHODS,
  CONTENT_TYPE_OPTIONS,
  DOCUMENTATION_FILES,
  EXPOSED_HEADERS,
  PREFLIGHT_MAX_AGE_S,
  REFERENCE_LISTS,
} from '../core/contract.ts';
import { listFetchFailed, methodNotAllowed, notFound, searchFetchFailed } from './http/errors.ts';
import type { AppEnv } from './env.ts';
import { requestContext } from './request-context.ts';
import { serveDocumentation } from './routes/documentation.ts';
import { oneElement, tableAsCsv } from './routes/one-element.ts';
import { observationsRoute } from './routes/observations.ts';
import { facets } from './routes/facets.ts';
import { dumpListing, dumpPart } from './routes/dump.ts';
import { serveList } from './routes/lists.ts';
import { search } from './routes/data-element.ts';
import { ckanAction } from './routes/ckan/action-api.ts';
import { dcatCatalog } from './routes/dcat.ts';
import { dataset } from './routes/dataset.ts';
import { robots, sitemap } from './routes/sitemap.ts';
import { warmUpPatternCompiler } from './title-search/warm-up.ts';
import { warmUpWordSearch } from './search/warm-up-words.ts';

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** Paths that also answer POST: CKAN's clients (ckanapi among them) POST their actions. */
const POST_ROUTES = ['/api/3/action/:action', '/api/action/:action'];

/** Every path the API answers: registered for GET (and HEAD), and the only ones OPTIONS answers. */
const ROUTES: { path: string; handler: Handler }[] = [
  ...REFERENCE_LISTS.map(({ name, endpoint }) => ({
    path: endpoint,
    handler: (c: Context<AppEnv>) => serveList(c, name),
  })),
  { path: '/api/v1/data-element', handler: search },
  // the workbook and the observations before one element and its tables, whose paths match theirs
  {
    path: '/api/v1/data-element/:id{[^/]+\\.xlsx}',
    handler: observationsRoute('xlsx', (c) => c.req.param('id')!.slice(0, -'.xlsx'.length)),
  },
  { path: '/api/v1/data-element/:id', handler: oneElement },
  ...(['json', 'csv', 'jsonstat'] as const).map((format) => ({
    path: `/api/v1/data-element/:id/observations${format === 'json' ? '' : `.${format}`}`,
    handler: observationsRoute(format, (c) => c.req.param('id')!),
  })),
  { path: '/api/v1/data-element/:id/:table', handler: tableAsCsv },
  { path: '/api/v1/facets', handler: facets },
  { path: '/api/v1/dump', handler: dumpListing },
  { path: '/api/v1/dump/:part', handler: dumpPart },
  ...POST_ROUTES.map((path) => ({ path, handler: ckanAction })),
  { path: '/catalog.ttl', handler: (c: Context<AppEnv>) => dcatCatalog(c, 'ttl') },
  { path: '/catalog.jsonld', handler: (c: Context<AppEnv>) => dcatCatalog(c, 'jsonld') },
  // any path below /dataset/ is a page's: what names no element gets the HTML 404 page
  { path: '/dataset/:id{.+}', handler: dataset },
  { path: '/sitemap.xml', handler: sitemap },
  { path: '/:file{sitemap-[0-9]+\\.xml}', handler: sitemap },
  { path: '/robots.txt', handler: robots },
  ...DOCUMENTATION_FILES.flatMap(({ name, paths }) =>
    paths.map((path) => ({ path, handler: (c: Context<AppEnv>) => serveDocumentation(c, name) })),
  ),
];

/**
 * A route path as a regular expression over request paths (":name" is one segment; a trailing slash
 * is allowed).
 */
const routePattern = (path: string) =>
  new RegExp(
    `^${path.replace(/:\w+(?:\{([^}]+)\})?/g, (_, pattern?: string) => pattern ?? '[^/]+')}/?$`,
  );
const ROUTE_PATTERNS = ROUTES.map(({ path }) => routePattern(path));
const isRoute = (pathname: string) => ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
const POST_PATTERNS = POST_ROUTES.map(routePattern);
const isPostRoute = (pathname: string) => POST_PATTERNS.some((pattern) => pattern.test(pathname));
/** The methods a path answers: every path GET, HEAD and OPTIONS; CKAN's actions POST too. */
const methodsOf = (pathname: string) =>
  isPostRoute(pathname) ? [...ALLOWED_METHODS, 'POST'] : ALLOWED_METHODS;

const app = new Hono<AppEnv>({ strict: false });

// On every answer, errors included (they replace c.res, so set these last).
app.use(async (c, next) => {
  await next();
  c.res.headers.set('access-control-allow-origin', '*');
  c.res.headers.set('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  c.res.headers.set('x-content-type-options', CONTENT_TYPE_OPTIONS);
});
app.use(async (c, next) => {
  const allowed = methodsOf(new URL(c.req.url).pathname);
  if (!allowed.includes(c.req.method)) throw methodNotAllowed(c.req.method, allowed);
  if (c.req.method === 'OPTIONS' && !isRoute(new URL(c.req.url).pathname))
    throw notFound(new URL(c.req.url).pathname);
  await next();
});
app.use(
  cors({
    origin: '*',
    // a browser's preflight for a CKAN action must hear POST, which those paths answer
    allowMethods: (_, c) => methodsOf(new URL(c.req.url).pathname),
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
  }),
);

// the request context (profile, read budget, store, keep-alive, origin), set once per request
app.use(requestContext);
for (const { path, handler } of ROUTES) app.get(path, handler);
for (const path of POST_ROUTES) app.post(path, ckanAction);

app.notFound((c) => notFound(new URL(c.req.url).pathname).getResponse());

app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  // Anything else is a failure to read the snapshot (or a bug): never a 500, never a stack trace.
  console.error(`${c.req.method} ${c.req.url}:`, error);
  const isList = REFERENCE_LISTS.some(({ endpoint }) =>
    routePattern(endpoint).test(new URL(c.req.url).pathname),
  );
  return (isList ? listFetchFailed() : searchFetchFailed()).getResponse();
});

// Once per isolate, at startup: the title pattern compiler's code compiled by V8 before the first
// search needs it (title-search/warm-up.ts). A failure here is a bug to report, never a reason
// not to start.
try {
  warmUpPatternCompiler();
} catch (error) {
  console.error('pattern compiler warm-up failed:', error);
}
// The same for the word search (search/warm-up-words.ts).
try {
  warmUpWordSearch();
} catch (error) {
  console.error('word search warm-up failed:', error);
}

export default app;
