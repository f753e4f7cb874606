// Puts a completely written folder in place of another with two renames on one file system:
// the old folder moves aside, the new one moves in, then the old one is removed. If either
// rename fails, the old folder is put back, so the target is always whole: old or new.
import { existsSync, renameSync, rmSync } from 'node:fs';

/** `retired` is a free path beside `target`, for the old folder while the new one moves in. */
export function swapFolderIn(staging: string, target: string, retired: string): void {
  try {
    if (existsSync(target)) renameSync(target, retired);
    renameSync(staging, target);
  } catch (error) {
    if (existsSync(retired) && !existsSync(target)) renameSync(retired, target);
    throw error;
  }
  rmSync(retired, { recursive: true, force: true });
}
