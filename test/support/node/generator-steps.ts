// The generator's steps called in process, chained as generator/cli.ts chains them: for tests of
// what the steps give (the problems of a catalogue, the snapshot of a valid one). What only the
// command line shows (exit codes, no stack trace, the previous output kept on failure, the
// summary) stays with the few tests that run it (test/generator/build-cli.ts).
import { buildSnapshot, type TierSizes } from '../../../generator/build-snapshot.ts';
import { compileCatalogue, type CompiledCatalogue } from '../../../generator/compile-catalogue.ts';
import { formatProblem } from '../../../generator/problems.ts';
import { readCatalogue } from '../../../generator/read-catalogue.ts';
import { readSite, type SiteSources } from '../../../generator/read-site.ts';
import { writeSnapshotAtomically, type WriteSummary } from '../../../generator/write-snapshot.ts';

/** read → compile: a catalogue folder's published elements and every problem found in it. */
export const compileCatalogueFolder = (dataDir: string): CompiledCatalogue =>
  compileCatalogue(readCatalogue(dataDir));

/** The problems one a line, as `npm run build` prints them. */
export const problemReport = (catalogue: CompiledCatalogue): string =>
  catalogue.problems.map(formatProblem).join('\n');

let site: SiteSources | undefined; // bundled once: the page's sources do not change during a run

/** read → compile → build → write: the snapshot of a valid catalogue folder, written to `out`. */
export function buildCatalogueFolder(
  dataDir: string,
  out: string,
  tiers: TierSizes = {},
): WriteSummary {
  const catalogue = compileCatalogueFolder(dataDir);
  if (catalogue.problems.length > 0)
    throw new Error(`${dataDir} has problems, nothing built:\n${problemReport(catalogue)}`);
  site ??= readSite();
  return writeSnapshotAtomically(out, buildSnapshot(catalogue, site, tiers).files);
}
