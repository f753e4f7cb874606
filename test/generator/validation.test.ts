// One scenario per kind of problem the contract lists: the build names file, path and what is
// wrong. Checked in process, through the build's read and compile steps on a mutated copy of the
// fixture catalogue. Through the command line, once: it exits 1 with no stack trace, and leaves
// the previous output byte for byte as it was.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildCatalogueFolder,
  compileCatalogueFolder,
  problemReport,
} from '../support/node/generator-steps.ts';
import { FIXTURE_CATALOGUE, copyCatalogue, runBuild, tempDir, treeDigest } from './build-cli.ts';

type Json = any;
const edit = (dir: string, file: string, change: (value: Json) => Json | void) => {
  const path = join(dir, file);
  const value = JSON.parse(readFileSync(path, 'utf8'));
  const changed = change(value);
  writeFileSync(path, JSON.stringify(changed === undefined ? value : changed, null, 2));
};

interface Scenario {
  name: string;
  mutate: (dir: string) => void;
  /** Lines the report must contain. */
  expected: (string | RegExp)[];
}

const E2022 = 'data-element/2022.json';
const SCENARIOS: Scenario[] = [
  {
    name: 'malformed JSON, with line and column',
    mutate: (dir) => writeFileSync(join(dir, E2022), '[\n  {"_id": "x",\n   "title": oops}\n]'),
    expected: [
      /data-element\/2022\.json: line 3, column 13: malformed JSON: unexpected character "o", expected a JSON value$/m,
    ],
  },
  {
    name: 'an empty file',
    mutate: (dir) => writeFileSync(join(dir, 'sector.json'), ''),
    expected: [/sector\.json: line 1, column 1: malformed JSON: unexpected end of input/],
  },
  {
    name: 'a missing field',
    mutate: (dir) => edit(dir, E2022, (v) => void delete v[1].unit),
    expected: [/data-element\/2022\.json: \[1\]\.unit: is missing$/m],
  },
  {
    name: 'a mistyped field',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[2].title = 42)),
    expected: [/data-element\/2022\.json: \[2\]\.title: expected string, got integer 42$/m],
  },
  {
    name: 'a mistyped table cell',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[0].data[0].table.rows[1][2] = 861)),
    expected: [/\[0\]\.data\[0\]\.table\.rows\[1\]\[2\]: expected string, got integer 861$/m],
  },
  {
    name: 'a non-integer year',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[3].data[0].year = 2022.5)),
    expected: [/\[3\]\.data\[0\]\.year: expected integer, got number 2022\.5$/m],
  },
  {
    name: 'a year written as a string',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[3].data[0].year = '2022')),
    expected: [/\[3\]\.data\[0\]\.year: expected integer, got string "2022"$/m],
  },
  {
    name: 'a reference of the wrong shape',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[0].sector = [12])),
    expected: [
      /\[0\]\.sector\[0\]: must be an id string, \{"\$oid": "…"\} or a \{_id, name, slug\} object$/m,
    ],
  },
  {
    name: 'a duplicate _id between two elements',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[1]._id = v[0]._id)),
    expected: [
      /data-element\/2022\.json: \[1\]\._id: duplicate _id "000000000000000000001001", first used at .*data-element\/2022\.json: \[0\]\._id$/m,
    ],
  },
  {
    name: 'a duplicate _id between a list item and an element',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[1]._id = '000000000000000000000100')),
    expected: [
      /\[1\]\._id: duplicate _id "000000000000000000000100", first used at .*category\.json: \[0\]\._id$/m,
    ],
  },
  {
    name: 'a duplicate slug within one list',
    mutate: (dir) => edit(dir, 'sector.json', (v) => void (v[2].slug = 'kesehatan')),
    expected: [
      /sector\.json: \[2\]\.slug: duplicate slug "kesehatan", first used at \[0\]\.slug$/m,
    ],
  },
  {
    name: 'a reference to an unknown id (string form)',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[0].dataSource = 'ffffffffffffffffffffffff')),
    expected: [
      /\[0\]\.dataSource: unknown data source id "ffffffffffffffffffffffff": no item in .*data-source\.json has it$/m,
    ],
  },
  {
    name: 'a reference to an unknown id ($oid form)',
    mutate: (dir) =>
      edit(dir, E2022, (v) => void (v[1].category = [{ $oid: 'eeeeeeeeeeeeeeeeeeeeeeee' }])),
    expected: [
      /\[1\]\.category\[0\]: unknown category id "eeeeeeeeeeeeeeeeeeeeeeee": no item in .*category\.json has it$/m,
    ],
  },
  {
    name: 'a reference to an id of another list',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[1].field = ['000000000000000000000100'])),
    expected: [
      /\[1\]\.field\[0\]: unknown field id "000000000000000000000100": no item in .*field\.json has it$/m,
    ],
  },
  {
    name: 'a populated reference whose name disagrees',
    mutate: (dir) =>
      edit(
        dir,
        E2022,
        (v) =>
          void (v[0].sector = [
            { _id: '000000000000000000000302', name: 'Kependudukan Lama', slug: 'kependudukan' },
          ]),
      ),
    expected: [
      /\[0\]\.sector\[0\]\.name: name "Kependudukan Lama" disagrees with .*sector\.json \("Kependudukan" for _id "000000000000000000000302"\)$/m,
    ],
  },
  {
    name: 'a populated reference whose slug disagrees (a trailing space counts)',
    mutate: (dir) =>
      edit(
        dir,
        E2022,
        (v) =>
          void (v[0].sector = [
            { _id: '000000000000000000000302', name: 'Kependudukan', slug: 'kependudukan ' },
          ]),
      ),
    expected: [
      /\[0\]\.sector\[0\]\.slug: slug "kependudukan " disagrees with .*sector\.json \("kependudukan" for _id "000000000000000000000302"\)$/m,
    ],
  },
  {
    name: 'a row whose cell count differs from the headers’ spans',
    mutate: (dir) => edit(dir, E2022, (v) => void v[0].data[0].table.rows[1].push('9')),
    expected: [
      /data-element\/2022\.json: \[0\]\.data\[0\]\.table\.rows\[1\]: row has 5 cells, headers span 4$/m,
    ],
  },
  {
    name: 'a sub-header row whose label count differs from the spanning headers',
    mutate: (dir) =>
      edit(
        dir,
        E2022,
        (v) => void (v[0].data[0].table.subHeaders = [['Laki-laki', 'Perempuan', 'Lainnya']]),
      ),
    expected: [
      /\[0\]\.data\[0\]\.table\.subHeaders\[0\]: sub-header row has 3 labels, spanning headers announce 2$/m,
    ],
  },
  {
    name: 'an invalid element in a single-object file',
    mutate: (dir) => edit(dir, 'data-element/2023/pupr.json', (v) => void (v.metadata = {})),
    expected: [/data-element\/2023\/pupr\.json: metadata: expected array, got object$/m],
  },
  {
    name: 'a file that is a directory',
    mutate: (dir) => mkdirSync(join(dir, 'data-element/2025.json')),
    expected: [/data-element\/2025\.json: is a directory, expected a JSON file$/m],
  },
  {
    name: 'a missing reference list',
    // references to it cannot be checked, and are not reported one by one
    mutate: (dir) => rmSync(join(dir, 'field.json')),
    expected: [/field\.json: file is missing$/m, /^(?![\s\S]*unknown field id)/],
  },
  {
    name: 'problems in an unverified element too',
    mutate: (dir) => edit(dir, E2022, (v) => void (v[4].data[0].table.rows[0] = ['Kota'])),
    expected: [/\[4\]\.data\[0\]\.table\.rows\[0\]: row has 1 cells, headers span 2$/m],
  },
];

/** Run through the command line: its report ends with the number of problems. */
const SEVERAL_PROBLEMS: Scenario = {
  name: 'several problems at once, in several files',
  mutate: (dir) => {
    edit(dir, E2022, (v) => void delete v[1].unit);
    edit(dir, 'data-element/2024.json', (v) => void (v[0].data[0].year = 1.5));
    edit(dir, 'category.json', (v) => void (v[1].slug = v[0].slug));
  },
  expected: [
    /2022\.json: \[1\]\.unit: is missing/,
    /2024\.json: \[0\]\.data\[0\]\.year: expected integer/,
    /category\.json: \[1\]\.slug: duplicate slug/,
    // the year's shape does not hide that element's reference to the changed category
    /2024\.json: \[0\]\.category\[0\]\.slug: slug "data-sektoral" disagrees/,
    /^5 problems in /m,
  ],
};

/** A scratch copy of the fixture catalogue, mutated. */
function mutatedCatalogue(mutate: (dir: string) => void): string {
  const dir = copyCatalogue();
  mutate(dir);
  return dir;
}

describe('the build steps on a bad catalogue', () => {
  it.each(SCENARIOS)('report $name', ({ mutate, expected }) => {
    const report = problemReport(compileCatalogueFolder(mutatedCatalogue(mutate)));
    for (const line of expected) expect(report).toMatch(line);
  });

  // root reads any file whatever its mode, so this one needs an ordinary user
  it.skipIf(process.getuid?.() === 0)('report an unreadable file', () => {
    const dir = mutatedCatalogue((dir) => chmodSync(join(dir, E2022), 0o000));
    expect(problemReport(compileCatalogueFolder(dir))).toMatch(/2022\.json: cannot be read/);
  });
});

describe('one build reports every problem, whatever else is wrong', () => {
  it("an element's shape problem does not hide its other problems", () => {
    const dir = mutatedCatalogue((dir) =>
      edit(dir, E2022, (v) => {
        delete v[1].unit;
        v[1].dataSource = 'ffffffffffffffffffffffff';
        v[1].data[0].table.rows[0].push('9');
        v[1]._id = v[0]._id;
      }),
    );
    const compiled = compileCatalogueFolder(dir);
    const problems = compiled.problems;
    const report = problemReport(compiled);
    expect(report).toMatch(/2022\.json: \[1\]\.unit: is missing/);
    expect(report).toMatch(/2022\.json: \[1\]\.dataSource: unknown data source id "f+"/);
    expect(report).toMatch(/2022\.json: \[1\]\.data\[0\]\.table\.rows\[0\]: row has \d+ cells/);
    expect(report).toMatch(/2022\.json: \[1\]\._id: duplicate _id/);
    expect(problems).toHaveLength(4);
  });

  it('a list item of the wrong shape is reported once, not again by every reference to it', () => {
    const dir = mutatedCatalogue((dir) => edit(dir, 'category.json', (v) => void delete v[0].slug));
    const compiled = compileCatalogueFolder(dir);
    const problems = compiled.problems;
    expect(problemReport(compiled)).toMatch(/category\.json: \[0\]\.slug: /);
    expect(problems).toHaveLength(1);
  });

  it("a list that cannot be read at all: its own problem, not one per element's reference", () => {
    const dir = mutatedCatalogue((dir) =>
      writeFileSync(join(dir, 'category.json'), '{"not": "a list"}'),
    );
    const compiled = compileCatalogueFolder(dir);
    const problems = compiled.problems;
    expect(problemReport(compiled)).toMatch(/category\.json: \(root\): /);
    expect(problems).toHaveLength(1);
  });
});

describe('npm run build: a bad catalogue', () => {
  it(`reports ${SEVERAL_PROBLEMS.name}, exits 1 and leaves the previous output intact`, () => {
    const previousOutput = tempDir('dist-');
    buildCatalogueFolder(FIXTURE_CATALOGUE, previousOutput);
    const previousDigest = treeDigest(previousOutput);
    const dir = mutatedCatalogue(SEVERAL_PROBLEMS.mutate);
    const result = runBuild(['--data', dir, '--out', previousOutput]);
    expect(result.status).toBe(1);
    for (const line of SEVERAL_PROBLEMS.expected) expect(result.stderr).toMatch(line);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(result.stdout).toBe('');
    expect(treeDigest(previousOutput)).toEqual(previousDigest);
  });
});

describe('npm run build: usage', () => {
  it('refuses an unknown option with exit code 2 and the usage line', () => {
    const result = runBuild(['--nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/usage: npm run build/);
  });
});
