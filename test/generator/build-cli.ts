// Runs the real generator CLI on a catalogue folder, and compares the folders it touches.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURE_CATALOGUE = join(PROJECT_ROOT, 'test/fixtures/catalogue');

export function runBuild(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'generator/cli.ts', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runScript(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A scratch copy of a catalogue to mutate. */
export function copyCatalogue(from = FIXTURE_CATALOGUE): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  cpSync(from, dir, { recursive: true });
  return dir;
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** Every file of a folder with its SHA-256: equal digests mean byte-for-byte equal trees. */
export function treeDigest(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of fg.sync('**/*', { cwd: dir, dot: true }).sort()) {
    out[file] = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
  }
  return out;
}

export const allFiles = (dir: string) =>
  fg
    .sync('**/*', { cwd: dir, dot: true, absolute: true })
    .map((file) => ({ file: relative(dir, file), bytes: readFileSync(file) }));
