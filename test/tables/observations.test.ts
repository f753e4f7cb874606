// The observations of an element's tables (docs/api.md §15): value columns, row labels, missing
// cells, Indonesian notation, and the CSV and JSON-stat renderings of them.
import { describe, expect, it } from 'vitest';
import JSONstat from 'jsonstat-toolkit';
import type { Table } from '../../core/schema.ts';
import {
  elementObservations,
  filterObservations,
  tableColumns,
  tableObservations,
} from '../../core/tables/observations.ts';
import { observationsCsv } from '../../core/tables/observations-csv.ts';
import { observationsJsonStat } from '../../core/tables/observations-jsonstat.ts';
import { plainDecimal } from '../../core/tables/numbers.ts';

const header = (content: string, colSpan = 1, rowSpan = colSpan === 1 ? 2 : 1) => ({
  content,
  colSpan,
  rowSpan,
  dataType: 'string',
});

/** The worked example: a `No` column, a spanning header, dots, a missing cell, a Keterangan. */
const POPULATION: Table = {
  headers: [header('No'), header('Kecamatan'), header('Jenis Kelamin', 2), header('Keterangan')],
  subHeaders: [['Laki-laki', 'Perempuan']],
  rows: [
    ['1', 'Andir', '51.505', '50.980', ''],
    ['2', 'Sukajadi', '-', '52.101', 'belum final'],
    ['3', 'Cicendo', '48.230', '47.915,5', ''],
  ],
};

describe('tableColumns', () => {
  it('reads a row number, a label, the value columns and a trailing note', () => {
    const columns = tableColumns(POPULATION);
    expect(columns.names).toEqual([
      'No',
      'Kecamatan',
      'Jenis Kelamin - Laki-laki',
      'Jenis Kelamin - Perempuan',
      'Keterangan',
    ]);
    expect(columns.roles).toEqual(['row-number', 'label', 'value', 'value', 'other']);
  });

  it('never takes a Kode, Tahun or Bulan column as values, whatever it holds', () => {
    const table: Table = {
      headers: [
        header(' kode wilayah '),
        header('TAHUN'),
        header('Bulan'),
        header('Nama'),
        header('Jumlah'),
      ],
      subHeaders: [],
      rows: [
        ['3273010', '2023', '1', 'Andir', '10'],
        ['3273020', '2023', '2', 'Sukajadi', '12'],
      ],
    };
    expect(tableColumns(table).roles).toEqual(['label', 'label', 'label', 'label', 'value']);
    expect(tableObservations(2023, table).map(({ row }) => row)).toEqual([
      '3273010 - 2023 - 1 - Andir',
      '3273020 - 2023 - 2 - Sukajadi',
    ]);
  });

  it('takes No., Nomor and # as row numbers, case and spaces ignored', () => {
    for (const name of ['No.', ' NOMOR', '#', 'no']) {
      const table: Table = {
        headers: [header(name), header('Jumlah')],
        subHeaders: [],
        rows: [['1', '5']],
      };
      expect(tableColumns(table).roles).toEqual(['row-number', 'value']);
    }
  });

  it('is not a value column when one cell is text, or when every cell is missing', () => {
    const table: Table = {
      headers: [header('A'), header('B'), header('C')],
      subHeaders: [],
      rows: [
        ['1', '-', 'x'],
        ['2', '', '3'],
      ],
    };
    expect(tableColumns(table).roles).toEqual(['value', 'other', 'other']);
  });
});

describe('tableObservations', () => {
  it('gives one observation per value cell, rows then columns, with the number and the cell', () => {
    expect(tableObservations(2020, POPULATION)).toEqual([
      {
        year: 2020,
        row: 'Andir',
        column: 'Jenis Kelamin - Laki-laki',
        value: 51505,
        cell: '51.505',
      },
      {
        year: 2020,
        row: 'Andir',
        column: 'Jenis Kelamin - Perempuan',
        value: 50980,
        cell: '50.980',
      },
      { year: 2020, row: 'Sukajadi', column: 'Jenis Kelamin - Laki-laki', value: null, cell: '-' },
      {
        year: 2020,
        row: 'Sukajadi',
        column: 'Jenis Kelamin - Perempuan',
        value: 52101,
        cell: '52.101',
      },
      {
        year: 2020,
        row: 'Cicendo',
        column: 'Jenis Kelamin - Laki-laki',
        value: 48230,
        cell: '48.230',
      },
      {
        year: 2020,
        row: 'Cicendo',
        column: 'Jenis Kelamin - Perempuan',
        value: 47915.5,
        cell: '47.915,5',
      },
    ]);
  });

  it('labels rows by position when no column is left of the values', () => {
    const table: Table = {
      headers: [header('No'), header('Laki-laki'), header('Perempuan')],
      subHeaders: [],
      rows: [
        ['1', '10', '11'],
        ['2', '–', ' 1.000 '],
      ],
    };
    expect(tableObservations(2021, table)).toEqual([
      { year: 2021, row: '1', column: 'Laki-laki', value: 10, cell: '10' },
      { year: 2021, row: '1', column: 'Perempuan', value: 11, cell: '11' },
      { year: 2021, row: '2', column: 'Laki-laki', value: null, cell: '–' },
      { year: 2021, row: '2', column: 'Perempuan', value: 1000, cell: ' 1.000 ' },
    ]);
  });

  it('joins several label columns, skipping empty cells', () => {
    const table: Table = {
      headers: [header('Kabupaten'), header('Kecamatan'), header('Nilai')],
      subHeaders: [],
      rows: [
        ['Bandung', 'Andir', '1'],
        ['Bandung', ' ', '2'],
      ],
    };
    expect(tableObservations(2022, table).map(({ row }) => row)).toEqual([
      'Bandung - Andir',
      'Bandung',
    ]);
  });

  it('gives none for a table with no numbers at all', () => {
    const table: Table = {
      headers: [header('Nama'), header('Alamat')],
      subHeaders: [],
      rows: [['Puskesmas A', 'Jl. Merdeka 1']],
    };
    expect(tableObservations(2022, table)).toEqual([]);
  });

  it('keeps a formula-like cell as it is (it is text, so its column holds no values)', () => {
    const table: Table = {
      headers: [header('Uraian'), header('Nilai')],
      subHeaders: [],
      rows: [
        ['=SUM(A1)', '5'],
        ['+x', '-3'],
      ],
    };
    expect(tableObservations(2022, table)).toEqual([
      { year: 2022, row: '=SUM(A1)', column: 'Nilai', value: 5, cell: '5' },
      { year: 2022, row: '+x', column: 'Nilai', value: -3, cell: '-3' },
    ]);
  });
});

describe('elementObservations', () => {
  const later: Table = {
    headers: [header('Kecamatan'), header('Jumlah')],
    subHeaders: [],
    rows: [['Andir', '1,5']],
  };
  const data = [
    { year: 2023, table: later },
    { year: 2020, table: POPULATION },
  ];

  it('lists the years ascending, whatever order the element holds them in', () => {
    expect([...new Set(elementObservations(data).map(({ year }) => year))]).toEqual([2020, 2023]);
  });

  it('filters by year, row and column, each a set of exact strings, all combined', () => {
    const all = elementObservations(data);
    expect(filterObservations(all, { year: ['2023'] })).toEqual([
      { year: 2023, row: 'Andir', column: 'Jumlah', value: 1.5, cell: '1,5' },
    ]);
    expect(
      filterObservations(all, {
        row: ['Andir', 'Cicendo'],
        column: ['Jenis Kelamin - Perempuan'],
      }).map(({ row, value }) => [row, value]),
    ).toEqual([
      ['Andir', 50980],
      ['Cicendo', 47915.5],
    ]);
    expect(filterObservations(all, { row: ['andir'] })).toEqual([]);
  });
});

describe('plainDecimal', () => {
  it.each([
    ['51.505', '51505'],
    ['12,5', '12.5'],
    ['-1.234,5', '-1234.5'],
    [' +007 ', '7'],
    ['-0', '0'],
    ['1.000.000.000.000.000.000.001', '1000000000000000000001'],
    ['-', undefined],
    ['1.23', undefined],
    ['abc', undefined],
  ])('%j is written %j', (cell, written) => {
    expect(plainDecimal(cell)).toBe(written);
  });
});

describe('observationsCsv', () => {
  it('writes the header, values plainly, missing as empty, and guards formulas', () => {
    const csv = observationsCsv([
      { year: 2020, row: 'Andir, Kota', column: 'Jumlah', value: 51505, cell: '51.505' },
      { year: 2020, row: '=1+1', column: 'Jumlah', value: null, cell: '-' },
      { year: 2020, row: 'X', column: 'Jumlah', value: -12.5, cell: '-12,5' },
    ]);
    expect(csv).toBe(
      'year,row,column,value,cell\r\n' +
        '2020,"Andir, Kota",Jumlah,51505,51.505\r\n' +
        "2020,'=1+1,Jumlah,,'-\r\n" +
        '2020,X,Jumlah,-12.5,"-12,5"\r\n',
    );
  });
});

describe('observationsJsonStat', () => {
  const description = {
    title: 'Jumlah Penduduk',
    unit: 'Jiwa',
    source: 'Disdukcapil',
    updated: '2024-01-02T03:04:05.000Z',
    href: 'https://example.org/dataset/x',
  };

  it('reads with jsonstat-toolkit: every observation found at its year, row and column', () => {
    const observations = elementObservations([
      { year: 2020, table: POPULATION },
      {
        year: 2021,
        table: { ...POPULATION, rows: [['1', 'Kiaracondong', '1', '2', '']] },
      },
    ]);
    const dataset = JSONstat(observationsJsonStat(observations, description));
    expect(dataset.class).toBe('dataset');
    expect(dataset.id).toEqual(['year', 'row', 'column']);
    expect(dataset.role.time).toEqual(['year']);
    for (const { year, row, column, value } of observations)
      expect(dataset.Data({ year: String(year), row, column })?.value).toBe(value);
    // a combination that no table holds is null
    expect(
      dataset.Data({ year: '2021', row: 'Andir', column: 'Jenis Kelamin - Laki-laki' })?.value,
    ).toBe(null);
    expect(dataset.n).toBe(2 * 4 * 2);
  });

  it('names the element: label, source, updated, href and the unit', () => {
    const json = observationsJsonStat(tableObservations(2020, POPULATION), description);
    expect(json).toMatchObject({
      version: '2.0',
      class: 'dataset',
      label: 'Jumlah Penduduk',
      source: 'Disdukcapil',
      updated: '2024-01-02T03:04:05.000Z',
      href: 'https://example.org/dataset/x',
      extension: { unit: 'Jiwa' },
    });
  });
});
