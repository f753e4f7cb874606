// A small synthetic catalogue (tools/synth) whose elements carry `updatedAt` dates spread over a
// year, built with the real generator into a temporary folder: a listing of several DCAT pages
// that `modified_since` cuts anywhere (the fixture fills one page; the synthetic shapes are all
// dated by their build). Node only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELEMENT_DIR } from '../../../generator/read-catalogue.ts';
import { generateCatalogue } from '../../../tools/synth/catalogue.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DAY_MS = 86_400_000;
/** Element n's `updatedAt`: a day of 2025 (n × 7 mod 365, so the dates are not in catalogue
 * order) at n seconds past 08:00 UTC. */
export const datedUpdate = (n: number) =>
  new Date(Date.UTC(2025, 0, 1, 8) + ((n * 7) % 365) * DAY_MS + n * 1000).toISOString();

export interface DatedSnapshot {
  /** The built snapshot (an assets folder for tools/serve/cli.ts). */
  snapshot: string;
  remove(): void;
}

/** `buildArgs`: more arguments for the build (smaller part files, say). */
export function buildDatedSnapshot(elements: number, buildArgs: string[] = []): DatedSnapshot {
  const root = mkdtempSync(join(tmpdir(), 'dated-snapshot-'));
  const data = join(root, 'data');
  const catalogue = generateCatalogue({ elements, seed: 20250101, titles: 'realistic' });
  for (const [name, items] of Object.entries(catalogue.lists)) {
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, `${name}.json`), JSON.stringify(items));
  }
  let n = 0;
  for (const [path, content] of catalogue.elementFiles) {
    for (const element of content as Record<string, unknown>[])
      element.updatedAt = { $date: datedUpdate(n++) };
    const file = join(data, ELEMENT_DIR, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(content));
  }
  const snapshot = join(root, 'dist');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'generator/cli.ts',
      '--data',
      data,
      '--out',
      snapshot,
      '--fresh-dates',
      ...buildArgs,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { snapshot, remove: () => rmSync(root, { recursive: true, force: true }) };
}
