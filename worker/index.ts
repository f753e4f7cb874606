/**
 * The Satu Data read API on Cloudflare Workers, over the snapshot in dist/ (ASSETS binding).
 *
 *   GET|HEAD  /api/v1/category       reference lists, precomputed bytes, catalogue order
 *   GET|HEAD  /api/v1/sector
 *   GET|HEAD  /api/v1/field
 *   GET|HEAD  /api/v1/data-source
 *   GET|HEAD  /api/v1/data-element   search: ?title=<regex>&category=&dataSource=&sector=&field=
 *   OPTIONS   *                      CORS preflight
 *   other methods → 405, other paths → 404 (the snapshot's own files are never served)
 *
 * Routes stay thin: parse the query, call the pure search, stream precomputed bytes.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import { CACHE_CONTROL, etagMatches, hashString } from './cache-headers.ts';
import { answerBytes, answerLength, planByteRanges } from './element-stream.ts';
import { fixedLengthStream } from './fixed-length-body.ts';
import {
  ALLOWED_METHODS,
  invalidPattern,
  listFetchFailed,
  methodNotAllowed,
  notFound,
  patternTooCostly,
  searchFetchFailed,
  unknownSlug,
} from './http-errors.ts';
import { parseSearchParams } from './query.ts';
import { findElements, resolveFilters } from './search.ts';
import { snapshotStore } from './snapshot-store.ts';
import { PatternTooCostly } from './title-matcher.ts';
import { compileTitlePattern, type CompiledPattern } from './title-pattern.ts';

type AppEnv = { Bindings: Env };
const SEARCH_PATH = '/api/v1/data-element';
const EXPOSED_HEADERS = ['ETag', 'Content-Length'];

const app = new Hono<AppEnv>();

// On every answer, errors included (they replace c.res, so set these last).
app.use(async (c, next) => {
  await next();
  c.res.headers.set('access-control-allow-origin', '*');
  c.res.headers.set('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  c.res.headers.set('x-content-type-options', 'nosniff');
});
app.use(cors({ origin: '*', allowMethods: ALLOWED_METHODS, exposeHeaders: EXPOSED_HEADERS, maxAge: 86400 }));
app.use(async (c, next) => {
  if (!ALLOWED_METHODS.includes(c.req.method)) throw methodNotAllowed(c.req.method);
  await next();
});

for (const { name, endpoint } of REFERENCE_LISTS) app.get(endpoint, (c) => serveList(c, name));

app.get(SEARCH_PATH, async (c) => {
  const query = parseSearchParams(new URL(c.req.url).searchParams);
  if (!query.ok) throw invalidPattern(query.message);
  let title: CompiledPattern | undefined;
  if (query.title !== undefined) {
    const compiled = compileTitlePattern(query.title);
    if (!compiled.ok) throw invalidPattern(compiled.message);
    title = compiled.pattern;
  }

  const store = snapshotStore(c.env.ASSETS);
  const index = await store.index(keepAlive(c));
  const filters = resolveFilters(index, query.filters);
  if (filters.kind === 'unknown-slug') throw unknownSlug(filters.list, filters.slug);

  // the normalized query: the title as given, the filters as item numbers
  const key = JSON.stringify([query.title ?? '', filters.resolved]);
  const etag = `"${index.buildId}-${hashString(key)}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  let elements: Uint32Array;
  try {
    elements = index.answers.getOrCompute(key, () => findElements(index, title, filters.resolved));
  } catch (error) {
    if (error instanceof PatternTooCostly) throw patternTooCostly();
    throw error;
  }
  const ranges = planByteRanges(index.sections, elements);
  const length = answerLength(ranges);
  const headers = snapshotHeaders(etag, length);
  if (c.req.method === 'HEAD') return new Response(null, { headers });

  // Open the first shard before answering 200, so an unreadable snapshot is still a clean 400.
  if (ranges.count > 0) await store.shard(index.buildId, ranges.shard[0]!); // kept in the store's cache
  const readShard = (shard: number) => store.shard(index.buildId, shard);
  const body = fixedLengthStream(length, answerBytes(ranges, readShard), (error) => console.error('search answer cut short:', error));
  return new Response(body, { headers });
});

async function serveList(c: Context<AppEnv>, name: ReferenceListName) {
  const store = snapshotStore(c.env.ASSETS);
  const { etag: tag, bytes } = (await store.manifest(keepAlive(c))).lists[name];
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(etag, bytes);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await store.list(name), { headers });
}

/** The request's waitUntil, when it has one (the tests' direct calls may not). */
function keepAlive(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return undefined; // no ExecutionContext: nothing to keep alive
  }
}

function snapshotHeaders(etag: string, length: number): Headers {
  return new Headers({
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(length),
    etag,
    'cache-control': CACHE_CONTROL,
  });
}

const notModified = (etag: string) => new Response(null, { status: 304, headers: { etag, 'cache-control': CACHE_CONTROL } });

app.notFound((c) => notFound(new URL(c.req.url).pathname).getResponse());

app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  // Anything else is a failure to read the snapshot (or a bug): never a 500, never a stack trace.
  console.error(`${c.req.method} ${c.req.url}:`, error);
  const isSearch = new URL(c.req.url).pathname === SEARCH_PATH;
  return (isSearch ? searchFetchFailed() : listFetchFailed()).getResponse();
});

export default app;
