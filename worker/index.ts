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
import { prepareAnswer } from './answer.ts';
import { answerLength, wholeElements } from './answer-stream.ts';
import { CACHE_CONTROL, etagMatches } from './cache-headers.ts';
import { fixedLengthStream } from './fixed-length-body.ts';
import { ALLOWED_METHODS, listFetchFailed, methodNotAllowed, notFound, searchFetchFailed } from './http-errors.ts';
import { budgetFor } from './read-budget.ts';
import { answerEtag, checkQuery, findMatches } from './search-pipeline.ts';
import { snapshotStore } from './snapshot-store.ts';

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
  const query = checkQuery(new URL(c.req.url).searchParams);
  const budget = budgetFor(undefined);
  const store = snapshotStore(c.env.ASSETS);
  const index = await store.index(budget, keepAlive(c));
  const { key, elements } = findMatches(index, query);
  const etag = answerEtag(index.buildId, key);
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  if (c.req.method === 'HEAD') {
    return new Response(null, { headers: snapshotHeaders(etag, answerLength(elements, wholeElements(index.sections.elementLength))) });
  }
  const answer = prepareAnswer(index, store, budget, elements, wholeElements(index.sections.elementLength));
  // Read up to the first chunk before answering 200, so an unreadable snapshot is still a clean 400.
  const chunks = answer.chunks();
  const first = await chunks.next();
  const body = fixedLengthStream(answer.length, prepend(first, chunks), (error) => console.error('search answer cut short:', error));
  return new Response(body, { headers: snapshotHeaders(etag, answer.length) });
});

async function serveList(c: Context<AppEnv>, name: ReferenceListName) {
  const store = snapshotStore(c.env.ASSETS);
  const budget = budgetFor(undefined);
  const { etag: tag, bytes } = (await store.manifest(budget, keepAlive(c))).lists[name];
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(etag, bytes);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await store.list(name, budget), { headers });
}

/** The generator again, with its first result (already awaited) put back in front. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
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
