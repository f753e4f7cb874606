// A few thousand seeded hostile requests against the real Worker: every answer has a status
// from the contract and a JSON body of the contract's shape; never a 500, never a throw.
import { describe, expect, it } from 'vitest';
import { DOCUMENTATION_FILES } from '../../core/contract.ts';
import { REDOS_PATTERNS } from '../support/redos-patterns.ts';
import { seededRandom } from '../../tools/synth/seeded-random.ts';
import { ORIGIN, callWorker } from './worker-client.ts';

const REQUESTS = 3000;
const random = seededRandom(0x5eed);

const SLUGS = [
  'data-prioritas-nasional',
  'data-sektoral',
  'spm',
  'dinkes',
  'bps',
  'kesehatan',
  'kependudukan',
  'pekerjaan-umum ',
  'pekerjaan-umum',
  'kominfo',
  'kominfo ',
  'statistik',
];
const PARAMS = [
  'title',
  'category',
  'dataSource',
  'sector',
  'field',
  'year',
  'limit',
  'offset',
  'fields',
  'page',
  'Title',
  'CATEGORY',
  'title[]',
  'Limit',
  'year[]',
  '',
];
const PATHS = [
  '/api/v1/data-element',
  '/api/v1/data-element',
  '/api/v1/data-element',
  '/api/v1/category',
  '/api/v1/sector',
  '/api/v1/field',
  '/api/v1/data-source',
  '/api/v1/../',
  '//api/v1/category',
  '/api/v1/category/',
  '/API/v1/category',
  '/api/V1/data-element',
  '/api/v1/Data-Element',
  '/api/v1/%2e%2e/_snapshot/manifest.json',
  '/api/v1/facets',
  '/api/v1/facets/',
  '/api/v1/data-element/000000000000000000001001',
  '/api/v1/data-element/000000000000000000001001/2023.csv',
  '/api/v1/data-element/tidak-ada',
  '/api/v1/data-element/000000000000000000001001/1999.csv',
  '/api/v1/data-element/x/y/z',
  '/_snapshot/manifest.json',
  '/api/v1/data-element%00',
  '/api/v1/data-element/../category',
  `/api/v1/${'x'.repeat(3000)}`,
  '/favicon.ico',
  '/api/v1/category.json',
];
// workerd's fetch accepts only the standard methods; odd ones are sent over a socket by npm run
// loadtest
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];
const RAW_VALUES = [
  '%E0%A4%A',
  '%zz',
  '%',
  '%%',
  '%00',
  '%01%02%7F',
  '%0A%0D',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%FF',
];
const UNICODE = [
  'penduduk 👩‍👩‍👧',
  'Σ',
  'İ',
  'ß',
  '\u212A',
  '\u017F',
  'جمع',
  '人口',
  '\uFEFF',
  '\u200B',
  '–',
  '&',
  '=',
  '#',
  '?',
  '+',
  ' ',
];
const BAD_PATTERNS = [
  '(',
  ')',
  '[',
  '[z-a]',
  '*',
  'a{2,1}',
  '(?=a)',
  '(?<!a)b',
  '\\1',
  '(a)\\1',
  '\\k<n>',
  '(?P<n>a)',
  '(?i)a',
  '\\',
  'a\\',
  '\\p{L}',
  '\\u0041',
  '\\cA',
  '\\Q.\\E',
  '(?<n>a)(?<n>b)',
  'x{1001}',
];

function randomValue(): { raw: string } | { text: string } {
  switch (random.int(10)) {
    case 0:
      return { text: random.pick(SLUGS) };
    case 1:
      return { text: random.pick(SLUGS) + ' '.repeat(random.int(3)) };
    case 2:
      return { raw: random.pick(RAW_VALUES) };
    case 3:
      return { text: random.pick(UNICODE).repeat(1 + random.int(5)) };
    case 4:
      return { text: random.pick(BAD_PATTERNS) };
    case 5:
      return { text: random.pick(REDOS_PATTERNS) };
    case 6:
      return { text: 'a'.repeat(random.pick([100, 256, 257, 2000, 20000])) };
    case 7:
      return {
        text: String.fromCharCode(
          ...Array.from({ length: 1 + random.int(20) }, () => random.int(0x80)),
        ),
      };
    case 8:
      return {
        text: random.pick([
          '0',
          '1',
          '40',
          '1000',
          '1001',
          '-1',
          '1e3',
          ' 5',
          '2023',
          '_id,title',
          'title,nope',
          ',,',
          'data',
        ]),
      };
    default:
      return {
        text: random.pick([
          'penduduk',
          'jumlah',
          '^jumlah',
          '\\(%\\)',
          '15\\+',
          'guru/murid',
          '',
          'a|b',
          '.*',
        ]),
      };
  }
}

function randomRequest(): { url: string; method: string } {
  const path = random.chance(0.5) ? '/api/v1/data-element' : random.pick(PATHS);
  const parts: string[] = [];
  for (let i = random.int(5); i > 0; i--) {
    const value = randomValue();
    parts.push(
      `${encodeURIComponent(random.pick(PARAMS))}=${'raw' in value ? value.raw : encodeURIComponent(value.text)}`,
    );
  }
  if (random.chance(0.05)) parts.push(random.pick(['&&&', '=', 'title', '==x', '%zz=%zz']));
  return {
    url: `${ORIGIN}${path}${parts.length ? `?${parts.join('&')}` : ''}`,
    method: random.chance(0.6) ? 'GET' : random.pick(METHODS),
  };
}

const isItem = (v: any) =>
  v && typeof v._id === 'string' && typeof v.name === 'string' && typeof v.slug === 'string';

/** The page, its assets and the icon: not JSON. */
const DOCUMENT_PATHS: string[] = DOCUMENTATION_FILES.filter(
  ({ name }) => name !== 'openapi.json',
).flatMap(({ paths }) => paths);

function checkShape(path: string, method: string, status: number, body: string) {
  if (method === 'HEAD' || (method === 'OPTIONS' && status === 204) || status === 304)
    return expect(body).toBe('');
  if (status === 200 && DOCUMENT_PATHS.includes(path)) return expect(body).not.toBe('');
  if (status === 200 && path.endsWith('.csv')) return expect(body).toMatch(/\r\n$/);
  const json = JSON.parse(body);
  if (status === 200) {
    if (path.startsWith('/api/v1/facets')) expect(typeof json.total).toBe('number');
    else if (path.startsWith('/api/v1/data-element/')) expect(typeof json).toBe('object');
    else {
      expect(Array.isArray(json)).toBe(true);
      if (path === '/api/v1/data-element')
        for (const e of json)
          if ('status' in e) expect(e.status).toBe('TERVERIFIKASI');
          else for (const item of json) expect(isItem(item)).toBe(true);
    }
  } else if (status === 400) {
    expect(typeof (json.message ?? json.error)).toBe('string');
  } else {
    expect(json).toEqual({ error: expect.any(String), status });
  }
}

/** A hang detector, not a speed limit: an answer that takes this long is stuck. */
const HANG_MS = 10_000;
async function withHangGuard<T>(what: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(
        () => reject(new Error(`no answer after ${HANG_MS} ms: ${what}`)),
        HANG_MS,
      )),
  );
  try {
    return await Promise.race([work(), hang]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

describe('query fuzzing', () => {
  it(`answers ${REQUESTS} seeded hostile requests with contract statuses and bodies`, async () => {
    const byStatus: Record<number, number> = {};
    let slowestMs = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const { url, method } = randomRequest();
      const started = Date.now();
      const { response, body } = await withHangGuard(`${method} ${url.slice(0, 300)}`, async () => {
        const response = await callWorker(url, {
          method,
          body: ['POST', 'PUT', 'PATCH'].includes(method) ? 'x' : undefined,
        });
        // decoded by hand: text() on the icon's image/png body makes workerd print a warning
        return { response, body: new TextDecoder().decode(await response.arrayBuffer()) };
      });
      slowestMs = Math.max(slowestMs, Date.now() - started);
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      const expectedStatuses = method === 'OPTIONS' ? [204, 404] : [200, 304, 400, 404, 405];
      if (!expectedStatuses.includes(response.status))
        throw new Error(`${method} ${url} → ${response.status} ${body.slice(0, 200)}`);
      try {
        checkShape(new URL(url).pathname, method, response.status, body);
      } catch (error) {
        throw new Error(
          `${method} ${url.slice(0, 300)} → ${response.status} ${body.slice(0, 200)}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    console.log(
      `query fuzzing: ${REQUESTS} requests, by status ${JSON.stringify(byStatus)}, slowest ${slowestMs} ms`,
    );
    expect(byStatus[500]).toBeUndefined();
  }, 300_000);

  it.each(REDOS_PATTERNS)(
    'answers the backtracking pattern %s over a 4,000-character title',
    async (pattern) => {
      const response = await callWorker(
        `${ORIGIN}/api/v1/data-element?title=${encodeURIComponent(pattern)}`,
      );
      expect([200, 400]).toContain(response.status);
      const body = await response.json();
      if (response.status === 200) expect(Array.isArray(body)).toBe(true);
    },
  );
});
