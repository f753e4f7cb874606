// DataStore tables of a year's table and of observations (docs/harvest.md §16), and the
// datastore_info CKAN answers over them.
import { describe, expect, it } from 'vitest';
import { datastoreInfo } from '../../core/datastore/info.ts';
import { parseSortClause } from '../../core/datastore/sort-clause.ts';
import {
  datastoreFieldNames,
  observationsDatastore,
  yearTableDatastore,
} from '../../core/datastore/table.ts';
import { tableObservations } from '../../core/tables/observations.ts';
import type { CsvTable } from '../../core/tables/csv.ts';

const header = (content: string, colSpan = 1) => ({ content, colSpan });

/** docs/api.md §15's worked example: a `No` column, a spanning header, a missing cell. */
const POPULATION: CsvTable = {
  headers: [header('No'), header('Kecamatan'), header('Jenis Kelamin', 2), header('Keterangan')],
  subHeaders: [['Laki-laki', 'Perempuan']],
  rows: [
    ['1', 'Andir', '51.505', '50.980', ''],
    ['2', 'Sukajadi', '-', '52.101', 'belum final'],
    ['3', 'Cicendo', '48.230', '47.915,5'],
  ],
};

describe('yearTableDatastore', () => {
  it('types value columns numeric, the rest text, after _id', () => {
    const table = yearTableDatastore('r2020', POPULATION);
    expect(table.resourceId).toBe('r2020');
    expect(table.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'No', type: 'text' },
      { id: 'Kecamatan', type: 'text' },
      { id: 'Jenis Kelamin - Laki-laki', type: 'numeric' },
      { id: 'Jenis Kelamin - Perempuan', type: 'numeric' },
      { id: 'Keterangan', type: 'text' },
    ]);
  });

  it('holds numbers as numbers, missing as null, text as the catalogue holds it', () => {
    expect(yearTableDatastore('r', POPULATION).records).toEqual([
      [1, '1', 'Andir', 51505, 50980, ''],
      [2, '2', 'Sukajadi', null, 52101, 'belum final'],
      [3, '3', 'Cicendo', 48230, 47915.5, null],
    ]);
  });

  it('names two columns of one name apart, as datastore_create would need', () => {
    const table = yearTableDatastore('r', {
      headers: [header('Nama'), header('Nama'), header('Nama (2)')],
      subHeaders: [],
      rows: [['a', 'b', 'c']],
    });
    expect(table.fields.map((field) => field.id)).toEqual(['_id', 'Nama', 'Nama (3)', 'Nama (2)']);
  });
});

describe('datastoreFieldNames', () => {
  it.each([
    [
      ['A', 'B'],
      ['A', 'B'],
    ],
    [
      ['A', 'A', 'A'],
      ['A', 'A (2)', 'A (3)'],
    ],
    [
      [' A ', 'A'],
      ['A', 'A (2)'],
    ],
    [
      ['_id', '__x', 'id'],
      ['id', 'x', 'id (2)'],
    ],
    [
      ['', ' ', 'Kolom 2'],
      ['Kolom 1', 'Kolom 2', 'Kolom 2 (2)'],
    ],
    [['say "hi"'], ["say 'hi'"]],
    [
      ['a', 'A'],
      ['a', 'A'],
    ],
  ])('%j → %j', (names, expected) => {
    expect(datastoreFieldNames(names)).toEqual(expected);
  });
});

describe('observationsDatastore', () => {
  it('holds the observations in order with CKAN types', () => {
    const table = observationsDatastore('obs', tableObservations(2020, POPULATION));
    expect(table.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'year', type: 'int' },
      { id: 'row', type: 'text' },
      { id: 'column', type: 'text' },
      { id: 'value', type: 'numeric' },
      { id: 'cell', type: 'text' },
    ]);
    expect(table.records.slice(0, 3)).toEqual([
      [1, 2020, 'Andir', 'Jenis Kelamin - Laki-laki', 51505, '51.505'],
      [2, 2020, 'Andir', 'Jenis Kelamin - Perempuan', 50980, '50.980'],
      [3, 2020, 'Sukajadi', 'Jenis Kelamin - Laki-laki', null, '-'],
    ]);
    expect(table.records).toHaveLength(6);
  });
});

describe('parseSortClause', () => {
  const fields = new Set(['a', 'a b', 'desc', ' ', 'x  ', ' nulls last']);
  it.each([
    ['a', { field: 'a', descending: false, nullsFirst: false }],
    ['a DESC', { field: 'a', descending: true, nullsFirst: true }],
    ['a   asc', { field: 'a', descending: false, nullsFirst: false }],
    ['a desc nulls last', { field: 'a', descending: true, nullsFirst: false }],
    ['a nulls  FIRST  ', { field: 'a', descending: false, nullsFirst: true }],
    ['"a b" desc', { field: 'a b', descending: true, nullsFirst: true }],
    ['a b', { field: 'a b', descending: false, nullsFirst: false }],
    ['desc', { field: 'desc', descending: false, nullsFirst: false }],
    ['  desc', { field: ' ', descending: true, nullsFirst: true }],
    ['x  ', { field: 'x  ', descending: false, nullsFirst: false }],
    [' nulls last', { field: ' nulls last', descending: false, nullsFirst: false }],
    ['a  nulls last', undefined],
    ['b', undefined],
    ['', undefined],
  ])('%j', (clause, expected) => {
    expect(parseSortClause(clause, fields)).toEqual(expected);
  });

  it('reads a clause of a million spaces at once', () => {
    const started = Date.now();
    expect(parseSortClause(`a${' '.repeat(1_000_000)}x`, fields)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('datastore_info', () => {
  const table = observationsDatastore('obs', tableObservations(2020, POPULATION));

  it('answers meta and the fields but _id, each with its schema', () => {
    const answer = datastoreInfo(table, { id: 'obs' });
    expect(answer).toStrictEqual({
      ok: true,
      result: {
        meta: { id: 'obs', count: 6, table_type: 'BASE TABLE', aliases: [] },
        fields: [
          ['year', 'int', 'integer'],
          ['row', 'text', 'text'],
          ['column', 'text', 'text'],
          ['value', 'numeric', 'numeric'],
          ['cell', 'text', 'text'],
        ].map(([id, type, native_type]) => ({
          id,
          type,
          schema: {
            native_type,
            notnull: false,
            index_name: null,
            is_index: false,
            uniquekey: false,
          },
        })),
      },
    });
  });

  it('refuses a missing resource_id and an unknown one as CKAN', () => {
    expect(datastoreInfo(table, {})).toEqual({
      ok: false,
      error: { kind: 'validation', message: '', fields: { resource_id: ['Missing value'] } },
    });
    expect(datastoreInfo(table, { resource_id: '', id: 'obs' })).toMatchObject({ ok: false });
    expect(datastoreInfo(undefined, { resource_id: 'nope' })).toEqual({
      ok: false,
      error: {
        kind: 'notFound',
        message: 'Not found: Resource/Alias "nope" was not found.',
        fields: {},
      },
    });
  });
});
