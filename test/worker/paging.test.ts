// Paging (docs/api.md §5.1): limit and offset, X-Total-Count, the Link header (RFC 8288), ETags.
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { PUBLISHED, fixtureId } from '../support/fixture-catalogue.ts';
import { referenceSearch } from '../support/reference-filter.ts';
import { MAX_PAGED_QUERY_LENGTH } from '../../core/contract.ts';
import { ORIGIN, api } from './worker-client.ts';

const PATH = '/api/v1/data-element';
const search = (query: string, init?: RequestInit) => api(`${PATH}?${query}`, init);
const url = (query: string) => `${ORIGIN}${PATH}?${query}`;
/** Every published element matches a query with no filter; the last page of 5 starts at LAST. */
const TOTAL = PUBLISHED.length;
const LAST = Math.floor((TOTAL - 1) / 5) * 5;
/** The naive reference's count of a query's matches. */
const totalOf = (query: string) => (referenceSearch(query) as { total: number }).total;

/** The Link header as rel → URL, checking its syntax on the way. */
function linksOf(response: Response): Record<string, string> {
  const header = response.headers.get('link');
  if (header === null) return {};
  const links: Record<string, string> = {};
  for (const part of header.split(', ')) {
    const match = /^<([^>]+)>; rel="(first|prev|next|last)"$/.exec(part);
    if (!match) throw new Error(`not a link of the form <url>; rel="…": ${part}`);
    expect(links).not.toHaveProperty(match[2]!);
    links[match[2]!] = match[1]!;
  }
  return links;
}

const idsOf = async (response: Response) =>
  ((await response.json()) as { _id: string }[]).map((e) => e._id);

describe('GET /api/v1/data-element: X-Total-Count', () => {
  it.each(
    [
      '',
      'limit=2',
      `limit=2&offset=${TOTAL - 1}`,
      'offset=5',
      'title=penduduk',
      'title=penduduk&limit=1&offset=4',
      'year=2023&limit=1',
      'title=tidak-ada-yang-cocok',
    ].map((query) => [query, totalOf(query)] as const),
  )('counts every match before paging (%s → %i), on GET and on HEAD', async (query, total) => {
    const get = await search(query);
    await get.body?.cancel();
    expect(get.headers.get('x-total-count')).toBe(String(total));
    const head = await search(query, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-total-count')).toBe(String(total));
    expect(await head.text()).toBe('');
  });
});

describe('GET /api/v1/data-element: the Link header', () => {
  it('is absent without limit, offset or not', async () => {
    for (const query of ['', 'offset=3', 'title=penduduk']) {
      const response = await search(query);
      await response.body?.cancel();
      expect(response.headers.has('link'), query).toBe(false);
    }
  });

  it('on the first page: first, next and last, no prev, in that form', async () => {
    const response = await search('limit=5');
    await response.body?.cancel();
    expect(response.headers.get('link')).toBe(
      `<${url('limit=5&offset=0')}>; rel="first", <${url('limit=5&offset=5')}>; rel="next", <${url(`limit=5&offset=${LAST}`)}>; rel="last"`,
    );
  });

  it('on a middle page: first, prev, next and last', async () => {
    const response = await search('limit=5&offset=5');
    await response.body?.cancel();
    expect(linksOf(response)).toEqual({
      first: url('limit=5&offset=0'),
      prev: url('limit=5&offset=0'),
      next: url('limit=5&offset=10'),
      last: url(`limit=5&offset=${LAST}`),
    });
  });

  it('gives next only while offset + limit < total', async () => {
    const before = await search(`limit=5&offset=${TOTAL - 6}`); // TOTAL - 6 + 5 < TOTAL
    await before.body?.cancel();
    expect(linksOf(before).next).toBe(url(`limit=5&offset=${TOTAL - 1}`));
    // TOTAL - 5 + 5 = TOTAL: the page ends with the last match
    const at = await search(`limit=5&offset=${TOTAL - 5}`);
    await at.body?.cancel();
    expect(linksOf(at)).toEqual({
      first: url('limit=5&offset=0'),
      prev: url(`limit=5&offset=${TOTAL - 10}`),
      last: url(`limit=5&offset=${LAST}`),
    });
  });

  it('gives prev only when offset > 0, never below 0', async () => {
    const start = await search('limit=5&offset=0');
    await start.body?.cancel();
    expect(linksOf(start)).not.toHaveProperty('prev');
    const near = await search('limit=5&offset=2');
    await near.body?.cancel();
    expect(linksOf(near).prev).toBe(url('limit=5&offset=0'));
  });

  it('changes only offset: every other parameter keeps its place, its spelling and its encoding', async () => {
    const query =
      'title=jumlah+penduduk&_=1700000000&limit=1&fields=_id%2Ctitle&offset=1&sector=kependudukan&sector=&page=x%20y';
    const response = await search(query);
    await response.body?.cancel();
    const at = (offset: number) => url(query.replace('offset=1', `offset=${offset}`));
    expect(linksOf(response)).toEqual({ first: at(0), prev: at(0), next: at(2), last: at(3) });
    expect(response.headers.get('x-total-count')).toBe('4');
  });

  it('adds offset at the end when the client gave none', async () => {
    const response = await search('category=data-prioritas-nasional&limit=4');
    await response.body?.cancel();
    expect(linksOf(response)).toEqual({
      first: url('category=data-prioritas-nasional&limit=4&offset=0'),
      next: url('category=data-prioritas-nasional&limit=4&offset=4'),
      last: url('category=data-prioritas-nasional&limit=4&offset=4'),
    });
  });

  it('writes one offset in each link when the client sent an empty offset besides a value', async () => {
    const response = await search('offset=&limit=2&offset=4');
    expect(await idsOf(response)).toEqual([6, 7].map(fixtureId));
    const links = linksOf(response);
    expect(links).toEqual({
      first: url('offset=0&limit=2'),
      prev: url('offset=2&limit=2'),
      next: url('offset=6&limit=2'),
      last: url(`offset=${Math.floor((TOTAL - 1) / 2) * 2}&limit=2`),
    });
    const next = await api(links.next!.slice(ORIGIN.length));
    expect(await idsOf(next)).toEqual([8, 11].map(fixtureId));
  });

  it('leads, next after next, through the whole answer, each page as the links promise', async () => {
    const whole = await idsOf(await search('year=2022'));
    const lastOf3 = Math.floor((totalOf('year=2022') - 1) / 3) * 3;
    const seen: string[] = [];
    let next: string | undefined = url('year=2022&limit=3');
    let pages = 0;
    while (next !== undefined) {
      const response = await api(next.slice(ORIGIN.length));
      expect(response.status).toBe(200);
      const links = linksOf(response);
      expect(links.first).toBe(url('year=2022&limit=3&offset=0'));
      expect(links.last).toBe(url(`year=2022&limit=3&offset=${lastOf3}`));
      seen.push(...(await idsOf(response)));
      next = links.next;
      pages++;
    }
    expect(pages).toBe(lastOf3 / 3 + 1);
    expect(seen).toEqual(whole);
  });

  it('keeps the path as the client wrote it, trailing slash included', async () => {
    const response = await api(`${PATH}/?limit=10`);
    await response.body?.cancel();
    expect(linksOf(response).next).toBe(`${ORIGIN}${PATH}/?limit=10&offset=10`);
  });
});

describe('GET /api/v1/data-element: past the end and empty matches', () => {
  it('answers an offset at or past the end with 200 [], the total and the links', async () => {
    for (const offset of [TOTAL, TOTAL + 1, 100]) {
      const response = await search(`limit=5&offset=${offset}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('[]');
      expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
      const links = linksOf(response);
      expect(links).not.toHaveProperty('next');
      expect(links.first).toBe(url('limit=5&offset=0'));
      expect(links.prev).toBe(url(`limit=5&offset=${offset - 5}`));
      expect(links.last).toBe(url(`limit=5&offset=${LAST}`));
    }
  });

  it('answers an offset past 2^53 (and past any end) with 200 [] and the total', async () => {
    for (const offset of ['9007199254740992', '99999999999999999999', '1'.padEnd(400, '0')]) {
      const response = await search(`offset=${offset}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('[]');
      expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
    }
  });

  it('links a match of nothing to offset 0 only', async () => {
    const response = await search('title=tidak-ada-yang-cocok&limit=5');
    expect(await response.text()).toBe('[]');
    expect(response.headers.get('x-total-count')).toBe('0');
    expect(linksOf(response)).toEqual({
      first: url('title=tidak-ada-yang-cocok&limit=5&offset=0'),
      last: url('title=tidak-ada-yang-cocok&limit=5&offset=0'),
    });
  });
});

describe('GET /api/v1/data-element: invalid paging', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1e3', 'limit'],
    ['limit=%205', 'limit'],
    ['limit=5%20', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=0x10', 'limit'],
    ['limit=%2B5', 'limit'],
    ['limit=5&limit=5', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=1.0', 'offset'],
    ['limit=5&offset=1&offset=2', 'offset'],
  ])('answers %s with 400 naming %s and its range', async (query, parameter) => {
    const message = await expectErrorBody(await search(query), 400, 'message');
    expect(message).toContain(parameter);
    expect(message).toMatch(parameter === 'limit' ? /1 to 1000/ : /from 0/);
  });

  it('checks paging before the slugs', async () => {
    await expectErrorBody(await search('category=tidak-ada&limit=0'), 400, 'message');
  });
});

describe('GET /api/v1/data-element: a query too long for its Link header', () => {
  /** A query of exactly `length` characters with limit, padded by a parameter the API ignores. */
  const pagedQuery = (length: number) => {
    const start = 'limit=2&pad=';
    return start + 'x'.repeat(length - start.length);
  };

  it(`pages a query of ${MAX_PAGED_QUERY_LENGTH} characters, its Link header within 16 KiB`, async () => {
    const response = await search(pagedQuery(MAX_PAGED_QUERY_LENGTH));
    expect(await idsOf(response)).toEqual(await idsOf(await search('limit=2')));
    const link = response.headers.get('link')!;
    expect(Object.keys(linksOf(response))).toEqual(['first', 'next', 'last']);
    expect(link.length).toBeGreaterThan(3 * MAX_PAGED_QUERY_LENGTH);
    expect(link.length).toBeLessThan(16 * 1024);
  });

  it('answers a longer paged query with 414 and says why', async () => {
    const response = await search(pagedQuery(MAX_PAGED_QUERY_LENGTH + 1));
    const message = await expectErrorBody(response, 414, 'message');
    expect(message).toContain(`${MAX_PAGED_QUERY_LENGTH + 1} characters`);
    expect(message).toContain('Link');
    expect(response.headers.has('link')).toBe(false);
  });

  it('answers the same query without limit, whatever its length', async () => {
    const response = await search(`pad=${'x'.repeat(40_000)}`);
    expect(response.status).toBe(200);
    expect(response.headers.has('link')).toBe(false);
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
    await response.body?.cancel();
  });

  it('checks the parameters first: an invalid limit in a long query is a 400', async () => {
    await expectErrorBody(await search(`limit=0&pad=${'x'.repeat(5000)}`), 400, 'message');
  });
});

describe('GET /api/v1/data-element: ETags of pages', () => {
  const etagOf = async (query: string) => {
    const response = await search(query);
    await response.body?.cancel();
    return response.headers.get('etag')!;
  };

  it('differ between two pages of one query, and from the unpaged answer', async () => {
    const etags = await Promise.all(
      ['limit=5', 'limit=5&offset=5', 'limit=6', 'offset=5', ''].map(etagOf),
    );
    expect(new Set(etags).size).toBe(etags.length);
  });

  it('are equal for the same page written two ways', async () => {
    expect(await etagOf('limit=5')).toBe(await etagOf('limit=5&offset=0'));
    expect(await etagOf('limit=5&offset=5&_=1')).toBe(await etagOf('offset=5&limit=5'));
  });

  it('answer If-None-Match with 304, no body, and the paging headers', async () => {
    const etag = await etagOf('limit=5&offset=5');
    const again = await search('limit=5&offset=5', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-total-count')).toBe(String(TOTAL));
    const otherPage = await search('limit=5&offset=10', { headers: { 'if-none-match': etag } });
    expect(otherPage.status).toBe(200);
    await otherPage.body?.cancel();
  });

  it('HEAD of a page has the headers of its GET', async () => {
    const get = await search('limit=3&offset=3');
    const body = await get.text();
    const head = await search('limit=3&offset=3', { method: 'HEAD' });
    for (const name of ['etag', 'link', 'x-total-count', 'content-type', 'content-length'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(Number(get.headers.get('content-length'))).toBe(new TextEncoder().encode(body).length);
  });
});
