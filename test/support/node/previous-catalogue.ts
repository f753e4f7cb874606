// The fixture catalogue as it stood "the night before": the test snapshot is built on a base
// made from this one (test/generator/build-fixture-snapshot.ts), so that every Worker test runs
// against an overlay (core/snapshot-layout.ts, "Base and overlay") holding each kind of change
// since: a cell, a title, a data source changed; an element added, one removed; two unchanged
// elements whose order changed.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Element = Record<string, unknown> & {
  title: string;
  data: { id?: string; _id?: unknown; table: { rows: string[][] } }[];
};

/** What changed between the previous catalogue and the fixture, by element _id. */
export const CHANGED_SINCE = {
  cell: '000000000000000000001001',
  added: '000000000000000000001002',
  dataSource: '000000000000000000001003',
  title: '00000000000000000000100c',
  reordered: ['00000000000000000000100e', '00000000000000000000100f'],
  removed: '0000000000000000000010ff',
} as const;

export function writePreviousCatalogue(from: string, to: string) {
  cpSync(from, to, { recursive: true });
  edit(join(to, 'data-element/2022.json'), (elements) => {
    const [cellChanged, added, dataSourceChanged] = elements as [Element, Element, Element];
    cellChanged.data[0]!.table.rows[0]![1] = '1.200';
    dataSourceChanged.dataSource = { $oid: '000000000000000000000202' };
    const removed: Element = structuredClone(cellChanged);
    removed._id = CHANGED_SINCE.removed;
    removed.title = 'Jumlah Rumah Tangga Menurut Kecamatan';
    removed.data = removed.data.map(({ table }, i) => ({
      id: `00000000-0000-4000-8000-0000000010f${i}`,
      year: 2021 - i,
      table,
    }));
    return [cellChanged, dataSourceChanged, ...elements.slice(3), removed].filter(
      (element) => element !== added,
    );
  });
  edit(join(to, 'data-element/2024.json'), (elements) => {
    const [titleChanged, second, third, fourth, ...rest] = elements as Element[];
    titleChanged!.title = `${titleChanged!.title} (Lama)`;
    return [titleChanged!, second!, fourth!, third!, ...rest];
  });
}

function edit(file: string, change: (elements: Element[]) => Element[]) {
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Element[])));
}
