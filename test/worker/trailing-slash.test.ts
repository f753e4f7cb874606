// A trailing slash on any endpoint path answers as the path without it (docs/api.md §7).
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const HEADERS = [
  'content-type',
  'content-length',
  'etag',
  'cache-control',
  'x-total-count',
  'content-disposition',
];

describe('a trailing slash', () => {
  it.each([
    ['/api/v1/category', ''],
    ['/api/v1/sector', ''],
    ['/api/v1/field', ''],
    ['/api/v1/data-source', ''],
    ['/api/v1/data-element', ''],
    ['/api/v1/data-element', '?title=penduduk&year=2022'],
    ['/api/v1/data-element', '?category=tidak-ada'],
    ['/api/v1/data-element', '?limit=0'],
    ['/api/v1/facets', '?sector=pendidikan'],
    [`/api/v1/data-element/${fixtureId(14)}`, ''],
    [`/api/v1/data-element/${fixtureId(14)}`, '?fields=title'],
    ['/api/v1/data-element/000000000000000000009999', ''],
    [`/api/v1/data-element/${fixtureId(14)}/2023.csv`, ''],
    [`/api/v1/data-element/${fixtureId(14)}/2019.csv`, ''],
    ['/api/v1/dump', ''],
    ['/api/v1/dump/part-00001.jsonl.gz', ''],
    ['/api/v1/dump/part-09999.jsonl.gz', ''],
  ])('on %s%s answers as without it', async (path, query) => {
    const without = await api(`${path}${query}`);
    const withSlash = await api(`${path}/${query}`);
    expect(withSlash.status).toBe(without.status);
    expect(new Uint8Array(await withSlash.arrayBuffer())).toEqual(
      new Uint8Array(await without.arrayBuffer()),
    );
    for (const name of HEADERS)
      expect(withSlash.headers.get(name), name).toBe(without.headers.get(name));
  });

  it('keeps the slash in the Link header, only offset changed', async () => {
    const response = await api('/api/v1/data-element/?limit=5');
    await response.body?.cancel();
    expect(response.headers.get('link')).toContain(
      '<https://api.test/api/v1/data-element/?limit=5&offset=5>; rel="next"',
    );
  });

  it.each(['/api/v1/', '/api/v1/nothing/', '/api/v1/category//', '/api/v1/data-element/x/y/z/'])(
    'does not make %s a path',
    async (path) => {
      await expectErrorBody(await api(path), 404, 'error');
    },
  );
});
