// The element's workbook (docs/api.md §15), read back by real readers: openpyxl (Debian's
// python3-openpyxl; .ci/run installs it) with every warning an error, and LibreOffice when the
// machine has it. Sheets by year laid out as the page lays out the table, numbers of value
// columns as numbers and every other cell as text exactly as held, the observations, the metadata.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrls } from '../../core/open-data/element-view.ts';
import { elementObservations } from '../../core/tables/observations.ts';
import { elementWorkbook, workbookFileName } from '../../core/tables/workbook.ts';
import { uniqueSheetNames } from '../../core/tables/xlsx/sheet-names.ts';
import { xmlText } from '../../core/tables/xlsx/xml.ts';
import {
  HOSTILE_TEXT,
  HOSTILE_TEXT_READ,
  populationElement,
} from '../fixtures/workbook/population.ts';
import { renderContext, viewOf } from '../support/node/fixture-views.ts';

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const READER = join(import.meta.dirname, '../support/node/read-xlsx.py');

interface ReadCell {
  value: string | number | boolean;
  /** openpyxl's data type: "n" number, "s" string, "f" formula. */
  type: string;
}
interface ReadSheet {
  name: string;
  rows: (ReadCell | null)[][];
  merged: string[];
}
interface ReadBook {
  title: string;
  sheets: ReadSheet[];
}

const view = viewOf(populationElement);
const ctx = renderContext();
let folder: string;
let file: string;
let book: ReadBook;

/** A sheet's cell values row by row, trailing empty cells dropped (null for an empty cell). */
function values(name: string): (string | number | boolean | null)[][] {
  const sheet = book.sheets.find((candidate) => candidate.name === name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet.rows.map((row) => {
    const cells = row.map((cell) => (cell === null ? null : cell.value));
    while (cells.length > 0 && cells.at(-1) === null) cells.pop();
    return cells;
  });
}

const sheet = (name: string) => book.sheets.find((candidate) => candidate.name === name)!;

beforeAll(() => {
  const probe = spawnSync(PYTHON, ['-c', 'import openpyxl'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new Error(
      `openpyxl is needed to read the workbook back, and ${PYTHON} can not import it (${(probe.stderr || String(probe.error)).trim()}). Install Debian's: apt-get install -y python3-openpyxl`,
    );
  folder = mkdtempSync(join(tmpdir(), 'workbook-test-'));
  file = join(folder, workbookFileName(view));
  writeFileSync(file, elementWorkbook(view, ctx));
  book = JSON.parse(execFileSync(PYTHON, [READER, file], { encoding: 'utf8' })) as ReadBook;
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('elementWorkbook read by openpyxl', () => {
  it('names the file by the CKAN name and has a sheet per year, then Data and Metadata', () => {
    expect(workbookFileName(view)).toBe(`${view.name}.xlsx`);
    expect(book.sheets.map(({ name }) => name)).toEqual([
      '2020',
      '2021',
      '2021 (2)',
      'Data',
      'Metadata',
    ]);
    expect(book.title).toBe(populationElement.title);
  });

  it('merges each header across its column and row spans, as the page does', () => {
    expect(sheet('2020').merged).toEqual(['A1:A2', 'B1:B2', 'C1:C2', 'D1:E1', 'F1:F2', 'G1:G2']);
    // a header three rows high beside one spanning two columns over two sub-header rows
    expect(sheet('2021').merged).toEqual(['A1:A3', 'B1:C1', 'D1:D3']);
    expect(sheet('2021 (2)').merged).toEqual([]);
  });

  it('lays out the header row, the sub-header rows and the rows', () => {
    expect(values('2020')).toEqual([
      ['No', 'Kode Wilayah', 'Kecamatan', 'Jenis Kelamin', null, 'Jumlah', 'Keterangan'],
      [null, null, null, 'Laki-laki', 'Perempuan'],
      ['1', '3273010', 'Andir', 51505, 50980, 102485, '=SUM(A1)'],
      ['2', '3273020', ' Sukajadi ', null, 52101, 52101, '-'],
      ['3', '3273030', 'Cicendo', 48230, 47915.5, 96145.5, '+62 811 000'],
      ['4', '3273040', 'Coblong', null, 1000, 1000, '@kecamatan'],
      ['5', '3273050', 'Sumur Bandung', 7, 8, 15, '\tdiperbaiki'],
      ['6', '3273060', 'Bandung Wetan', -5, 3, -2, HOSTILE_TEXT_READ],
    ]);
    expect(values('2021')).toEqual([
      ['Uraian', 'Triwulan', null, 'Catatan'],
      [null, 'I', 'II'],
      [null, 'Target', 'Realisasi'],
      ['Belanja Pegawai', 12.5, 1234567.89],
      // held as "_x005F_x0041_": spreadsheet readers decode `_xHHHH_` in a string
      ['Belanja Modal', null, 0, 'lihat _x0041_ di lampiran'],
    ]);
    expect(values('2021 (2)')).toEqual([
      ['Nama Kegiatan', 'Lokasi'],
      ['Musrenbang', 'Kecamatan Andir'],
      ['Posyandu', ' - '],
    ]);
  });

  it('writes numbers of value columns as numeric cells and every other cell as a string, never a formula', () => {
    const types = sheet('2020')
      .rows.slice(2)
      .map((row) => row.map((cell) => cell?.type ?? null));
    for (const row of types) {
      expect(row.slice(0, 3)).toEqual(['s', 's', 's']); // No and Kode Wilayah stay text
      expect(row[6]).toBe('s'); // the Keterangan, "=SUM(A1)" included
      for (const type of row.slice(3, 6)) expect([null, 'n']).toContain(type);
    }
    const everyType = new Set(
      book.sheets.flatMap(({ rows }) => rows.flat().map((cell) => cell?.type)),
    );
    expect(everyType).not.toContain('f');
  });

  it('holds the observations in the Data sheet, value as a number', () => {
    const observations = elementObservations(populationElement.data);
    expect(observations.length).toBeGreaterThan(0);
    const expected = observations.map(({ year, row, column, value, cell }) => {
      const cells = [year, row || null, column || null, value, cell || null];
      while (cells.length > 0 && cells.at(-1) === null) cells.pop();
      return cells;
    });
    expect(values('Data')).toEqual([['year', 'row', 'column', 'value', 'cell'], ...expected]);
    expect(
      sheet('Data')
        .rows.slice(1)
        .every((row) => !row[3] || row[3].type === 'n'),
    ).toBe(true);
  });

  it('holds the title, classifications, dates, page URL and metadata under the page labels', () => {
    const rows = values('Metadata');
    const row = (label: string) => rows.find((cells) => cells[0] === label)?.slice(1);
    expect(row('Judul')).toEqual([populationElement.title]);
    expect(row('Satuan')).toEqual(['Jiwa']);
    expect(row('Sumber data')).toEqual(['Dinas Kependudukan dan Pencatatan Sipil ']);
    expect(row('Kategori')).toEqual(['Data Sektoral']);
    expect(row('Sektor')).toEqual(['Kependudukan', 'Sosial']);
    expect(row('Bidang')).toEqual([]);
    expect(row('Dibuat')).toEqual([view.created]);
    expect(row('Diperbarui')).toEqual([view.modified]);
    expect(row('Alamat halaman')).toEqual([publicUrls(ctx.base).page(view.name)]);
    expect(row('Konsep')).toEqual(['Penduduk yang tinggal di wilayah kecamatan.']);
    // a key the page shows under a friendlier label keeps the key beside its value
    expect(row('Dapat diakses umum')).toEqual(['Ya', 'Apakah Kolom Ini Dapat Diakses Umum?']);
    expect(row('Catatan')).toEqual(['  =1+1  ']);
  });

  it('gives the same bytes for the same element', () => {
    expect(Buffer.from(elementWorkbook(view, ctx)).equals(readFileSync(file))).toBe(true);
  });

  it('reads the same deflated', () => {
    const deflated = join(folder, 'deflated.xlsx');
    writeFileSync(deflated, elementWorkbook(view, ctx, 1));
    const again = JSON.parse(execFileSync(PYTHON, [READER, deflated], { encoding: 'utf8' }));
    expect(again).toEqual(book);
  });
});

describe('the workbook without tables', () => {
  it('still has a Data sheet with its header and a Metadata sheet', () => {
    const empty = viewOf({ ...populationElement, data: [], metadata: [] });
    const path = join(folder, 'empty.xlsx');
    writeFileSync(path, elementWorkbook(empty, ctx));
    const read = JSON.parse(execFileSync(PYTHON, [READER, path], { encoding: 'utf8' })) as ReadBook;
    expect(read.sheets.map(({ name }) => name)).toEqual(['Data', 'Metadata']);
    expect(read.sheets[0]!.rows).toHaveLength(1);
  });
});

describe('xmlText', () => {
  it('escapes markup, keeps a CR, replaces what XML 1.0 forbids and escapes `_xHHHH_`', () => {
    expect(xmlText(`a&b<c>"d"\r\n\t${'\u0000\u000B\uFFFF'}_x00e9_`)).toBe(
      'a&amp;b&lt;c&gt;&quot;d&quot;&#13;\n\t\uFFFD\uFFFD\uFFFD_x005F_x00e9_',
    );
    expect(xmlText(HOSTILE_TEXT)).toBe('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt; ]]&gt; \uFFFD bel');
  });
});

describe('uniqueSheetNames', () => {
  it('makes names valid and unique without regard to case', () => {
    expect(
      uniqueSheetNames(['2021', '2021', 'a/b*c?[d]:e\\', "'x'", 'Data', 'data', 'y'.repeat(40)]),
    ).toEqual(['2021', '2021 (2)', 'a_b_c__d__e_', 'x', 'Data', 'data (2)', 'y'.repeat(31)]);
  });
});

// LibreOffice is optional here (CI does not install it): when the machine has it, the workbook
// converts sheet by sheet to CSV with text cells quoted, so a number and a text tell apart.
const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((path) => existsSync(path));

describe.skipIf(!SOFFICE)('elementWorkbook read by LibreOffice', () => {
  /** A CSV of LibreOffice's: each field with whether it was quoted (text) or not. */
  function readCsv(text: string): { value: string; quoted: boolean }[][] {
    const rows: { value: string; quoted: boolean }[][] = [];
    let row: { value: string; quoted: boolean }[] = [];
    let at = 0;
    while (at < text.length) {
      let value = '';
      let quoted = false;
      if (text[at] === '"') {
        quoted = true;
        for (at++; at < text.length; at++) {
          if (text[at] === '"' && text[at + 1] === '"') {
            value += '"';
            at++;
          } else if (text[at] === '"') break;
          else value += text[at];
        }
        at++;
      } else while (at < text.length && !',\n'.includes(text[at]!)) value += text[at++];
      row.push({ value, quoted });
      if (text[at] === ',') at++;
      else {
        rows.push(row);
        row = [];
        at++;
      }
    }
    return rows;
  }

  it('converts every sheet, numbers as numbers and text exactly as held', () => {
    const out = join(folder, 'libreoffice');
    const converted = spawnSync(
      SOFFICE!,
      [
        `-env:UserInstallation=file://${join(folder, 'lo-profile')}`,
        '--headless',
        '--convert-to',
        // comma, double quote, UTF-8, from line 1, quote every text cell, every sheet to its own file
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,-1',
        '--outdir',
        out,
        file,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(converted.status, converted.stderr).toBe(0);
    const stem = workbookFileName(view).replace(/\.xlsx$/, '');
    expect(readdirSync(out).sort()).toEqual(
      ['2020', '2021', '2021 (2)', 'Data', 'Metadata'].map((name) => `${stem}-${name}.csv`).sort(),
    );
    const table = readCsv(readFileSync(join(out, `${stem}-2020.csv`), 'utf8'));
    // a text cell shown in quotes, a number bare
    const shown = (row: { value: string; quoted: boolean }[]) =>
      row.map(({ value, quoted }) => (quoted ? `"${value}"` : value));
    expect(shown(table[2]!)).toEqual([
      '"1"',
      '"3273010"',
      '"Andir"',
      '51505',
      '50980',
      '102485',
      '"=SUM(A1)"',
    ]);
    expect(table[3]![2]).toEqual({ value: ' Sukajadi ', quoted: true });
    expect(table[3]![6]).toEqual({ value: '-', quoted: true });
    expect(table[6]![6]).toEqual({ value: '\tdiperbaiki', quoted: true });
    expect(table[7]![6]).toEqual({ value: HOSTILE_TEXT_READ, quoted: true });
    const earlier = readCsv(readFileSync(join(out, `${stem}-2021.csv`), 'utf8'));
    expect(earlier[4]![3]).toEqual({ value: 'lihat _x0041_ di lampiran', quoted: true });
  }, 180_000);
});
