// Every byte of a built snapshot, scanned for the ids and titles of unverified elements: of the
// sample catalogue in data/ and of a synthetic one, each built with the build's steps in process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PART_KINDS } from '../../core/open-data/part-kinds.ts';
import { fileKind } from '../../generator/upload-report.ts';
import { buildCatalogueFolder } from '../support/node/generator-steps.ts';
import { PROJECT_ROOT, allFiles, runScript, tempDir } from './build-cli.ts';

type Raw = { _id: string | { $oid: string }; title: string; status: string };

/**
 * Unverified ids, and the unverified titles that no verified title contains, even trimmed (those
 * could only leak: a verified title "X" is written followed by a space, "X (2024, CSV)", where an
 * unverified "X " would be found).
 */
function unverifiedOf(catalogue: string): { ids: string[]; titles: string[] } {
  const out: { id: string; title: string }[] = [];
  const verifiedTitles = new Set<string>();
  for (const file of fg.sync('data-element/**/*.json', { cwd: catalogue, absolute: true })) {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Raw | Raw[];
    for (const e of ([] as Raw[]).concat(value)) {
      if (e.status !== 'TERVERIFIKASI')
        out.push({ id: typeof e._id === 'string' ? e._id : e._id.$oid, title: e.title });
      else verifiedTitles.add(e.title);
    }
  }
  return {
    ids: out.map((e) => e.id),
    titles: [...new Set(out.map((e) => e.title))].filter(
      (t) => ![...verifiedTitles].some((v) => v.includes(t.trim())),
    ),
  };
}

function expectNoLeak(catalogue: string) {
  const out = tempDir('dist-');
  buildCatalogueFolder(catalogue, out);
  const unverified = unverifiedOf(catalogue);
  expect(unverified.ids.length).toBeGreaterThan(0);
  const files = allFiles(out);
  let scannedBytes = 0;
  for (const { file, bytes } of files) {
    scannedBytes += bytes.length;
    const text = bytes.toString('utf8');
    for (const id of unverified.ids)
      if (text.includes(id)) throw new Error(`${file} holds the unverified id ${id}`);
    for (const title of unverified.titles)
      if (text.includes(title)) throw new Error(`${file} holds the unverified title ${title}`);
  }
  // every kind of stored part was written, and so scanned (core/open-data/part-kinds.ts)
  const kinds = new Set(files.map(({ file }) => fileKind(file)));
  for (const kind of PART_KINDS) expect(kinds, kind.name).toContain(kind.fileKind);
  return {
    files: files.length,
    scannedBytes,
    unverified: unverified.ids.length,
    uniqueTitles: unverified.titles.length,
  };
}

describe('leak check', () => {
  it('finds no unverified id in the snapshot of the sample catalogue', () => {
    const figures = expectNoLeak(join(PROJECT_ROOT, 'data'));
    console.log(
      `leak check, sample: ${figures.unverified} unverified ids, ${figures.uniqueTitles} unshared titles, ${figures.files} files, ${figures.scannedBytes} bytes scanned`,
    );
  });

  it('finds no unverified id in the snapshot of a synthetic catalogue of 3,000 elements', () => {
    const catalogue = tempDir('synth-');
    expect(runScript('tools/synth/cli.ts', ['--elements', '3000', '--out', catalogue]).status).toBe(
      0,
    );
    const figures = expectNoLeak(catalogue);
    console.log(
      `leak check, synthetic: ${figures.unverified} unverified ids, ${figures.uniqueTitles} unshared titles, ${figures.files} files, ${figures.scannedBytes} bytes scanned`,
    );
  });
});
