// The benchmarks' catalogues: synthetic, with realistic distinct titles, made once per size and
// kept in bench/.work (a folder is complete once its `.complete` marker is written).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where benchmarks keep catalogues, snapshots and peers' files between runs. */
export const WORK = resolve('bench/.work');
/** Title search cost depends on the amount of distinct title text: titles as a real catalogue's. */
export const TITLES = 'realistic';

/**
 * Catalogue shapes: `scattered`, most elements published (86 %), each filter's elements spread
 * over the catalogue (the synthetic default); `clustered`, few published (43 %), each data
 * source's elements together.
 */
export const CATALOGUE_SHAPES = {
  scattered: { published: 0.86, filters: 'scattered' },
  clustered: { published: 0.43, filters: 'clustered' },
} as const;
export type CatalogueShape = keyof typeof CATALOGUE_SHAPES;

/** The catalogue of `size` elements of this shape, made when missing. */
export function prepareCatalogue(size: number, shape: CatalogueShape = 'scattered'): string {
  const { published, filters } = CATALOGUE_SHAPES[shape];
  // the title mode and shape in the name: an older cached catalogue is not reused
  const dir = join(WORK, `catalogue-${size}-${TITLES}${shape === 'scattered' ? '' : `-${shape}`}`);
  if (!existsSync(join(dir, '.complete'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'tools/synth/cli.ts'],
        ...['--elements', String(size), '--out', dir, '--titles', TITLES],
        ...['--published', String(published), '--filters', filters],
      ],
      { stdio: 'inherit' },
    );
    writeFileSync(join(dir, '.complete'), '');
  }
  return dir;
}
