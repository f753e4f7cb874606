// Projection with `fields` (docs/api.md §5.3): the named top-level keys, in the contract's order,
// cut from the stored bytes of each element.
import { describe, expect, it } from 'vitest';
import { ELEMENT_KEYS } from '../../core/contract.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { PUBLISHED, fixtureId } from '../support/fixture-catalogue.ts';
import { referenceSearch } from '../support/reference-filter.ts';
import { api } from './worker-client.ts';

const search = (query: string, init?: RequestInit) => api(`/api/v1/data-element?${query}`, init);
type Element = Record<string, unknown>;

/**
 * The elements of an answer as their own JSON texts (the answer's bytes are JSON.stringify's:
 * checked below).
 */
const elementTexts = (text: string) =>
  (JSON.parse(text) as Element[]).map((e) => JSON.stringify(e));

describe('GET /api/v1/data-element: fields', () => {
  it('keeps only the named keys, in the contract order whatever the order asked', async () => {
    const elements = (await (await search('fields=unit,title,_id')).json()) as Element[];
    expect(elements).toHaveLength(PUBLISHED.length);
    for (const element of elements) expect(Object.keys(element)).toEqual(['_id', 'title', 'unit']);
    const reversed = (await (
      await search(`fields=${[...ELEMENT_KEYS].reverse().join(',')}`)
    ).json()) as Element[];
    for (const element of reversed) expect(Object.keys(element)).toEqual([...ELEMENT_KEYS]);
  });

  it('joins repeated fields parameters and ignores empty values and names', async () => {
    const joined = await (await search('fields=unit&fields=&fields=_id,,status,')).text();
    expect((JSON.parse(joined) as Element[]).map((e) => Object.keys(e))[0]).toEqual([
      '_id',
      'unit',
      'status',
    ]);
    expect(joined).toBe(await (await search('fields=_id,unit,status')).text());
    expect(await (await search('fields=')).text()).toBe(await (await search('')).text());
    expect(await (await search('fields=,')).text()).toBe(await (await search('')).text());
  });

  it('gives each key byte for byte as the whole element has it', async () => {
    const full = await (await search('')).text();
    // the stored bytes are JSON.stringify's, so re-serializing a parsed element gives them back
    expect(`[${elementTexts(full).join(',')}]`).toBe(full);
    const whole = JSON.parse(full) as Element[];
    const sets = [
      ...ELEMENT_KEYS.map((key) => [key]),
      ['_id', 'title', 'unit', 'category', 'dataSource', 'sector', 'field'],
      ['data', 'field'],
      ['_id', 'metadata', 'status'],
    ];
    for (const keys of sets) {
      const projected = await (await search(`fields=${keys.join(',')}`)).text();
      const expected = whole.map((element) =>
        JSON.stringify(
          Object.fromEntries(
            ELEMENT_KEYS.filter((k) => keys.includes(k)).map((k) => [k, element[k]]),
          ),
        ),
      );
      expect(projected, keys.join(',')).toBe(`[${expected.join(',')}]`);
    }
  });

  it('works with the filters and paging', async () => {
    const response = await search('sector=pendidikan&fields=title&limit=2&offset=3');
    expect(await response.text()).toBe(
      '[{"title":"Realisasi Anggaran Pendidikan Tahun 2023"},{"title":"Angka Kelulusan Sekolah Menengah"}]',
    );
    const { total } = referenceSearch('sector=pendidikan') as { total: number };
    expect(response.headers.get('x-total-count')).toBe(String(total));
  });

  it.each([
    'fields=nama',
    'fields=_id,Title',
    'fields=_id&fields=judul',
    'fields=id',
    'fields=%20title',
    'fields=data.year',
  ])('answers %s with 400 naming the unknown key and listing the ten', async (query) => {
    const message = await expectErrorBody(await search(query), 400, 'message');
    const name = new URLSearchParams(query)
      .getAll('fields')
      .join(',')
      .split(',')
      .find((n) => n !== '' && !(ELEMENT_KEYS as readonly string[]).includes(n))!;
    expect(message).toContain(JSON.stringify(name));
    expect(message).toContain(ELEMENT_KEYS.join(', '));
  });

  it('has its own ETag per set of keys, the same whatever their order', async () => {
    const etagOf = async (query: string) => {
      const response = await search(query);
      await response.body?.cancel();
      return response.headers.get('etag');
    };
    expect(await etagOf('fields=_id,title')).toBe(await etagOf('fields=title,_id'));
    expect(await etagOf('fields=_id,title')).toBe(await etagOf('fields=title&fields=_id'));
    expect(await etagOf('fields=_id,title')).not.toBe(await etagOf('fields=_id'));
    expect(await etagOf('fields=_id')).not.toBe(await etagOf(''));
  });

  it('answers HEAD with the length of the projected answer', async () => {
    const get = await search('fields=_id,unit&year=2023');
    const body = await get.text();
    const head = await search('fields=_id,unit&year=2023', { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).length));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  });
});

describe('GET /api/v1/data-element/{id}: fields', () => {
  const one = (id: string, query: string, init?: RequestInit) =>
    api(`/api/v1/data-element/${id}?${query}`, init);

  it('keeps only the named keys, in the contract order', async () => {
    expect(await (await one(fixtureId(23), 'fields=unit,_id')).text()).toBe(
      '{"_id":"000000000000000000001017","unit":"Siswa"}',
    );
    expect(await (await one(fixtureId(23), 'fields=field&fields=title')).text()).toBe(
      '{"title":"Angka Kelulusan Sekolah Menengah","field":[]}',
    );
  });

  it('is the projected element of the search, byte for byte', async () => {
    const listed = elementTexts(
      await (await search('fields=title,data,category&title=penduduk')).text(),
    );
    const ids = (
      (await (await search('title=penduduk&fields=_id')).json()) as { _id: string }[]
    ).map((e) => e._id);
    for (const [i, id] of ids.entries())
      expect(await (await one(id, 'fields=data,category,title')).text()).toBe(listed[i]);
  });

  it('answers an unknown key with 400, and HEAD with the projected length', async () => {
    const message = await expectErrorBody(await one(fixtureId(1), 'fields=tahun'), 400, 'message');
    expect(message).toContain('"tahun"');
    const head = await one(fixtureId(1), 'fields=_id', { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(
      String('{"_id":"000000000000000000001001"}'.length),
    );
  });
});
