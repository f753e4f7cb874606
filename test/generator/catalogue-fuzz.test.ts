// Seeded mutations of the sample catalogue fed to the generator. Invalid ones: problems that
// name a file (and a path where one exists), no exception; in memory, and on disk through the
// build's read step. Through the CLI, once: exit 1, no stack trace, the previous output byte for
// byte intact. Valid-but-extreme ones: they build.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../core/contract.ts';
import {
  compileCatalogue,
  type CatalogueSources,
  type SourceFile,
} from '../../generator/compile-catalogue.ts';
import { IDENTITY_FILE, compareCodeUnits } from '../../generator/read-catalogue.ts';
import { seededRandom } from '../../tools/synth/seeded-random.ts';
import {
  buildCatalogueFolder,
  compileCatalogueFolder,
  problemReport,
} from '../support/node/generator-steps.ts';
import { PROJECT_ROOT, copyCatalogue, runBuild, tempDir, treeDigest } from './build-cli.ts';

const SAMPLE = join(PROJECT_ROOT, 'data');
const IN_PROCESS_MUTATIONS = 400;
type Files = Map<string, string>; // path relative to the catalogue → text
type Json = any;

const sampleFiles: Files = new Map(
  fg
    .sync('**/*.json', { cwd: SAMPLE })
    .map((path) => [path, readFileSync(join(SAMPLE, path), 'utf8')]),
);
const elementPaths = [...sampleFiles.keys()]
  .filter((p) => p.startsWith('data-element/'))
  .sort(compareCodeUnits);
const listPaths: string[] = REFERENCE_LISTS.map((l) => l.file);

function sourcesOf(files: Files): CatalogueSources {
  const source = (path: string): SourceFile =>
    files.has(path)
      ? { file: path, text: files.get(path)! }
      : { file: path, unreadable: 'file is missing' };
  const lists = Object.fromEntries(
    REFERENCE_LISTS.map(({ name, file }) => [name, source(file)]),
  ) as CatalogueSources['lists'];
  const elementFiles = [...files.keys()]
    .filter((p) => p.startsWith('data-element/'))
    .sort(compareCodeUnits)
    .map(source);
  return {
    lists,
    ...(files.has(IDENTITY_FILE) && { identity: source(IDENTITY_FILE) }),
    elementFiles,
  };
}

const random = seededRandom(0xca7a);
const REQUIRED = [
  '_id',
  'title',
  'unit',
  'data',
  'metadata',
  'status',
  'category',
  'dataSource',
  'sector',
  'field',
];
const WRONG_VALUES = [null, 42, 1.5, true, 'teks', [], {}, [1, 2], { $oid: 7 }];
const DEEP = '__deeply-nested__';
/**
 * Puts a value nested `depth` arrays deep where the marker stands (JSON.stringify would recurse).
 */
const nestDeeply = (files: Files, path: string, depth: number) =>
  files.set(
    path,
    files
      .get(path)!
      .replace(JSON.stringify(DEEP), `${'['.repeat(depth)}"dasar"${']'.repeat(depth)}`),
  );
const sameKind = (a: unknown, b: unknown) =>
  (Array.isArray(a) ? 'array' : typeof a) === (Array.isArray(b) ? 'array' : typeof b);

interface Mutation {
  name: string;
  valid: boolean;
  apply: (files: Files) => void;
}

const editJson = (files: Files, path: string, change: (value: Json) => void) => {
  const value = JSON.parse(files.get(path)!);
  change(value);
  files.set(path, JSON.stringify(value));
};
const someElement = (value: Json[]) => value[random.int(value.length)];

const MUTATIONS: Mutation[] = [
  {
    name: 'truncated JSON',
    valid: false,
    apply: (f) => {
      const p = random.pick([...f.keys()]);
      const t = f.get(p)!;
      f.set(p, t.slice(0, random.int(t.trimEnd().length - 1)));
    },
  },
  {
    name: 'a control character injected',
    valid: false,
    apply: (f) => {
      const p = random.pick([...f.keys()]);
      const t = f.get(p)!;
      const at = random.int(t.length);
      f.set(p, t.slice(0, at) + '\u0001' + t.slice(at));
    },
  },
  {
    name: 'a stray brace',
    valid: false,
    apply: (f) => {
      const p = random.pick(elementPaths);
      f.set(p, f.get(p)!.replace(/,\s*"unit"/, '}, "unit"'));
    },
  },
  {
    name: 'a catalogue identity with a bad e-mail and licence',
    valid: false,
    apply: (f) =>
      editJson(f, IDENTITY_FILE, (v) => {
        v.contactPoint = { name: 'Tim', email: 'not an address' };
        v.license = 'CC BY 4.0';
      }),
  },
  { name: 'an empty file', valid: false, apply: (f) => f.set(random.pick([...f.keys()]), '') },
  {
    name: 'a deleted field',
    valid: false,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void delete someElement(v)[random.pick(REQUIRED)],
      ),
  },
  {
    name: 'a mistyped field',
    valid: false,
    apply: (f) =>
      editJson(f, random.pick(elementPaths), (v) => {
        const key = random.pick(REQUIRED);
        const element = someElement(v);
        let wrong;
        do wrong = random.pick(WRONG_VALUES);
        while (
          sameKind(wrong, element[key]) ||
          ((key === '_id' || key === 'dataSource') &&
            (typeof wrong === 'string' ||
              (typeof wrong === 'object' && wrong !== null && !Array.isArray(wrong))))
        );
        element[key] = wrong;
      }),
  },
  {
    name: 'a table that is an array',
    valid: false,
    apply: (f) =>
      editJson(f, random.pick(elementPaths), (v) => void (someElement(v).data[0].table = [])),
  },
  {
    name: 'rows that are an object',
    valid: false,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void (someElement(v).data[0].table.rows = { 0: ['a'] }),
      ),
  },
  {
    name: 'a file that is a number',
    valid: false,
    apply: (f) => f.set(random.pick(elementPaths), '12'),
  },
  {
    name: 'a list that is an object',
    valid: false,
    apply: (f) => f.set(random.pick(listPaths), '{"_id": "x", "name": "n", "slug": "s"}'),
  },
  {
    name: 'a dangling reference',
    valid: false,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void (someElement(v).dataSource = 'f'.repeat(24)),
      ),
  },
  {
    name: 'a duplicate element id',
    valid: false,
    apply: (f) =>
      editJson(f, random.pick(elementPaths), (v) => {
        if (v.length < 2) v.push(structuredClone(v[0]));
        v[1]._id = v[0]._id;
      }),
  },
  {
    name: 'a duplicate id across list and element',
    valid: false,
    apply: (f) => {
      const item = JSON.parse(f.get('sector.json')!)[0];
      editJson(f, random.pick(elementPaths), (v) => void (someElement(v)._id = item._id));
    },
  },
  {
    name: 'a duplicate slug',
    valid: false,
    apply: (f) =>
      editJson(f, random.pick(listPaths), (v) => void (v[v.length - 1].slug = v[0].slug)),
  },
  {
    name: 'a row one cell short',
    valid: false,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void someElement(v).data[0].table.rows[0].pop(),
      ),
  },
  {
    name: 'a non-integer year',
    valid: false,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void (someElement(v).data[0].year = 2020 + random.next()),
      ),
  },
  {
    name: 'a populated reference with another name',
    valid: false,
    apply: (f) => {
      const item = JSON.parse(f.get('field.json')!)[0];
      editJson(
        f,
        random.pick(elementPaths),
        (v) =>
          void (someElement(v).field = [{ _id: item._id, name: `${item.name}X`, slug: item.slug }]),
      );
    },
  },
  {
    name: 'a deeply nested metadata value',
    valid: false,
    apply: (f) => {
      const p = random.pick(elementPaths);
      editJson(f, p, (v) => void (someElement(v).metadata = [{ key: 'k', value: DEEP }]));
      nestDeeply(f, p, 50_000);
    },
  },
  {
    name: 'a huge title (valid)',
    valid: true,
    apply: (f) =>
      editJson(
        f,
        random.pick(elementPaths),
        (v) => void (someElement(v).title = 'Jumlah '.repeat(150_000)),
      ),
  },
  {
    name: 'deep nesting in an ignored key (valid)',
    valid: true,
    apply: (f) => {
      const p = random.pick(elementPaths);
      editJson(f, p, (v) => void (someElement(v).lampiran = DEEP));
      nestDeeply(f, p, 50_000);
    },
  },
];

function expectReported(files: Files, name: string) {
  let result;
  try {
    result = compileCatalogue(sourcesOf(files));
  } catch (error) {
    throw new Error(`${name}: the generator threw ${(error as Error).stack}`, { cause: error });
  }
  expect(result.problems.length, `${name}: no problem reported`).toBeGreaterThan(0);
  for (const problem of result.problems) {
    expect(
      files.has(problem.file) || listPaths.includes(problem.file) || problem.file === IDENTITY_FILE,
      `${name}: ${problem.file}`,
    ).toBe(true);
    expect(problem.message.length).toBeGreaterThan(0);
    if (/^(unknown|duplicate|row|sub-header|expected|is missing|must)/.test(problem.message))
      expect(problem.path, `${name}: ${problem.message}`).not.toBe('');
  }
}

describe('catalogue fuzzing', () => {
  it(`reports every one of ${IN_PROCESS_MUTATIONS} seeded invalid mutations, and builds the valid ones`, () => {
    const tried: Record<string, number> = {};
    for (let i = 0; i < IN_PROCESS_MUTATIONS; i++) {
      const mutation = MUTATIONS[i % MUTATIONS.length]!;
      const files: Files = new Map(sampleFiles);
      mutation.apply(files);
      tried[mutation.name] = (tried[mutation.name] ?? 0) + 1;
      if (mutation.valid) expect(compileCatalogue(sourcesOf(files)).problems).toEqual([]);
      else expectReported(files, mutation.name);
    }
    console.log(
      `catalogue fuzzing: ${IN_PROCESS_MUTATIONS} mutations of ${MUTATIONS.length} kinds tried in process`,
    );
  });

  const onDisk: [string, (dir: string) => void][] = [
    ...MUTATIONS.filter((m) => !m.valid).map((m): [string, (dir: string) => void] => [
      m.name,
      (dir) => {
        const files: Files = new Map(sampleFiles);
        m.apply(files);
        for (const [path, text] of files) writeFileSync(join(dir, path), text);
      },
    ]),
    ['a file that is a directory', (dir) => mkdirSync(join(dir, 'data-element/dinkes/9999.json'))],
    [
      'a list that is a directory',
      (dir) => {
        rmSync(join(dir, 'sector.json'));
        mkdirSync(join(dir, 'sector.json'));
      },
    ],
    [
      'a broken symbolic link',
      (dir) => symlinkSync(join(dir, 'tidak-ada.json'), join(dir, 'data-element/dinkes/9998.json')),
    ],
    [
      'a missing data-element folder',
      (dir) => rmSync(join(dir, 'data-element'), { recursive: true }),
    ],
  ];

  /** A scratch copy of the sample catalogue, mutated on disk. */
  const mutatedSample = (mutate: (dir: string) => void) => {
    const dir = copyCatalogue(SAMPLE);
    mutate(dir);
    return dir;
  };

  it.each(onDisk)('%s, on disk: problems named, no exception', (_, mutate) => {
    const catalogue = compileCatalogueFolder(mutatedSample(mutate));
    const report = problemReport(catalogue);
    expect(catalogue.problems.length, report).toBeGreaterThan(0);
    expect(report).toMatch(/\.json|data-element/);
  });

  describe('through the CLI, the previous output survives', () => {
    const [name, mutate] = onDisk.find(([kind]) => kind === 'a deeply nested metadata value')!;

    it(`${name}: exit 1, problems named, no stack trace, output intact`, () => {
      const out = tempDir('dist-');
      buildCatalogueFolder(SAMPLE, out);
      const digest = treeDigest(out);
      const result = runBuild(['--data', mutatedSample(mutate), '--out', out]);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/\.json|data-element/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(treeDigest(out)).toEqual(digest);
    });
  });
});
