// Writing an output folder replaces it whole. So an --out that is or holds the catalogue (or the
// project) would delete it, one inside the catalogue would be read back as catalogue input, and
// an existing folder that is not a previous output (`--out worker`, `--out ~/Documents`) would be
// deleted with whatever it holds. Checked on real paths (symbolic links resolved) before anything
// is read or written.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_PATH } from '../core/snapshot-layout.ts';

/** Where a path lies relative to a folder. */
export type Relation = 'same' | 'contains' | 'inside' | 'apart';

/** A folder an output must keep away from, and which relations to it are refused. */
export interface GuardedFolder {
  role: 'catalogue' | 'project';
  /** Real, absolute path. */
  path: string;
  /** As the user would recognise it. */
  shown: string;
  refused: readonly Relation[];
}

/** The project this code runs from. */
export const CODE_PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

const withTrailingSep = (path: string) => (path.endsWith(sep) ? path : path + sep);

export function relationOf(path: string, folder: string): Relation {
  if (path === folder) return 'same';
  if (withTrailingSep(folder).startsWith(withTrailingSep(path))) return 'contains';
  if (path.startsWith(withTrailingSep(folder))) return 'inside';
  return 'apart';
}

const CONSEQUENCE: Record<GuardedFolder['role'], Partial<Record<Relation, string>>> = {
  catalogue: {
    same: 'is the catalogue folder: replacing it would delete the catalogue',
    contains: 'contains the catalogue folder {folder}: replacing it would delete the catalogue',
    inside:
      'lies inside the catalogue folder {folder}: the next build would read the output as catalogue files',
  },
  project: {
    same: 'is the project folder: replacing it would delete the project',
    contains: 'contains the project folder {folder}: replacing it would delete the project',
  },
};

/** Pure: why `out` (a real path) must not be written, or undefined when it may. */
export function outputConflict(out: string, guarded: readonly GuardedFolder[]): string | undefined {
  for (const folder of guarded) {
    const relation = relationOf(out, folder.path);
    const consequence = folder.refused.includes(relation)
      ? CONSEQUENCE[folder.role][relation]
      : undefined;
    if (consequence) return consequence.replace('{folder}', folder.shown);
  }
  return undefined;
}

/**
 * The real path of a folder that may not exist yet: its nearest existing ancestor resolved, then
 * the rest.
 */
export function realPathOf(path: string, cwd = process.cwd()): string {
  const missing: string[] = [];
  let existing = resolve(cwd, path);
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing.unshift(basename(existing));
    existing = dirname(existing);
  }
  return join(realpathSync(existing), ...missing);
}

/** The nearest folder at or above `start` holding a package.json: the user's project. */
export function projectRootAbove(start: string): string | undefined {
  for (let folder = resolve(start); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * The project this code belongs to and the one the command runs in: neither may be, or lie inside,
 * an output.
 */
export function projectFolders(cwd = process.cwd()): GuardedFolder[] {
  const roots = [CODE_PROJECT_ROOT, projectRootAbove(cwd)]
    .filter((root): root is string => root !== undefined)
    .map((root) => realPathOf(root));
  return [...new Set(roots)].map((path) => ({
    role: 'project',
    path,
    shown: path,
    refused: ['same', 'contains'],
  }));
}

/**
 * The build's --out: never the catalogue, around it or inside it; never the project or around it.
 * `cwd`: the working folder the paths are relative to, and whose project is guarded.
 */
export function refuseBuildOutput(
  out: string,
  catalogue: string,
  cwd = process.cwd(),
): string | undefined {
  const conflict = outputConflict(realPathOf(out, cwd), [
    ...projectFolders(cwd),
    {
      role: 'catalogue',
      path: realPathOf(catalogue, cwd),
      shown: catalogue,
      refused: ['same', 'contains', 'inside'],
    },
  ]);
  const refusal = conflict ?? notAnOutput(realPathOf(out, cwd));
  return (
    refusal &&
    `--out ${out} ${refusal}. Nothing was touched; choose another folder (the default is dist).`
  );
}

/** Why an existing `out` (a real path) is not one the build may replace, or undefined. */
function notAnOutput(out: string): string | undefined {
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory()) return 'is a file, not a folder';
  if (readdirSync(out).length === 0 || existsSync(join(out, MANIFEST_PATH))) return undefined;
  return `holds files but no snapshot (no ${MANIFEST_PATH}): the build replaces the folder whole, so it only replaces an empty folder or a previous build's output`;
}
