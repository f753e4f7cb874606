// Builds the Worker tests' snapshot with the real generator CLI, from the fixture catalogue,
// into test/.snapshot (the assets folder of test/wrangler.test.toml). Small blocks and runs on
// purpose: answers then span several of each, as they do at scale; small dump parts likewise.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentationFileName } from '../../core/contract.ts';
import { MANIFEST_PATH, snapshotPaths, type Manifest } from '../../core/snapshot-layout.ts';

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
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'generator/cli.ts',
      '--data',
      FIXTURE_CATALOGUE,
      '--out',
      FIXTURE_SNAPSHOT,
      ...FIXTURE_TIERS,
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
