import { describe, expect, it } from 'vitest';
import {
  fixtureElements,
  fixtureId,
  fixtureLists,
  idOf,
  PUBLISHED,
  refId,
  UNVERIFIED,
} from '../support/fixture-catalogue.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { api, searchIds } from './worker-client.ts';

const search = (query: string, init?: RequestInit) => api(`/api/v1/data-element?${query}`, init);
const PUBLISHED_KEYS = [
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
];

describe('GET /api/v1/data-element: the published element', () => {
  it('has exactly the contract keys, in order, with references populated', async () => {
    const response = await search('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const elements = (await response.json()) as Record<string, unknown>[];
    for (const element of elements) {
      expect(Object.keys(element)).toEqual(PUBLISHED_KEYS);
      expect(element.status).toBe('TERVERIFIKASI');
      expect(Array.isArray(element.dataSource)).toBe(false);
      for (const list of ['category', 'sector', 'field'] as const)
        expect(Array.isArray(element[list])).toBe(true);
      for (const ref of [
        element.dataSource,
        ...(element.category as object[]),
        ...(element.sector as object[]),
        ...(element.field as object[]),
      ]) {
        expect(Object.keys(ref as object)).toEqual(['_id', 'name', 'slug']);
      }
    }
  });

  it('populates references written in all three forms, and drops keys the contract does not name', async () => {
    const [element] = (await (
      await search(
        'title=%5Ejumlah%20penduduk%20menurut%20kecamatan&category=data-prioritas-nasional',
      )
    ).json()) as any[];
    const raw = fixtureElements.find((e) => idOf(e._id) === fixtureId(1))!;
    const item = (list: keyof typeof fixtureLists, id: string) => {
      const found = fixtureLists[list].find((i) => idOf(i._id) === id)!;
      return { _id: idOf(found._id), name: found.name, slug: found.slug };
    };
    expect(element._id).toBe(fixtureId(1));
    expect(element.dataSource).toEqual(item('dataSource', refId(raw.dataSource)));
    expect(element.category).toEqual(raw.category.map((r) => item('category', refId(r))));
    expect(element.sector).toEqual(raw.sector.map((r) => item('sector', refId(r))));
    expect(element.field).toEqual(raw.field.map((r) => item('field', refId(r))));
    expect(element).not.toHaveProperty('__v');
    expect(element).not.toHaveProperty('createdAt');
    for (const entry of element.data) expect(Object.keys(entry)).toEqual(['id', 'year', 'table']);
    expect(Object.keys(element.data[0].table)).toEqual(['headers', 'subHeaders', 'rows']);
    expect(Object.keys(element.data[0].table.headers[0])).toEqual([
      'content',
      'colSpan',
      'rowSpan',
      'dataType',
    ]);
    expect(element.data[0].table.subHeaders).toEqual([['Laki-laki', 'Perempuan']]);
  });

  it('keeps an empty field array', async () => {
    const [element] = (await (await search('title=guru/murid')).json()) as any[];
    expect(element.field).toEqual([]);
  });

  it('keeps trailing spaces in titles byte for byte', async () => {
    const [element] = (await (await search('dataSource=dinkes&title=tenaga')).json()) as any[];
    expect(element.title).toBe('Jumlah Tenaga Kesehatan Menurut Jenis Tenaga ');
  });

  it('never returns an element whose status is not exactly TERVERIFIKASI', async () => {
    const ids = await searchIds('');
    for (const element of UNVERIFIED) expect(ids).not.toContain(idOf(element._id));
    expect(UNVERIFIED.map((e) => e.status).sort()).toEqual([
      'DIAJUKAN',
      'DRAFT',
      'MENUNGGU VERIFIKASI',
      'TERVERIFIKASI ',
      'Terverifikasi',
    ]);
  });

  it('answers a search that matches nothing with 200 []', async () => {
    const response = await search('title=zzzz-tidak-ada');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('[]');
  });

  it('streams an answer spanning several blocks and runs as one valid JSON array of the right length', async () => {
    const response = await search('');
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(
      new TextEncoder().encode(text).length,
    );
    expect((JSON.parse(text) as unknown[]).length).toBe(PUBLISHED.length);
  });
});

describe('GET /api/v1/data-element: unknown slugs', () => {
  it.each([
    ['category', '/api/v1/category'],
    ['dataSource', '/api/v1/data-source'],
    ['sector', '/api/v1/sector'],
    ['field', '/api/v1/field'],
  ])('returns 404 naming %s and its list endpoint', async (param, endpoint) => {
    const error = await expectErrorBody(await search(`${param}=tidak-ada`), 404, 'error');
    expect(error).toContain('tidak-ada');
    expect(error).toContain(endpoint);
  });

  it('checks in the order category, dataSource, sector, field', async () => {
    expect(
      await expectErrorBody(
        await search('field=f-x&sector=s-x&dataSource=d-x&category=c-x'),
        404,
        'error',
      ),
    ).toContain('/api/v1/category');
    expect(
      await expectErrorBody(await search('field=f-x&sector=s-x&dataSource=d-x'), 404, 'error'),
    ).toContain('/api/v1/data-source');
    expect(await expectErrorBody(await search('field=f-x&sector=s-x'), 404, 'error')).toContain(
      '/api/v1/sector',
    );
  });

  it('is 404 when one of several values of a repeated filter is unknown', async () => {
    await expectErrorBody(await search('category=data-sektoral&category=tidak-ada'), 404, 'error');
  });

  it('is 404 when the white-space fallback finds two slugs', async () => {
    // "kominfo" and "kominfo " both exist; "  kominfo  " matches neither exactly and both once trimmed
    await expectErrorBody(await search(`field=${encodeURIComponent('  kominfo  ')}`), 404, 'error');
  });

  it('is 404 for a slug of another list', async () => {
    await expectErrorBody(await search('category=dinkes'), 404, 'error');
  });

  it('does not match slugs case-insensitively', async () => {
    await expectErrorBody(await search('dataSource=DINKES'), 404, 'error');
  });
});

describe('GET /api/v1/data-element: the title pattern', () => {
  const expect400 = async (title: string, mentioning: RegExp) => {
    expect(
      await expectErrorBody(await search(`title=${encodeURIComponent(title)}`), 400, 'message'),
    ).toMatch(mentioning);
  };

  it('refuses a pattern longer than 256 characters', async () => {
    const phrase = 'jumlah penduduk menurut kecamatan dan jenis kelamin di kota ';
    const long = (n: number) => phrase.repeat(5).slice(0, n);
    await expect400(long(257), /256/);
    expect((await search(`title=${encodeURIComponent(long(256))}`)).status).toBe(200);
  });
  it('refuses lookahead', () => expect400('jumlah(?= penduduk)', /lookahead/));
  it('refuses negative lookahead', () => expect400('jumlah(?!x)', /lookahead/));
  it('refuses lookbehind', () => expect400('(?<=jumlah) penduduk', /lookbehind/));
  it('refuses a backreference', () => expect400('(a)\\1', /backreference/));
  it('refuses a named backreference', () => expect400('(?<x>a)\\k<x>', /backreference/));
  it('refuses an unbalanced group', () => expect400('(jumlah', /pattern/i));
  it('refuses a dangling quantifier', () => expect400('*jumlah', /pattern/i));
  it('refuses syntax only RE2 knows', () => expect400('(?P<x>a)', /pattern/i));
  it('refuses escapes outside the common subset', () => expect400('\\pL', /\\p/));
  it('refuses a repeated title parameter', async () => {
    expect(
      await expectErrorBody(await search('title=jumlah&title=penduduk'), 400, 'message'),
    ).toMatch(/once/);
  });
  it('takes a repeated title when all but one value are empty', async () => {
    expect(await searchIds('title=&title=guru')).toEqual([fixtureId(3)]);
  });
  it('checks the pattern before the slugs', async () => {
    await expectErrorBody(await search('title=(&category=tidak-ada'), 400, 'message');
  });
});

describe('GET /api/v1/data-element: ETag', () => {
  const etagOf = async (query: string) => {
    const response = await search(query);
    await response.body?.cancel();
    return response.headers.get('etag');
  };
  it('is strong and answers If-None-Match with 304 and no body', async () => {
    const etag = (await etagOf('title=penduduk'))!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await search('title=penduduk', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
  it('changes with the query', async () => {
    expect(await etagOf('title=penduduk')).not.toBe(await etagOf('title=jumlah'));
    expect(await etagOf('category=data-sektoral')).not.toBe(await etagOf('category=spm'));
  });
  it('is the same for the same normalized query', async () => {
    expect(await etagOf('category=spm&category=data-sektoral')).toBe(
      await etagOf('category=data-sektoral&category=spm'),
    );
    expect(await etagOf('field=pekerjaan-umum')).toBe(
      await etagOf(`field=${encodeURIComponent('pekerjaan-umum ')}`),
    );
    expect(await etagOf('title=jumlah&page=3')).toBe(await etagOf('title=jumlah'));
  });
  it('is on HEAD too, with no body', async () => {
    const head = await search('title=penduduk', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(await etagOf('title=penduduk'));
    expect(await head.text()).toBe('');
  });
});
