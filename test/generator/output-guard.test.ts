// The build replaces its --out folder whole. These are the outputs that would have deleted the
// catalogue or the project (as `npm run build -- --out data` once did), refused before anything
// is touched. Project cases run in a scratch project, so a regression deletes only scratch files.
// Each kind of output is checked by the guard in process; the command line, for its exit codes.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  outputConflict,
  projectFolders,
  refuseBuildOutput,
  relationOf,
  type GuardedFolder,
} from '../../generator/output-guard.ts';
import { FIXTURE_CATALOGUE, PROJECT_ROOT, tempDir, treeDigest } from './build-cli.ts';

const TSX = pathToFileURL(createRequire(join(PROJECT_ROOT, 'package.json')).resolve('tsx')).href;

/** The real build CLI, run from another working folder. */
const runBuildIn = (cwd: string, args: string[]) => {
  const result = spawnSync(
    process.execPath,
    ['--import', TSX, join(PROJECT_ROOT, 'generator/cli.ts'), ...args],
    { cwd, encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** A scratch project: package.json, a catalogue in data/, a source file. */
function scratchProject() {
  const project = join(tempDir('project-'), 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{}');
  writeFileSync(join(project, 'index.ts'), 'export {};\n');
  cpSync(FIXTURE_CATALOGUE, join(project, 'data'), { recursive: true });
  return { project, digest: treeDigest(project) };
}

/**
 * What the build's guard says of these options in a build run from `cwd` (--data defaults to data).
 */
const refusalIn = (cwd: string, { data = 'data', out }: { data?: string; out: string }) =>
  refuseBuildOutput(out, data, cwd);

function expectRefused(refusal: string | undefined, message: RegExp) {
  expect(refusal).toMatch(message);
  expect(refusal).toMatch(/Nothing was touched/);
}

describe('npm run build refuses an --out that would replace the catalogue or the project', () => {
  it('refuses --out data with exit code 2: the build would delete the catalogue', () => {
    const { project, digest } = scratchProject();
    const result = runBuildIn(project, ['--out', 'data']);
    expect(result.status).toBe(2);
    expectRefused(
      result.stderr,
      /^--out data is the catalogue folder: replacing it would delete the catalogue\./m,
    );
    expect(result.stdout).toBe('');
    expect(treeDigest(project)).toEqual(digest);
  });

  it('still builds into a fresh folder beside the catalogue, and again over its own output', () => {
    const { project } = scratchProject();
    for (let build = 0; build < 2; build++) {
      const result = runBuildIn(project, ['--out', 'dist']);
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(join(project, 'dist/_snapshot/manifest.json'))).toBe(true);
    }
  });

  it('builds into the folder a symbolic link points to, and leaves the link a link', () => {
    const { project } = scratchProject();
    mkdirSync(join(project, 'site-output'));
    symlinkSync(join(project, 'site-output'), join(project, 'dist'));
    const result = runBuildIn(project, ['--out', 'dist']);
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(project, 'dist')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(project, 'site-output/_snapshot/manifest.json'))).toBe(true);
  });

  it('refuses with exit code 2 a source folder of the project: the build would delete its files', () => {
    const { project } = scratchProject();
    mkdirSync(join(project, 'worker'));
    writeFileSync(join(project, 'worker/index.ts'), 'export {};\n');
    const digest = treeDigest(project);
    const result = runBuildIn(project, ['--out', 'worker']);
    expect(result.status).toBe(2);
    expectRefused(result.stderr, /^--out worker holds files but no snapshot/m);
    expect(treeDigest(project)).toEqual(digest);
  });
});

describe("the build's output guard, in process", () => {
  it('refuses --out data/dist: the next build would read the snapshot as catalogue files', () => {
    const { project, digest } = scratchProject();
    expectRefused(
      refusalIn(project, { out: 'data/dist' }),
      /^--out data\/dist lies inside the catalogue folder data: the next build would read the output as catalogue files\./m,
    );
    expect(treeDigest(project)).toEqual(digest);
    expect(existsSync(join(project, 'data/dist'))).toBe(false);
  });

  it('refuses --out .: the build would delete the project', () => {
    const { project, digest } = scratchProject();
    expectRefused(
      refusalIn(project, { out: '.' }),
      /^--out \. is the project folder: replacing it would delete the project\./m,
    );
    expect(treeDigest(project)).toEqual(digest);
  });

  it('refuses --out ..: the build would delete the folder holding the project', () => {
    const { project, digest } = scratchProject();
    expectRefused(
      refusalIn(project, { out: '..' }),
      /^--out \.\. contains the project folder .*project: replacing it would delete the project\./m,
    );
    expect(treeDigest(project)).toEqual(digest);
  });

  it('refuses a catalogue reached through a symbolic link: the build would delete it all the same', () => {
    const { project } = scratchProject();
    symlinkSync(join(project, 'data'), join(project, 'catalogue-link'));
    const digest = treeDigest(project);
    expectRefused(
      refusalIn(project, { data: 'catalogue-link', out: 'data' }),
      /^--out data is the catalogue folder/m,
    );
    expect(treeDigest(project)).toEqual(digest);
  });

  it("refuses a folder that holds files but no snapshot: --out index.ts's folder, or any other", () => {
    const { project } = scratchProject();
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src/main.ts'), 'export {};\n');
    const digest = treeDigest(project);
    expectRefused(
      refusalIn(project, { out: 'src' }),
      /^--out src holds files but no snapshot \(no _snapshot\/manifest\.json\): the build replaces the folder whole/m,
    );
    expectRefused(
      refusalIn(project, { out: 'index.ts' }),
      /^--out index\.ts is a file, not a folder/m,
    );
    expect(treeDigest(project)).toEqual(digest);
  });

  it('replaces an empty folder, a missing one or a previous output', () => {
    const { project } = scratchProject();
    mkdirSync(join(project, 'empty'));
    mkdirSync(join(project, 'previous/_snapshot'), { recursive: true });
    writeFileSync(join(project, 'previous/_snapshot/manifest.json'), '{}');
    for (const out of ['empty', 'missing', 'previous'])
      expect(refusalIn(project, { out })).toBeUndefined();
  });

  it('guards the project the build runs from as well as the one it is run in', () => {
    const { project } = scratchProject();
    const guarded = projectFolders(project).map((folder) => folder.path);
    expect(guarded).toEqual([realpathSync(PROJECT_ROOT), realpathSync(project)]);
  });
});

describe('outputConflict', () => {
  const catalogue: GuardedFolder = {
    role: 'catalogue',
    path: '/p/data',
    shown: 'data',
    refused: ['same', 'contains', 'inside'],
  };
  const project: GuardedFolder = {
    role: 'project',
    path: '/p',
    shown: '/p',
    refused: ['same', 'contains'],
  };

  it.each([
    ['/p/data', 'same'],
    ['/p', 'contains'],
    ['/', 'contains'],
    ['/p/data/x', 'inside'],
    ['/p/database', 'apart'],
    ['/p/dat', 'apart'],
    ['/q', 'apart'],
  ])('%s relates to /p/data as %s', (path, relation) => {
    expect(relationOf(path, '/p/data')).toBe(relation);
  });

  it('allows a folder inside the project but outside the catalogue', () => {
    expect(outputConflict('/p/dist', [project, catalogue])).toBeUndefined();
    expect(outputConflict('/p/database', [project, catalogue])).toBeUndefined();
  });

  it('names the project before the catalogue it holds', () => {
    expect(outputConflict('/p', [project, catalogue])).toBe(
      'is the project folder: replacing it would delete the project',
    );
    expect(outputConflict('/', [project, catalogue])).toBe(
      'contains the project folder /p: replacing it would delete the project',
    );
  });
});
