// Strict parameter names (docs/api.md §7): a known name misspelt only in letter case or with a
// trailing "[]" is a 400 naming the right one; any other unknown parameter is ignored.
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const MISTAKES = [
  ['datasource=bps', 'dataSource'],
  ['DataSource=bps', 'dataSource'],
  ['dataSource[]=bps', 'dataSource'],
  ['datasource[]=bps', 'dataSource'],
  ['Title=jumlah', 'title'],
  ['TITLE=jumlah', 'title'],
  ['title[]=jumlah', 'title'],
  ['category[]=spm', 'category'],
  ['Category=spm', 'category'],
  ['Sector=kesehatan', 'sector'],
  ['field[]=statistik', 'field'],
  ['Year=2023', 'year'],
  ['year[]=2023', 'year'],
  ['Limit=5', 'limit'],
  ['OFFSET=5', 'offset'],
  ['Fields=title', 'fields'],
  ['fields[]=title', 'fields'],
  ['category=spm&Category=spm', 'category'],
  ['Q=jumlah', 'q'],
  ['q[]=jumlah', 'q'],
] as const;

describe.each(['/api/v1/data-element', '/api/v1/facets'])('GET %s: parameter names', (path) => {
  it.each(MISTAKES)('answers %s with 400 naming "%s"', async (query, meant) => {
    const given = query.split('&').at(-1)!.split('=')[0]!;
    const message = await expectErrorBody(await api(`${path}?${query}`), 400, 'message');
    expect(message).toContain(`"${meant}"`);
    expect(message).toContain(`"${given}"`);
  });

  it('refuses a misspelt name even when its value is empty', async () => {
    await expectErrorBody(await api(`${path}?Title=`), 400, 'message');
  });

  it.each([
    '_=123',
    'page=2',
    'callback=x&sort=-title',
    'titles=x',
    'dataSources=bps',
    'category[0]=spm',
    'query=jumlah',
    'search=jumlah',
  ])('ignores the unknown parameter in %s', async (extra) => {
    const plain = await api(`${path}?year=2023`);
    const plainText = await plain.text();
    const response = await api(`${path}?year=2023&${extra}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(plainText);
    expect(response.headers.get('etag')).toBe(plain.headers.get('etag'));
  });
});

describe('GET /api/v1/data-element/{id}: parameter names', () => {
  it('answers a misspelt fields with 400 naming fields', async () => {
    const message = await expectErrorBody(
      await api(`/api/v1/data-element/${fixtureId(1)}?Fields=title`),
      400,
      'message',
    );
    expect(message).toContain('"fields"');
  });
});
