// A synthetic catalogue large enough that reading every file an answer touches would break the
// platform's limits, built with the real generator into the assets folder of the scale tests
// (test/wrangler.scale.toml). Tiny blocks and runs on purpose: many thousands of blocks.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SNAPSHOT_SHAPES } from '../snapshot-shapes.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SCALE_CATALOGUE = fileURLToPath(new URL('../../.scale-catalogue', import.meta.url));
export const SCALE_SNAPSHOT = fileURLToPath(new URL('../../.snapshot-scale', import.meta.url));
export const SCALE_ELEMENTS = 3000;
export const SCALE_TIERS = [
  '--block-bytes',
  '1024',
  '--run-bytes',
  '65536',
  '--group-bytes',
  '16384',
  '--package-bytes',
  '16384',
];

export function buildScaleSnapshot() {
  const run = runTool;
  const marker = `${SCALE_CATALOGUE}/.complete-${SCALE_ELEMENTS}`;
  if (!existsSync(marker)) {
    run('tools/synth/cli.ts', [
      '--elements',
      String(SCALE_ELEMENTS),
      '--out',
      SCALE_CATALOGUE,
      '--titles',
      'realistic',
    ]);
    writeFileSync(marker, '');
  }
  run('generator/cli.ts', ['--data', SCALE_CATALOGUE, '--out', SCALE_SNAPSHOT, ...SCALE_TIERS]);
}

/** The catalogues of test/support/snapshot-shapes.ts, each built into its folder of SHAPES_ROOT. */
export const SHAPES_ROOT = fileURLToPath(new URL('../../.snapshot-shapes', import.meta.url));

export function buildShapeSnapshots() {
  for (const { name, elements, published, filters } of SNAPSHOT_SHAPES) {
    const catalogue = `${SCALE_CATALOGUE}-${name}`;
    const marker = `${catalogue}/.complete`;
    if (!existsSync(marker)) {
      runTool('tools/synth/cli.ts', [
        '--elements',
        String(elements),
        '--out',
        catalogue,
        '--titles',
        'realistic',
        '--published',
        String(published),
        '--filters',
        filters,
      ]);
      writeFileSync(marker, '');
    }
    runTool('generator/cli.ts', ['--data', catalogue, '--out', `${SHAPES_ROOT}/${name}`]);
  }
}

function runTool(script: string, args: string[]) {
  execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
