// Every npm script's entry answers --help: exit 0 with its usage, nothing else done, and every
// option its parseArgs takes named in that usage, so that an option added without a line of help
// fails here. Every benchmark entry (bench/*.ts) is an npm script's. The entries run in parallel.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Each npm script that runs a TypeScript entry (`tsx FILE`, `node … --import tsx FILE`). */
const ENTRIES = Object.entries(SCRIPTS).flatMap(([script, command]) => {
  const entry = /(?:^|\s)(?:tsx|--import tsx) (\S+\.ts)/.exec(command)?.[1];
  return entry ? [{ script, entry }] : [];
});

/** The options a script's source gives parseArgs: `name: { type: 'string' …` and the like. */
function optionsIn(source: string): string[] {
  const options = source.matchAll(/['"]?([a-z][\w-]*)['"]?:\s*\{\s*type:\s*'(?:string|boolean)'/g);
  return [...new Set([...options].map((match) => match[1]!))];
}

interface HelpRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function runHelp(entry: string): Promise<HelpRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, '--help'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const runs = new Map<string, HelpRun>();
beforeAll(async () => {
  const entries = [...new Set(ENTRIES.map(({ entry }) => entry))];
  const answers = await Promise.all(entries.map(runHelp));
  entries.forEach((entry, i) => runs.set(entry, answers[i]!));
}, 180_000);

describe('npm scripts: --help', () => {
  it('finds the entries of the scripts people run', () => {
    const scripts = ENTRIES.map(({ script }) => script);
    for (const script of ['build', 'synth', 'pull', 'start', 'serve', 'bench', 'soak'])
      expect(scripts).toContain(script);
  });

  it('runs every benchmark entry (bench/*.ts) from an npm script', () => {
    const run = new Set(ENTRIES.map(({ entry }) => entry));
    const entries = readdirSync(join(ROOT, 'bench'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `bench/${name}`);
    expect(entries.filter((entry) => !run.has(entry))).toEqual([]);
  });

  it.each(ENTRIES)(
    'npm run $script -- --help ($entry): exits 0 with a usage naming every option',
    ({ entry }) => {
      const run = runs.get(entry)!;
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^usage: /);
      const options = optionsIn(readFileSync(join(ROOT, entry), 'utf8'));
      const unnamed = options.filter(
        (option) => !new RegExp(`--${option}(?![\\w-])`).test(run.stdout),
      );
      expect(unnamed, run.stdout).toEqual([]);
    },
  );
});
