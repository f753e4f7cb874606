// The pull's --out is replaced whole by the pulled catalogue. It may be the catalogue folder (that
// is its purpose), but never the project or a folder around it, nor a folder of something else.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { REFERENCE_LISTS } from '../../core/contract.ts';
import { ELEMENT_DIR } from '../../generator/read-catalogue.ts';
import { outputConflict, projectFolders, realPathOf } from '../../generator/output-guard.ts';

const CATALOGUE_ENTRIES = new Set<string>([
  ELEMENT_DIR,
  ...REFERENCE_LISTS.map(({ file }) => file),
]);

export function refusePullOutput(out: string): string | undefined {
  const conflict = outputConflict(realPathOf(out), projectFolders());
  if (conflict) return `--out ${out} ${conflict}. Nothing was touched.`;
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory())
    return `--out ${out} is a file, not a catalogue folder. Nothing was touched.`;
  const entries = readdirSync(out);
  if (entries.length > 0 && !entries.some((entry) => CATALOGUE_ENTRIES.has(entry))) {
    return `--out ${out} holds files but no catalogue (no ${[...CATALOGUE_ENTRIES].join(', ')}): the pull replaces the folder whole, so it refuses one that is not a catalogue. Nothing was touched.`;
  }
  return undefined;
}
