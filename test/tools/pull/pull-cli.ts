// Runs the real pull CLI in a child process (asynchronously: the fake source answers from this
// process), and inspects the folders it may touch.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../generator/build-cli.ts';

const TSX = pathToFileURL(createRequire(join(PROJECT_ROOT, 'package.json')).resolve('tsx')).href;
const PULL_CLI = join(PROJECT_ROOT, 'tools/pull/cli.ts');

export interface PullRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runPull(
  args: string[],
  options: { cwd?: string; onStart?: (child: ChildProcess) => void } = {},
): Promise<PullRun> {
  const child = spawn(process.execPath, ['--import', TSX, PULL_CLI, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  options.onStart?.(child);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** Staging folders (`.DIR.pull-<pid>`) left beside DIR. */
export const stagingLeftBeside = (dir: string) =>
  readdirSync(dirname(dir)).filter((name) => name.startsWith(`.${basename(dir)}.pull-`));
