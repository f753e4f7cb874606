// The catalogue being pulled, written file by file into a fresh folder beside the target
// (`.DIR.pull-<pid>`), so the target is never half written: the staged folder is swapped in
// whole when complete and valid, and removed on any failure.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import { ELEMENT_DIR, IDENTITY_FILE } from '../../generator/read-catalogue.ts';
import { realPathOf } from '../../generator/output-guard.ts';
import { swapFolderIn } from '../../generator/swap-folder.ts';

export interface StagedCatalogue {
  /** The staging folder. */
  path: string;
  writeList(list: ReferenceListName, body: Uint8Array, url: string): void;
  /** `name` is a file name under data-element/; their code-unit order is the catalogue order. */
  writeElements(name: string, body: Uint8Array, url: string): void;
  /** The URL a staged file (path relative to the staging folder) was answered by. */
  originOf(file: string): string | undefined;
  swapIn(): void;
  discard(): void;
}

export function stageCatalogue(outDir: string): StagedCatalogue {
  // a symbolic link to the catalogue stays a link: its folder is the one replaced
  const target = realPathOf(outDir);
  const path = join(dirname(target), `.${basename(target)}.pull-${process.pid}`);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(join(path, ELEMENT_DIR), { recursive: true });
  // the catalogue's identity is the steward's, not the source's: it is carried into the new folder
  const identity = join(target, IDENTITY_FILE);
  if (existsSync(identity)) copyFileSync(identity, join(path, IDENTITY_FILE));
  const origins = new Map<string, string>();
  const write = (file: string, body: Uint8Array, url: string) => {
    writeFileSync(join(path, file), body);
    origins.set(file, url);
  };
  return {
    path,
    writeList: (list, body, url) =>
      write(REFERENCE_LISTS.find(({ name }) => name === list)!.file, body, url),
    writeElements: (name, body, url) => write(`${ELEMENT_DIR}/${name}`, body, url),
    originOf: (file) => origins.get(file),
    swapIn: () => swapFolderIn(path, target, `${path}-old`),
    discard: () => {
      if (existsSync(path)) rmSync(path, { recursive: true, force: true });
    },
  };
}
