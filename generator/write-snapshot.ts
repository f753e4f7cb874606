// write: puts the snapshot in place all at once. The files go to a fresh folder beside the
// output; only when every byte is written is the old output swapped out, so a failed build
// (or a crash mid-write) leaves the previous output exactly as it was.
import { copyFileSync, linkSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { realPathOf } from './output-guard.ts';
import { swapFolderIn } from './swap-folder.ts';

export interface WriteSummary {
  files: number;
  bytes: number;
}

/**
 * `carried`: files of the base the snapshot is built on, linked (or copied, across file systems)
 * from its folder, which may be the output itself: it is replaced only once all is in place.
 */
export function writeSnapshotAtomically(
  outDir: string,
  files: Map<string, Uint8Array>,
  carried?: { folder: string; paths: string[] },
): WriteSummary {
  // a symbolic link to the output stays a link: its folder is the one replaced
  const target = realPathOf(outDir);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(parent, `.${basename(target)}.new-${stamp}`);
  const retired = join(parent, `.${basename(target)}.old-${stamp}`);
  let bytes = 0;
  try {
    for (const [path, content] of files) {
      const full = join(staging, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      bytes += content.length;
    }
    for (const path of carried?.paths ?? []) {
      const from = join(carried!.folder, path);
      const to = join(staging, path);
      mkdirSync(dirname(to), { recursive: true });
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to);
      }
      bytes += statSync(to).size;
    }
    swapFolderIn(staging, target, retired);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { files: files.size + (carried?.paths.length ?? 0), bytes };
}
