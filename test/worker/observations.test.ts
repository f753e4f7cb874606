// An element's observations over the real Worker (docs/api.md §15): JSON with its filters, CSV,
// JSON-stat read by jsonstat-toolkit, the workbook's headers, and the errors; every format the same
// observations, and those the derivation gives for the catalogue's own element.
import { describe, expect, it } from 'vitest';
import JSONstat from 'jsonstat-toolkit';
import type { DataElement } from '../../core/schema.ts';
import { elementObservations, type Observation } from '../../core/tables/observations.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const ID = fixtureId(33); // zzz-observations.json: No, Kode Wilayah, spanning headers, a note
const observations = (id: string, suffix = '', query = '') =>
  api(`/api/v1/data-element/${id}/observations${suffix}${query ? `?${query}` : ''}`);

async function publishedElement(id: string): Promise<DataElement> {
  return (await (await api(`/api/v1/data-element/${id}`)).json()) as DataElement;
}

describe('GET /api/v1/data-element/{id}/observations', () => {
  it("answers the element's observations: value columns only, row labels, years ascending", async () => {
    const response = await observations(ID);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Observation[];
    expect(body).toEqual(elementObservations((await publishedElement(ID)).data));
    expect(body.slice(0, 4)).toEqual([
      {
        year: 2016,
        row: '3273010 - Andir',
        column: 'Jenis Kelamin - Laki-laki',
        value: 50001,
        cell: '50.001',
      },
      {
        year: 2016,
        row: '3273010 - Andir',
        column: 'Jenis Kelamin - Perempuan',
        value: 49500,
        cell: '49.500',
      },
      {
        year: 2016,
        row: '3273040 - Cidadap',
        column: 'Jenis Kelamin - Laki-laki',
        value: 12345,
        cell: ' 12.345 ',
      },
      {
        year: 2016,
        row: '3273040 - Cidadap',
        column: 'Jenis Kelamin - Perempuan',
        value: null,
        cell: '',
      },
    ]);
    // 2017 adds a column; the note on its right and the No column are not observations
    expect(new Set(body.filter((o) => o.year === 2017).map((o) => o.column))).toEqual(
      new Set(['Jenis Kelamin - Laki-laki', 'Jenis Kelamin - Perempuan', 'Rasio, %']),
    );
    expect(
      body.find((o) => o.year === 2017 && o.column === 'Rasio, %' && o.value === -1.5)?.row,
    ).toBe('3273030 - =HYPERLINK("x")');
    // a table with no numbers gives none
    expect(body.some((o) => o.year === 2018)).toBe(false);
  });

  it('filters by year, row and column, comma-separated lists, all combined', async () => {
    const all = (await (await observations(ID)).json()) as Observation[];
    const filtered = async (query: string) =>
      (await (await observations(ID, '', query)).json()) as Observation[];
    expect(await filtered('year=2017')).toEqual(all.filter((o) => o.year === 2017));
    expect(await filtered('year=2016,2017&row=3273010%20-%20Andir')).toEqual(
      all.filter((o) => o.row === '3273010 - Andir'),
    );
    expect(await filtered('column=Rasio,%20%25')).toEqual(
      all.filter((o) => o.column === 'Rasio, %'),
    );
    expect(await filtered('year=1999')).toEqual([]);
  });

  it('has an ETag per element, format and filter, and answers 304 to it', async () => {
    const first = await observations(ID);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await observations(ID, '', 'year=2017')).headers.get('etag')).not.toBe(etag);
    const again = await api(`/api/v1/data-element/${ID}/observations`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 404 for an unknown or unpublished id, and 400 for a misspelt filter', async () => {
    for (const id of ['000000000000000000009999', fixtureId(5)]) {
      await expectErrorBody(await observations(id), 404, 'error');
    }
    expect(await expectErrorBody(await observations(ID, '', 'Year=2017'), 400, 'message')).toMatch(
      /year/,
    );
  });
});

describe('GET /api/v1/data-element/{id}/observations.csv', () => {
  it('is the same observations as CSV, values written plainly, formulas guarded', async () => {
    const response = await observations(ID, '.csv', 'year=2017');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${ID}-observations.csv"`,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('year,row,column,value,cell');
    expect(lines).toContain('2017,3273010 - Andir,Jenis Kelamin - Laki-laki,51505,51.505');
    expect(lines).toContain('2017,3273010 - Andir,"Rasio, %",101.03,"101,03"');
    expect(lines).toContain("2017,3273020 - Sukajadi,Jenis Kelamin - Laki-laki,,'-");
    expect(lines).toContain(
      '2017,"3273030 - =HYPERLINK(""x"")",Jenis Kelamin - Laki-laki,1204118,1.204.118',
    );
    const json = (await (await observations(ID, '', 'year=2017')).json()) as Observation[];
    expect(lines.length - 2).toBe(json.length); // the header, and the last CRLF
  });
});

describe('GET /api/v1/data-element/{id}/observations.jsonstat', () => {
  it('reads with jsonstat-toolkit: every observation at its year, row and column', async () => {
    const response = await observations(ID, '.jsonstat');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      version: '2.0',
      class: 'dataset',
      label: 'Banyaknya Warga Terdaftar, Wilayah Administratif dan Gender',
      id: ['year', 'row', 'column'],
      extension: { unit: 'Jiwa' },
    });
    expect(json.href).toMatch(/^https:\/\/api\.test\/dataset\//);
    const dataset = JSONstat(json);
    const all = (await (await observations(ID)).json()) as Observation[];
    for (const { year, row, column, value } of all)
      expect(dataset.Data({ year: String(year), row, column })?.value).toBe(value);
  });
});

describe('GET /api/v1/data-element/{id}.xlsx', () => {
  it('is a workbook named by the CKAN name, a zip', async () => {
    const response = await api(`/api/v1/data-element/${ID}.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="banyaknya-warga-[a-z0-9-]*${ID}\\.xlsx"$`),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]); // PK: a zip
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  });

  it('answers 404 for an id no published element has', async () => {
    await expectErrorBody(await api(`/api/v1/data-element/${fixtureId(5)}.xlsx`), 404, 'error');
  });
});
