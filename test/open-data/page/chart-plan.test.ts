import { describe, expect, it } from 'vitest';
import { chooseChart, MAX_BARS, MAX_LINES } from '../../../core/open-data/page/chart-plan.ts';
import { niceTicks } from '../../../core/open-data/page/chart-svg.ts';
import type { DataElement, Table } from '../../../core/schema.ts';
import { fixtureViews } from '../../support/node/fixture-views.ts';

const rowNumber = (row: number) => `Baris ${row}`;
const simple = (rows: string[][], headers = ['Kecamatan', 'Jumlah']): Table => ({
  headers: headers.map((content, position) => ({
    content,
    colSpan: 1,
    rowSpan: 1,
    dataType: position === 0 ? 'string' : 'number',
  })),
  subHeaders: [],
  rows,
});
const element = (tables: Record<number, Table>): DataElement => ({
  _id: 'e1',
  title: 'Jumlah Penduduk',
  unit: 'Jiwa',
  data: Object.entries(tables).map(([year, table]) => ({ id: year, year: Number(year), table })),
  metadata: [],
  status: 'TERVERIFIKASI',
  category: [],
  dataSource: { _id: 'd', name: 'Dinas', slug: 'dinas' },
  sector: [],
  field: [],
});

describe('chooseChart', () => {
  it('draws a line per row over the years when the row labels repeat', () => {
    const plan = chooseChart(
      element({
        2021: simple([
          ['Kota', '1.000'],
          ['Desa', '500'],
        ]),
        2023: simple([
          ['Kota', '1.200'],
          ['Desa', '-'],
        ]),
        2022: simple([
          ['Desa', '550'],
          ['Kota', '1.100'],
        ]),
      }),
      rowNumber,
    );
    expect(plan).toEqual({
      kind: 'line',
      measure: 'Jumlah',
      by: 'Kecamatan',
      years: [2021, 2022, 2023],
      series: [
        { label: 'Kota', values: [1000, 1100, 1200] },
        { label: 'Desa', values: [500, 550, undefined] },
      ],
    });
  });

  it("draws bars of the latest year's rows when the labels do not repeat", () => {
    const plan = chooseChart(
      element({
        2022: simple([['Kota', '10']]),
        2023: simple([
          ['Sukamaju', '1.234,5'],
          ['Cibatu', '-'],
          ['Jumlah', '1.234,5'],
        ]),
      }),
      rowNumber,
    );
    expect(plan).toEqual({
      kind: 'bar',
      measure: 'Jumlah',
      by: 'Kecamatan',
      year: 2023,
      bars: [
        { label: 'Sukamaju', value: 1234.5 },
        { label: 'Cibatu', value: undefined },
      ],
    });
  });

  it('draws bars for an element of one year', () => {
    const plan = chooseChart(
      element({
        2024: simple([
          ['A', '1'],
          ['B', '2'],
        ]),
      }),
      rowNumber,
    );
    expect(plan?.kind).toBe('bar');
  });

  it('prefers the Jumlah column to the first numeric one, under sub-headers too', () => {
    const table: Table = {
      headers: [
        { content: 'Kecamatan', colSpan: 1, rowSpan: 2, dataType: 'string' },
        { content: 'Jenis Kelamin', colSpan: 2, rowSpan: 1, dataType: 'number' },
        { content: 'Jumlah', colSpan: 1, rowSpan: 2, dataType: 'number' },
      ],
      subHeaders: [['Laki-laki', 'Perempuan']],
      rows: [
        ['Kota', '1.204', '1.187', '2.391'],
        ['Desa', '10', '20', '30'],
      ],
    };
    const plan = chooseChart(element({ 2022: table }), rowNumber);
    expect(plan).toMatchObject({
      kind: 'bar',
      measure: 'Jumlah',
      bars: [
        { label: 'Kota', value: 2391 },
        { label: 'Desa', value: 30 },
      ],
    });
    const noTotal = { ...table, headers: table.headers.slice(0, 2), rows: [['Kota', '1', '2']] };
    expect(chooseChart(element({ 2022: noTotal, 2023: noTotal }), rowNumber)).toMatchObject({
      kind: 'line',
      measure: 'Kota',
      series: [{ label: 'Jenis Kelamin - Laki-laki' }, { label: 'Jenis Kelamin - Perempuan' }],
    });
  });

  it('draws the total row over the years when there are too many rows for a line each', () => {
    const rows = (offset: number) => [
      ...Array.from({ length: MAX_LINES + 2 }, (_, i) => [`Desa ${i}`, String(i + offset)]),
      ['Jumlah', String(100 + offset)],
    ];
    const plan = chooseChart(element({ 2022: simple(rows(0)), 2023: simple(rows(5)) }), rowNumber);
    expect(plan).toEqual({
      kind: 'line',
      measure: 'Jumlah',
      by: 'Kecamatan',
      years: [2022, 2023],
      series: [{ label: 'Jumlah', values: [100, 105] }],
    });
  });

  it('draws the largest rows when there are too many and no total', () => {
    const rows = Array.from({ length: MAX_LINES + 3 }, (_, i) => [`Desa ${i}`, String(i)]);
    const plan = chooseChart(element({ 2022: simple(rows), 2023: simple(rows) }), rowNumber);
    expect(plan?.kind).toBe('line');
    if (plan?.kind !== 'line') return;
    expect(plan.series.map((s) => s.label)).toEqual(rows.slice(-MAX_LINES).map(([label]) => label));
    expect(plan.largestOf).toBe(MAX_LINES + 3);
    const many = Array.from({ length: MAX_BARS + 5 }, (_, i) => [`Desa ${i}`, String(i)]);
    const bars = chooseChart(element({ 2022: simple(many) }), rowNumber);
    expect(bars).toMatchObject({ kind: 'bar', largestOf: MAX_BARS + 5 });
    if (bars?.kind === 'bar') expect(bars.bars).toHaveLength(MAX_BARS);
  });

  it("draws the observations' value columns and row labels: a No column is neither", () => {
    const table: Table = {
      headers: ['No', 'Kode Wilayah', 'Kecamatan', 'Jumlah', 'Keterangan'].map((content) => ({
        content,
        colSpan: 1,
        rowSpan: 1,
        dataType: 'string',
      })),
      subHeaders: [],
      rows: [
        ['1', '3273010', 'Andir', '1.000', '1'],
        ['2', '3273020', 'Sukajadi', '-', '2'],
      ],
    };
    expect(chooseChart(element({ 2022: table }), rowNumber)).toEqual({
      kind: 'bar',
      measure: 'Jumlah',
      by: 'Kode Wilayah - Kecamatan',
      year: 2022,
      bars: [
        { label: '3273010 - Andir', value: 1000 },
        { label: '3273020 - Sukajadi', value: undefined },
      ],
    });
  });

  it('draws nothing when no table holds a number', () => {
    expect(chooseChart(element({ 2022: simple([['Kota', 'Baik']]) }), rowNumber)).toBeUndefined();
    expect(chooseChart(element({}), rowNumber)).toBeUndefined();
  });

  it('numbers the rows of a table with no label column', () => {
    const plan = chooseChart(
      element({
        2022: simple(
          [
            ['1', '2'],
            ['3', '4'],
          ],
          ['A', 'B'],
        ),
      }),
      rowNumber,
    );
    expect(plan).toMatchObject({ kind: 'bar', measure: 'A', bars: [{ label: 'Baris 1' }, {}] });
  });

  it('chooses lines and bars among the fixture elements', () => {
    const plans = new Map(
      fixtureViews().map(({ element }) => [element._id, chooseChart(element, rowNumber)]),
    );
    // two years, the same kecamatan rows: one line per kecamatan... of which 2023 has the rows
    expect(plans.get('000000000000000000001006')).toMatchObject({
      kind: 'line',
      years: [2022, 2023],
    });
    expect(plans.get('000000000000000000001002')).toMatchObject({ kind: 'bar', year: 2022 });
    // its 2021 table holds no column of numbers only: the 2020 one is drawn
    expect(plans.get('000000000000000000001016')).toMatchObject({ kind: 'bar', year: 2020 });
  });
});

describe('niceTicks', () => {
  it('covers the values with round steps', () => {
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(3, 7)).toEqual([3, 4, 5, 6, 7]);
    const ticks = niceTicks(-12.5, 1234.5);
    expect(ticks[0]).toBeLessThanOrEqual(-12.5);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(1234.5);
    expect(niceTicks(5, 5).length).toBeGreaterThanOrEqual(2);
  });

  it('ends for numbers past the precision of their step', () => {
    expect(niceTicks(1e17, 1e17 + 16)).toEqual([1e17, 1e17 + 16]);
    const ticks = niceTicks(-1e300, 1e300);
    expect(ticks[0]).toBeLessThanOrEqual(-1e300);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(1e300);
  });
});
