// read: the catalogue's files from disk, in catalogue order. The only step that reads the disk.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import type { CatalogueSources, SourceFile } from './compile-catalogue.ts';

export const ELEMENT_DIR = 'data-element';
/** The catalogue's identity (docs/harvest.md §12), optional. */
export const IDENTITY_FILE = 'catalogue.json';

/** Plain code-unit comparison: the contract's catalogue order, independent of locale. */
export const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function readCatalogue(dataDir: string): CatalogueSources & { elementFileCount: number } {
  // as the steward typed it: relative inside the working folder, absolute outside it
  const display = (path: string) => {
    const inside = relative(process.cwd(), path);
    return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : resolve(path);
  };
  const lists = Object.fromEntries(
    REFERENCE_LISTS.map(({ name, file }) => [name, readSource(join(dataDir, file), display)]),
  ) as Record<ReferenceListName, SourceFile>;

  const identityFile = join(dataDir, IDENTITY_FILE);
  const identity = existsSync(identityFile) ? readSource(identityFile, display) : undefined;

  const elementRoot = join(dataDir, ELEMENT_DIR);
  // onlyFiles: false, so that a directory named *.json is reported rather than silently skipped
  const entries = fg
    .sync('**/*.json', {
      cwd: elementRoot,
      onlyFiles: false,
      dot: false,
      followSymbolicLinks: true,
    })
    .sort(compareCodeUnits);
  const missingRoot = !isDirectory(elementRoot);
  function* elementFiles(): Generator<SourceFile> {
    if (missingRoot)
      yield { file: display(elementRoot), unreadable: 'folder of data element files is missing' };
    for (const entry of entries) yield readSource(join(elementRoot, entry), display);
  }
  return {
    lists,
    ...(identity && { identity }),
    elementFiles: elementFiles(),
    elementFileCount: entries.length,
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // absent: reported by the caller
  }
}

function readSource(path: string, display: (path: string) => string): SourceFile {
  const file = display(path);
  try {
    if (statSync(path).isDirectory())
      return { file, unreadable: 'is a directory, expected a JSON file' };
    return { file, text: readFileSync(path, 'utf8') };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return {
      file,
      unreadable: code === 'ENOENT' ? 'file is missing' : `cannot be read (${code ?? message})`,
    };
  }
}
