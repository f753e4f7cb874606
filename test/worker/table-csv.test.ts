// One table as CSV (docs/api.md §5.5): RFC 4180, spanning headers flattened, formulas neutralized.
import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from '../../core/tables/csv.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';
import { api } from './worker-client.ts';

const csv = (id: string, table: string, init?: RequestInit) =>
  api(`/api/v1/data-element/${id}/${table}`, init);

/**
 * Element 22's 2021 table (test/fixtures/catalogue/data-element/zz-tables.json), written out by
 * hand.
 */
const EDGE_CASES_CSV = [
  "Uraian,Anggaran - Pagu,Anggaran - Realisasi,Capaian - Persen,Capaian - Predikat,'+/- Tahun Lalu,Keterangan\r\n",
  '"Belanja Pegawai, Tunjangan",1250000,1100000,"88,0",Baik,-5,"Kata ""cukup"" menurut BPK"\r\n',
  "'=SUM(B2:B3),+3.2,'-,'@Predikat,'\tTab di depan,'+62 812,\"baris satu\nbaris dua\"\r\n",
  '"\'\rCR di depan","-1.234,5",\'+,\'-x,0,,"baris satu\r\nbaris dua"\r\n',
].join('');

describe('GET /api/v1/data-element/{id}/{year}.csv', () => {
  it('answers the table as CSV: quoting, line breaks, spanning headers and formulas as RFC 4180 and the contract say', async () => {
    const response = await csv(fixtureId(22), '2021.csv');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(EDGE_CASES_CSV);
  });

  it('has the CSV content type, an attachment named <id>-<year>.csv, and no BOM', async () => {
    const response = await csv(fixtureId(22), '2021.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${fixtureId(22)}-2021.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes[0]).toBe('U'.charCodeAt(0));
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('flattens a spanning header to "<header> - <sub-header label>", labels in order', async () => {
    const text = await (await csv(fixtureId(1), '2022.csv')).text();
    expect(text).toBe(
      'Kecamatan,Jenis Kelamin - Laki-laki,Jenis Kelamin - Perempuan,Jumlah\r\nKota,1.204,1.187,2.391\r\nCibatu,845,861,1.706\r\n',
    );
  });

  it('gives each year of an element its own table', async () => {
    expect(await (await csv(fixtureId(1), '2023.csv')).text()).toBe(
      'Kecamatan,Jumlah\r\nKota,120\r\nSukamaju,98\r\n',
    );
    for (const [year, kota, smk] of [
      ['2024', '312', '287'],
      ['2023', '305', '290'],
      ['2021', '298', '281'],
    ]) {
      expect(await (await csv(fixtureId(23), `${year}.csv`)).text()).toBe(
        `Sekolah,Lulus\r\nSMA Negeri 1,${kota}\r\nSMK Negeri 2,${smk}\r\n`,
      );
    }
  });

  it('ends every record with CRLF: no bare line feed outside a quoted field', async () => {
    const text = await (await csv(fixtureId(22), '2021.csv')).text();
    const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '');
    expect(outsideQuotes.match(/\r\n/g)).toHaveLength(4);
    expect(outsideQuotes.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('answers an unknown id and an unverified one alike, with a 404 naming the id', async () => {
    const unknown = await expectErrorBody(
      await csv('000000000000000000009999', '2022.csv'),
      404,
      'error',
    );
    // a DRAFT with a 2022 table
    const unverified = await expectErrorBody(await csv(fixtureId(5), '2022.csv'), 404, 'error');
    expect(unverified.replaceAll(fixtureId(5), '000000000000000000009999')).toBe(unknown);
    expect(unknown).toContain('000000000000000000009999');
  });

  it.each([
    ['a year the element has no table for', '2024.csv'],
    ['a year of another element', '2020.csv'],
    ['a name that is not a year', 'tahun.csv'],
    ['another extension', '2022.json'],
    ['no extension', '2022'],
  ])('answers %s with 404', async (_, table) => {
    const error = await expectErrorBody(await csv(fixtureId(1), table), 404, 'error');
    expect(error).toContain(fixtureId(1));
  });

  it('answers HEAD, ETag and If-None-Match as every answer', async () => {
    const get = await csv(fixtureId(22), '2020.csv');
    expect(await get.text()).toBe('Uraian,Jumlah\r\nTotal,1000000\r\n');
    const etag = get.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const head = await csv(fixtureId(22), '2020.csv', { method: 'HEAD' });
    expect(await head.text()).toBe('');
    for (const name of ['etag', 'content-length', 'content-type', 'content-disposition'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    const other = await csv(fixtureId(22), '2021.csv');
    await other.body?.cancel();
    expect(other.headers.get('etag')).not.toBe(etag);
    const again = await csv(fixtureId(22), '2020.csv', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(get.headers.get('cache-control')).toMatch(/public/);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/i);
  });
});

describe('neutralizeFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+62 812', "'+62 812"],
    ['-', "'-"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['-5', '-5'],
    ['+3.2', '+3.2'],
    ['-1.234,5', '-1.234,5'],
    ['1.204', '1.204'],
    ['Kota', 'Kota'],
    [' =1', ' =1'],
    ['', ''],
  ])('%j → %j', (cell, expected) => {
    expect(neutralizeFormula(cell)).toBe(expected);
  });
});
