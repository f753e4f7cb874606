// CKAN DataStore's read side over the real Worker (docs/harvest.md §16): every table resource of a
// package is datastore_active and searchable by its id; records equal the table's CSV and the
// element's observations; paging by _links.next reads every record once; errors as CKAN's.
import { describe, expect, it } from 'vitest';
import { derivedResourceId } from '../../../core/open-data/ckan-package.ts';
import { elementObservations } from '../../../core/tables/observations.ts';
import type { DataElement } from '../../../core/schema.ts';
import { fixtureId } from '../../support/fixture-catalogue.ts';
import { api } from '../worker-client.ts';
import { action, failure, result } from './ckan-client.ts';

const ID = fixtureId(33); // zzz-observations.json

interface Resource {
  id: string;
  url: string;
  format: string;
  datastore_active: boolean;
}
interface SearchResult {
  fields: { id: string; type: string }[];
  records: Record<string, unknown>[];
  total: number;
  _links: { start: string; next: string };
}

const resources = async (id: string) =>
  (await result<{ resources: Resource[] }>('package_show', `id=${id}`)).resources;
const element = async (id: string) =>
  (await (await api(`/api/v1/data-element/${id}`)).json()) as DataElement;

describe('datastore_search', () => {
  it("serves each year's table: _id, then the CSV's columns, numbers as numbers", async () => {
    const all = await resources(ID);
    const table2017 = all.find((r) => r.url.endsWith('/2017.csv'))!;
    expect(table2017.datastore_active).toBe(true);
    const found = await result<SearchResult>('datastore_search', `resource_id=${table2017.id}`);
    expect(found.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'No', type: 'text' },
      { id: 'Kode Wilayah', type: 'text' },
      { id: 'Kecamatan', type: 'text' },
      { id: 'Jenis Kelamin - Laki-laki', type: 'numeric' },
      { id: 'Jenis Kelamin - Perempuan', type: 'numeric' },
      { id: 'Rasio, %', type: 'numeric' },
      { id: 'Keterangan', type: 'text' },
    ]);
    expect(found.total).toBe(3);
    expect(found.records[1]).toEqual({
      _id: 2,
      No: '2',
      'Kode Wilayah': '3273020',
      Kecamatan: 'Sukajadi',
      'Jenis Kelamin - Laki-laki': null,
      'Jenis Kelamin - Perempuan': 52101,
      'Rasio, %': null,
      Keterangan: 'belum final',
    });
  });

  it('serves the observations resource with the observations of every year', async () => {
    const observationsResource = { id: derivedResourceId(ID, 'observations') };
    const found = await result<SearchResult>(
      'datastore_search',
      `resource_id=${observationsResource.id}&limit=1000`,
    );
    const expected = elementObservations((await element(ID)).data);
    expect(found.records).toEqual(expected.map((o, i) => ({ _id: i + 1, ...o })));
  });

  it('pages by _links.next, every record once', async () => {
    const observationsResource = { id: derivedResourceId(ID, 'observations') };
    const seen: unknown[] = [];
    let path = `/api/3/action/datastore_search?resource_id=${observationsResource.id}&limit=4`;
    for (let page = 0; page < 20; page++) {
      const { body } = await action<SearchResult>(
        'datastore_search',
        path.slice(path.indexOf('?') + 1),
      );
      if (body.result!.records.length === 0) break;
      seen.push(...body.result!.records.map((r) => r._id));
      path = body.result!._links.next;
    }
    const total = elementObservations((await element(ID)).data).length;
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('filters, sorts and projects as CKAN does', async () => {
    const table2017 = (await resources(ID)).find((r) => r.url.endsWith('/2017.csv'))!;
    const filters = encodeURIComponent(JSON.stringify({ Kecamatan: ['Andir', 'Sukajadi'] }));
    const found = await result<SearchResult>(
      'datastore_search',
      `resource_id=${table2017.id}&filters=${filters}&sort=${encodeURIComponent('_id desc')}&fields=_id,Kecamatan`,
    );
    expect(found.records).toEqual([
      { _id: 2, Kecamatan: 'Sukajadi' },
      { _id: 1, Kecamatan: 'Andir' },
    ]);
  });

  it("answers CKAN's errors: an unknown resource 404, an unknown field 409, bad JSON 409", async () => {
    await failure(
      'datastore_search',
      'resource_id=00000000-0000-8000-8000-000000000000',
      404,
      'Not Found Error',
    );
    const table2017 = (await resources(ID)).find((r) => r.url.endsWith('/2017.csv'))!;
    await failure(
      'datastore_search',
      `resource_id=${table2017.id}&fields=nope`,
      409,
      'Validation Error',
    );
    await failure(
      'datastore_search',
      `resource_id=${table2017.id}&filters={x`,
      409,
      'Validation Error',
    );
    await failure(
      'datastore_search',
      `resource_id=${table2017.id}&limit=-1`,
      409,
      'Validation Error',
    );
    await failure('datastore_search', '', 409, 'Validation Error');
  });
});

describe('datastore_info', () => {
  it("gives a resource's fields and count", async () => {
    const table2017 = (await resources(ID)).find((r) => r.url.endsWith('/2017.csv'))!;
    const info = await result<{ meta: { count: number }; fields: { id: string }[] }>(
      'datastore_info',
      `resource_id=${table2017.id}`,
    );
    expect(info.meta.count).toBe(3);
    expect(info.fields.map((f) => f.id)).toContain('Kecamatan');
  });
});
