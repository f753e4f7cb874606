// docs/harvest.md §12: every published element's created and modified dates. From the catalogue's
// createdAt/updatedAt where it has them; otherwise carried forward by the dates ledger that each
// build leaves beside its snapshot, through the real CLI as the nightly job runs it.
import { readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATES_LEDGER_PATH } from '../../core/snapshot-layout.ts';
import { parseCatalogueDate } from '../../core/open-data/catalogue-date.ts';
import { assignDates, type DatesLedger } from '../../generator/element-dates.ts';
import { copyCatalogue, runBuild, tempDir, treeDigest } from './build-cli.ts';

const ledgerOf = (out: string) =>
  JSON.parse(readFileSync(join(out, DATES_LEDGER_PATH), 'utf8')) as DatesLedger;

function build(data: string, out: string, epoch: number, extra: string[] = []) {
  const result = spawnWithEpoch(data, out, epoch, extra);
  expect(result.status, result.stderr).toBe(0);
  return result;
}

function spawnWithEpoch(data: string, out: string, epoch: number, extra: string[]) {
  const before = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(epoch);
  try {
    return runBuild(['--data', data, '--out', out, ...extra]);
  } finally {
    process.env.SOURCE_DATE_EPOCH = before;
  }
}

/** Edits the first element of a file whose _id is not dated by the catalogue. */
function editFirstUndated(
  data: string,
  file: string,
  change: (element: Record<string, unknown>) => void,
) {
  const path = join(data, 'data-element', file);
  const elements = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  const element = elements.find((e) => !('updatedAt' in e) && e.status === 'TERVERIFIKASI')!;
  change(element);
  writeFileSync(path, JSON.stringify(elements, null, 2));
  const id = element._id as string | { $oid: string };
  return typeof id === 'string' ? id : id.$oid;
}

describe('element dates (docs/harvest.md §12)', () => {
  it('keeps every date when an unchanged catalogue is rebuilt into the same --out, and the snapshot byte for byte', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out, 1_700_000_000);
    const first = treeDigest(out);
    build(data, out, 1_800_000_000); // a later build time changes nothing unchanged
    expect(treeDigest(out)).toEqual(first);
  });

  it('moves exactly the edited element modified date, to the build time; a new element is created then', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out, 1_700_000_000);
    const before = ledgerOf(out);
    const edited = editFirstUndated(data, 'a-lain.json', (e) => {
      (e.data as { table: { rows: string[][] } }[])[0]!.table.rows[0]![1] = '987';
    });
    const added = 'aaaaaaaaaaaaaaaaaaaa0001';
    const file = join(data, 'data-element', 'zz-new.json');
    const template = JSON.parse(readFileSync(join(data, 'data-element', 'a-lain.json'), 'utf8'))[0];
    writeFileSync(
      file,
      JSON.stringify({
        ...template,
        _id: added,
        title: 'Elemen Baru',
        createdAt: undefined,
        updatedAt: undefined,
      }),
    );
    const result = build(data, out, 1_800_000_000);
    expect(result.stdout).toMatch(/kept from the ledger, 2 new or changed/);
    const after = ledgerOf(out);
    for (const [id, [hash, created, modified]] of Object.entries(after)) {
      if (id === edited) {
        expect(hash).not.toBe(before[id]![0]);
        expect(created).toBe(before[id]![1]);
        expect(modified).toBe(1_800_000_000);
      } else if (id === added) {
        expect([created, modified]).toEqual([1_800_000_000, 1_800_000_000]);
      } else expect([hash, created, modified]).toEqual(before[id]);
    }
  });

  it('takes createdAt/updatedAt from the catalogue in every form mongoexport writes', () => {
    expect(parseCatalogueDate('2024-03-01T10:00:00Z')).toBe(
      Date.parse('2024-03-01T10:00:00Z') / 1000,
    );
    expect(parseCatalogueDate('2024-03-01T10:00:00.123+07:00')).toBe(
      Math.floor(Date.parse('2024-03-01T10:00:00.123+07:00') / 1000),
    );
    expect(parseCatalogueDate('2024-03-01')).toBe(Date.parse('2024-03-01T00:00:00Z') / 1000);
    expect(parseCatalogueDate('2024-02-29')).toBe(Date.parse('2024-02-29T00:00:00Z') / 1000);
    expect(parseCatalogueDate({ $date: '2024-03-01T10:00:00.000Z' })).toBe(1709287200);
    expect(parseCatalogueDate({ $date: 1709287200000 })).toBe(1709287200);
    expect(parseCatalogueDate({ $date: { $numberLong: '1709287200000' } })).toBe(1709287200);
    for (const bad of [
      'yesterday',
      '2024-13-01T00:00:00Z',
      17,
      null,
      { $date: 'x' },
      '2024-03-01T10:00:00',
      // days the calendar does not have, which Date.parse would roll over into the next month
      '2024-02-30',
      '2023-02-29T00:00:00Z',
      { $date: '2024-04-31T00:00:00.000Z' },
    ])
      expect(typeof parseCatalogueDate(bad)).toBe('object');
    const { dates } = assignDates(
      [{ id: 'a', json: '{}', dates: { createdAt: 100, updatedAt: 200 } }],
      { a: ['other', 1, 2] },
      999,
    );
    expect(dates).toEqual([{ created: 100, modified: 200 }]);
  });

  it('refuses a catalogue whose dates are not dates, naming file and path, and writes nothing', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out, 1_700_000_000);
    const digest = treeDigest(out);
    editFirstUndated(data, 'a-lain.json', (e) => void (e.updatedAt = 'kemarin'));
    const result = spawnWithEpoch(data, out, 1_800_000_000, []);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /a-lain\.json: \[\d+\]\.updatedAt: .*ISO 8601|a-lain\.json: \[\d+\]\.updatedAt: not a date/,
    );
    expect(treeDigest(out)).toEqual(digest);
  });

  it('stops on a ledger it cannot read, leaving the previous output as it was', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out, 1_700_000_000);
    writeFileSync(join(out, DATES_LEDGER_PATH), '{"broken": ');
    const digest = treeDigest(out);
    const result = spawnWithEpoch(data, out, 1_800_000_000, []);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/dates ledger .* cannot be read/);
    expect(treeDigest(out)).toEqual(digest);
  });

  it('carries dates through a ledger given apart (as the nightly job restores it), and keeps it off the deploy', () => {
    const data = copyCatalogue();
    const first = tempDir('dist-');
    build(data, first, 1_700_000_000);
    const kept = join(tempDir('ledger-'), 'dates.json');
    cpSync(join(first, DATES_LEDGER_PATH), kept);
    rmSync(first, { recursive: true });
    const second = tempDir('dist-');
    build(data, second, 1_800_000_000, ['--ledger', kept]);
    expect(ledgerOf(second)).toEqual(JSON.parse(readFileSync(kept, 'utf8')));
    expect(readFileSync(join(second, '.assetsignore'), 'utf8').split('\n')).toContain('_build');
  });
});
