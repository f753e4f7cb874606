// Builds the Worker tests' snapshot with the real generator CLI, from the fixture catalogue,
// into test/.snapshot (the assets folder of test/wrangler.test.toml). Small blocks and runs on
// purpose: answers then span several of each, as they do at scale; small dump parts likewise.
// Built as a nightly build is: on a base made from the catalogue as it stood before
// (support/node/previous-catalogue.ts), so every Worker test reads through an overlay.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentationFileName } from '../../core/contract.ts';
import { MANIFEST_PATH, snapshotPaths, type Manifest } from '../../core/snapshot-layout.ts';
import { writePreviousCatalogue } from '../support/node/previous-catalogue.ts';

export const FIXTURE_CATALOGUE = fileURLToPath(new URL('../fixtures/catalogue', import.meta.url));
export const FIXTURE_SNAPSHOT = fileURLToPath(new URL('../.snapshot', import.meta.url));
export const FIXTURE_TIERS = [
  '--block-bytes',
  '3000',
  '--run-bytes',
  '9000',
  '--dump-part-bytes',
  '1200',
];

export function buildFixtureSnapshot() {
  const previous = mkdtempSync(join(tmpdir(), 'previous-catalogue-'));
  try {
    writePreviousCatalogue(FIXTURE_CATALOGUE, previous);
    build(previous, '--new-base');
    build(FIXTURE_CATALOGUE, '--base', FIXTURE_SNAPSHOT);
  } finally {
    rmSync(previous, { recursive: true, force: true });
  }
}

function build(catalogue: string, ...base: string[]) {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'generator/cli.ts',
      '--data',
      catalogue,
      '--out',
      FIXTURE_SNAPSHOT,
      ...FIXTURE_TIERS,
      ...base,
      // dated as a first build, at SOURCE_DATE_EPOCH (vitest.config.ts), whatever was built before
      '--fresh-dates',
    ],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Where a documentation file of the built fixture snapshot is on disk. */
export function fixtureDocumentationFile(name: DocumentationFileName): string {
  const { buildId } = JSON.parse(
    readFileSync(join(FIXTURE_SNAPSHOT, MANIFEST_PATH), 'utf8'),
  ) as Manifest;
  return join(FIXTURE_SNAPSHOT, snapshotPaths(buildId).documentation(name));
}
