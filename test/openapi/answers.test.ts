// Real answers of the Worker (workerd, over the fixture snapshot) against the OpenAPI document it
// serves: every endpoint's 200, 304s, and every error status, bodies with ajv (JSON Schema
// 2020-12) and the documented headers.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGED_QUERY_LENGTH, REFERENCE_LISTS } from '../../core/contract.ts';
import type { RunningWorker } from '../../tools/serve/start-worker.ts';
import { FIXTURE_SNAPSHOT } from '../generator/build-fixture-snapshot.ts';
import { tempDir } from '../generator/build-cli.ts';
import { startFixtureWorker } from '../support/node/fixture-worker.ts';

type Json = Record<string, any>;

let worker: RunningWorker;
let broken: RunningWorker;
let document: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
let example: { id: string; year: number; category: string; dumpPart: string };
let brokenSnapshot: string;

beforeAll(async () => {
  // A second Worker over a snapshot whose files are gone but for the manifest and index: every read
  // fails.
  brokenSnapshot = tempDir('broken-snapshot-');
  cpSync(FIXTURE_SNAPSHOT, brokenSnapshot, { recursive: true });
  const manifest = (
    await import(join(brokenSnapshot, '_snapshot/manifest.json'), { with: { type: 'json' } })
  ).default as { buildId: string };
  // the element files sit in the folder of the base the snapshot was built on, what changed since
  // in the overlay
  const { elementFiles } = (
    await import(join(brokenSnapshot, '_snapshot', manifest.buildId, 'index.json'), {
      with: { type: 'json' },
    })
  ).default as { elementFiles: string };
  for (const folder of ['lists', 'docs', 'dump', 'overlay'])
    rmSync(join(brokenSnapshot, '_snapshot', manifest.buildId, folder), { recursive: true });
  for (const folder of ['blocks', 'runs'])
    rmSync(join(brokenSnapshot, '_snapshot', elementFiles, folder), { recursive: true });
  [worker, broken] = await Promise.all([startFixtureWorker(), startFixtureWorker(brokenSnapshot)]);
  document = (await (await fetch(`${worker.url}/api/v1/openapi.json`)).json()) as Json;
  ajv.addSchema(document, 'openapi.json');
  const [first] = (await (
    await fetch(`${worker.url}/api/v1/data-element?limit=1&fields=_id,data,category`)
  ).json()) as Json[];
  const dump = (await (await fetch(`${worker.url}/api/v1/dump`)).json()) as Json;
  example = {
    id: first!._id,
    year: first!.data[0].year,
    category: first!.category[0].slug,
    dumpPart: new URL(dump.parts[0].url).pathname,
  };
}, 60_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), broken?.stop()]);
  if (brokenSnapshot) rmSync(brokenSnapshot, { recursive: true, force: true });
});

const pointer = (...keys: string[]) =>
  keys.map((key) => key.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Follows a "#/…" reference inside the document; gives the node and its pointer. */
function follow(node: Json, at: string): { node: Json; at: string } {
  if (typeof node.$ref !== 'string') return { node, at };
  const target = node.$ref.slice(1);
  const found = target
    .slice(1)
    .split('/')
    .reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return follow(found, target);
}

/** The documented path (template) a request path falls under. */
function documentedPath(path: string): string {
  const templates = Object.keys(document.paths).filter((template) =>
    new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  );
  // "/api/v1/data-element/x/2023.csv" fits both {id} templates' shapes only once; prefer the
  // literal ones, and of templates alike the one with more literal text ("{id}.xlsx" before "{id}")
  templates.sort(
    (a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0) || b.length - a.length,
  );
  if (!templates[0]) throw new Error(`no documented path for ${path}`);
  return templates[0];
}

/** Checks an answer against a documented response: its headers, its media type and its body. */
async function expectDocumented(response: Response, documented: Json, at: string, method = 'GET') {
  const { node: described, at: responseAt } = follow(documented, at);
  for (const [name, header] of Object.entries<Json>(described.headers ?? {})) {
    const { node: spec } = follow(header, '');
    const value = response.headers.get(name);
    if (value === null) {
      expect(spec.required ?? false, `header ${name} is documented as always sent`).toBe(false);
      continue;
    }
    const typed = spec.schema.type === 'integer' ? Number(value) : value;
    expect(ajv.validate(spec.schema, typed), `header ${name}: ${value} ${ajv.errorsText()}`).toBe(
      true,
    );
  }
  const text = await response.text();
  if (!described.content || method === 'HEAD') {
    expect(text).toBe('');
    return;
  }
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  expect(Object.keys(described.content)).toContain(mediaType);
  const body = mediaType === 'application/json' ? JSON.parse(text) : text;
  const validate = ajv.getSchema(
    `openapi.json#${responseAt}/${pointer('content', mediaType, 'schema')}`,
  )!;
  expect(validate(body), `${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

async function check(
  base: string,
  pathAndQuery: string,
  init: RequestInit & { expectStatus: number },
) {
  const url = new URL(pathAndQuery, base);
  const response = await fetch(url, init);
  expect(response.status, `${init.method ?? 'GET'} ${pathAndQuery}`).toBe(init.expectStatus);
  const path = documentedPath(url.pathname.replace(/(.)\/$/, '$1'));
  const method = (init.method ?? 'GET').toLowerCase();
  expect(document.paths[path], `${path} documents ${method}`).toHaveProperty([method]);
  const responses = document.paths[path][method].responses as Json;
  const status = String(init.expectStatus);
  expect(responses, `${method} ${path} documents ${status}`).toHaveProperty([status]);
  await expectDocumented(
    response,
    responses[status],
    `/${pointer('paths', path, method, 'responses', status)}`,
    init.method,
  );
  return response;
}

describe('answers of the Worker against /api/v1/openapi.json', () => {
  const successes: [string, () => string][] = [
    ...REFERENCE_LISTS.map(({ endpoint }) => [endpoint, () => endpoint] as [string, () => string]),
    ['the whole search', () => '/api/v1/data-element'],
    ['a page', () => '/api/v1/data-element?limit=3&offset=3'],
    ['a projected page', () => '/api/v1/data-element?limit=5&fields=_id,title,unit'],
    [
      'filters and a year',
      () => `/api/v1/data-element?category=${example.category}&year=${example.year}`,
    ],
    ['a title pattern', () => '/api/v1/data-element?title=jumlah&limit=2'],
    ['a search past the end', () => '/api/v1/data-element?limit=10&offset=100000'],
    ['one element', () => `/api/v1/data-element/${example.id}`],
    ['one projected element', () => `/api/v1/data-element/${example.id}?fields=title,dataSource`],
    ['a CSV table', () => `/api/v1/data-element/${example.id}/${example.year}.csv`],
    ['the observations', () => `/api/v1/data-element/${example.id}/observations`],
    [
      'filtered observations',
      () => `/api/v1/data-element/${example.id}/observations?year=${example.year}`,
    ],
    ['the observations as CSV', () => `/api/v1/data-element/${example.id}/observations.csv`],
    [
      'the observations as JSON-stat',
      () => `/api/v1/data-element/${example.id}/observations.jsonstat`,
    ],
    ['the workbook', () => `/api/v1/data-element/${example.id}.xlsx`],
    ['the facets', () => '/api/v1/facets'],
    ['filtered facets', () => `/api/v1/facets?category=${example.category}&title=jumlah`],
    ['the whole-catalogue download', () => '/api/v1/dump'],
    ['a part of it', () => example.dumpPart],
    ['the OpenAPI document', () => '/api/v1/openapi.json'],
    ['the page', () => '/'],
    ['the page at /docs', () => '/docs/'],
    ['the script', () => '/docs/explorer.js'],
    ['the stylesheet', () => '/docs/explorer.css'],
  ];

  it.each(successes)('200: %s', async (_, path) => {
    await check(worker.url, path(), { expectStatus: 200 });
  });

  it.each(successes)('HEAD and 304: %s', async (_, path) => {
    const head = await check(worker.url, path(), { method: 'HEAD', expectStatus: 200 });
    await check(worker.url, path(), {
      headers: { 'if-none-match': head.headers.get('etag')! },
      expectStatus: 304,
    });
  });

  it.each(successes)('OPTIONS, a preflight and a plain one: %s', async (_, path) => {
    const preflight = {
      origin: 'https://portal.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'if-none-match',
    };
    await check(worker.url, path(), { method: 'OPTIONS', headers: preflight, expectStatus: 204 });
    await check(worker.url, path(), { method: 'OPTIONS', expectStatus: 204 });
  });

  it.each([
    ['an unsupported title pattern', () => '/api/v1/data-element?title=(%3F%3Dx)'],
    ['a limit out of range', () => '/api/v1/data-element?limit=5000'],
    ['a misspelt parameter', () => '/api/v1/facets?Datasource=dinkes'],
    ['an unknown key in fields', () => `/api/v1/data-element/${example.id}?fields=nope`],
  ])('400: %s', async (_, path) => {
    await check(worker.url, path(), { expectStatus: 400 });
  });

  it('414: a paged query longer than its Link header allows', async () => {
    const long = `/api/v1/data-element?limit=1&q=${'x'.repeat(MAX_PAGED_QUERY_LENGTH)}`;
    await check(worker.url, long, { expectStatus: 414 });
  });

  it.each([
    ['an unknown slug', () => '/api/v1/data-element?category=tidak-ada'],
    ['an unknown slug (facets)', () => '/api/v1/facets?sector=tidak-ada'],
    ['an unknown id', () => '/api/v1/data-element/tidak-ada'],
    ['a year without a table', () => `/api/v1/data-element/${example.id}/1800.csv`],
    ['a part the download does not have', () => '/api/v1/dump/part-09999.jsonl.gz'],
  ])('404: %s', async (_, path) => {
    await check(worker.url, path(), { expectStatus: 404 });
  });

  it('404: a path the API does not have, with the documented error body', async () => {
    const response = await fetch(`${worker.url}/api/v2/nothing`);
    expect(response.status).toBe(404);
    expect(
      ajv.validate({ $ref: 'openapi.json#/components/schemas/ErrorBody' }, await response.json()),
      ajv.errorsText(),
    ).toBe(true);
  });

  it.each(['POST /api/v1/category', 'DELETE /', 'PUT /api/v1/openapi.json'])(
    '405: %s',
    async (request) => {
      const [method, path] = request.split(' ') as [string, string];
      const response = await fetch(`${worker.url}${path}`, { method });
      expect(response.status).toBe(405);
      await expectDocumented(
        response,
        document.components.responses.MethodNotAllowed,
        '/components/responses/MethodNotAllowed',
      );
    },
  );

  it.each([
    ...REFERENCE_LISTS.map(({ endpoint }) => [endpoint, () => endpoint] as [string, () => string]),
    ['a search', () => '/api/v1/data-element?limit=2'],
    ['one element', () => `/api/v1/data-element/${example.id}`],
    ['a CSV table', () => `/api/v1/data-element/${example.id}/${example.year}.csv`],
    ['the observations', () => `/api/v1/data-element/${example.id}/observations`],
    [
      'filtered observations',
      () => `/api/v1/data-element/${example.id}/observations?year=${example.year}`,
    ],
    ['the observations as CSV', () => `/api/v1/data-element/${example.id}/observations.csv`],
    [
      'the observations as JSON-stat',
      () => `/api/v1/data-element/${example.id}/observations.jsonstat`,
    ],
    ['the workbook', () => `/api/v1/data-element/${example.id}.xlsx`],
    ['the facets', () => '/api/v1/facets'],
    ['a part of the whole-catalogue download', () => example.dumpPart],
    ['the OpenAPI document', () => '/api/v1/openapi.json'],
    ['the page', () => '/'],
  ])('400 when the snapshot cannot be read: %s', async (_, path) => {
    await check(broken.url, path(), { expectStatus: 400 });
  });
});
