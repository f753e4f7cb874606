// The benchmarks' catalogues: synthetic, with realistic distinct titles, made once per size and
// kept in bench/.work (a folder is complete once its `.complete` marker is written).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where benchmarks keep catalogues, snapshots and peers' files between runs. */
export const WORK = resolve('bench/.work');
/** Title search cost depends on the amount of distinct title text: titles as a real catalogue's. */
export const TITLES = 'realistic';

/** The catalogue of `size` elements, made when missing. */
export function prepareCatalogue(size: number): string {
  // the title mode in the name: an older cached catalogue is not reused
  const dir = join(WORK, `catalogue-${size}-${TITLES}`);
  if (!existsSync(join(dir, '.complete'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'tools/synth/cli.ts'],
        ...['--elements', String(size), '--out', dir, '--titles', TITLES],
      ],
      { stdio: 'inherit' },
    );
    writeFileSync(join(dir, '.complete'), '');
  }
  return dir;
}
