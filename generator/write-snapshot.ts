// write: puts the snapshot in place all at once. The files go to a fresh folder beside the
// output; only when every byte is written is the old output swapped out, so a failed build
// (or a crash mid-write) leaves the previous output exactly as it was.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { realPathOf } from './output-guard.ts';
import { swapFolderIn } from './swap-folder.ts';

export interface WriteSummary {
  files: number;
  bytes: number;
}

export function writeSnapshotAtomically(
  outDir: string,
  files: Map<string, Uint8Array>,
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
    swapFolderIn(staging, target, retired);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { files: files.size, bytes };
}
