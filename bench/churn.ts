// Nightly churn (issue 34): how much of a snapshot a deploy uploads after the edits a catalogue
// sees from one night to the next. `wrangler deploy` uploads every file whose content the account
// does not hold yet; this builds a catalogue, then, for each kind of edit, builds an edited copy
// of it with the real CLI as the nightly job builds: on the base build (--base: its element files
// carried, what changed in the overlay), the dates carried by its ledger, one day later; and
// counts the files and bytes new by content against the base build, per kind of file
// (generator/upload-report.ts, the build's own report). `cell-1%/new-base` is the night the
// overlay passes its cap and a new base is built (the same edit, --new-base).
//
// Edits, each on a copy of the catalogue's JSON (files hard-linked, the edited ones rewritten):
//   cell-1%        one table cell in 1 % of the published elements, drawn over the whole catalogue
//   source-1%      the same number of elements, all of one data source
//   add-middle     one element added in the middle of catalogue order (after an element of the
//                  same data source, in its file)
//   add-end        one element added at the end of catalogue order (a new last file)
//   remove-middle  one element removed from the middle of catalogue order
//   title          one element's title changed (middle of catalogue order)
//   unchanged      a rebuild of the same catalogue (0 new files, or the build is not reproducible)
// The cell edit appends a digit to the first value of the element's first table ("2041" →
// "20411"): its length changes, as most corrections' do.
//
// Usage: npx tsx bench/churn.ts [--elements 100000] [--shapes A,B] [--edits cell-1%,…]
//   A: npx tsx tools/synth/cli.ts --elements N --titles realistic
//   B: the same with --published 0.43 --filters clustered --seed 5
// Work files in bench/.work/churn/ (catalogues kept between runs; snapshots replaced). One build
// at a time; each 100,000-element build takes a minute or two and ~1 GiB on disk.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UPLOAD_MANIFEST_PATH } from '../core/snapshot-layout.ts';
import { PART_KINDS } from '../core/open-data/part-kinds.ts';
import {
  compareUploads,
  parseUploadManifest,
  percent,
  type FileKind,
  type UploadReport,
  type UploadedFile,
} from '../generator/upload-report.ts';
import { WORK } from './lib/synthetic-catalogue.ts';
import {
  editCell,
  editElements,
  groupBy,
  linkTree,
  readElements,
  rewrite,
  sampler,
  surveyCatalogue,
  type Json,
  type Place,
} from './lib/catalogue-edits.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const SHAPES = {
  A: { flags: ['--titles', 'realistic'], says: '86 % published, filters scattered' },
  B: {
    flags: [
      ...['--titles', 'realistic', '--published', '0.43'],
      ...['--filters', 'clustered', '--seed', '5'],
    ],
    says: '43 % published, filters clustered',
  },
} as const;
type Shape = keyof typeof SHAPES;

const EDITS = [
  'cell-1%',
  'source-1%',
  'add-middle',
  'add-end',
  'remove-middle',
  'title',
  'unchanged',
  'cell-1%/new-base',
] as const;
type Edit = (typeof EDITS)[number];

const { values } = parseCommandLine({
  command: 'npm run bench:churn --',
  about: 'What a nightly deploy uploads after each kind of edit of a catalogue; prints a table.',
  options: {
    elements: { type: 'string', default: '100000', value: 'N', help: 'elements in the catalogue' },
    shapes: {
      type: 'string',
      default: 'A,B',
      value: 'A,B',
      help: 'catalogue shapes: A spread over the catalogue, B 43 % published and clustered',
    },
    edits: {
      type: 'string',
      default: EDITS.join(','),
      value: 'LIST',
      help: 'kinds of edit, comma-separated',
    },
  },
});
const elements = Number(values.elements);
const shapes = values.shapes.split(',') as Shape[];
const edits = values.edits.split(',') as Edit[];
if (
  !Number.isInteger(elements) ||
  elements <= 0 ||
  !shapes.every((shape) => shape in SHAPES) ||
  !edits.every((edit) => (EDITS as readonly string[]).includes(edit))
) {
  console.error(
    `usage: npx tsx bench/churn.ts [--elements N] [--shapes A,B] [--edits ${EDITS.join(',')}]`,
  );
  process.exit(2);
}

/** The base build's time, and the edited builds' a day later: edited elements move to it. */
const BASE_EPOCH = 1_767_225_600; // 2026-01-01T00:00:00Z
const NEXT_EPOCH = BASE_EPOCH + 86_400;
const ROOT = join(WORK, 'churn');

/** Applies an edit to `data` (a linked copy of `base`); says what it did. */
function applyEdit(edit: Exclude<Edit, 'cell-1%/new-base'>, base: string, data: string): string {
  const { files, published } = surveyCatalogue(base);
  const middle = published[published.length >> 1]!;
  const onePercent = Math.max(1, Math.round(published.length / 100));
  const sample = sampler(34);
  const editPlaces = (places: Place[], change: (element: Json) => void) =>
    editElements(base, data, places, change);
  switch (edit) {
    case 'cell-1%': {
      const touched = editPlaces(sample(published, onePercent), editCell);
      return `one cell in ${onePercent} of ${published.length} published elements (${touched} files)`;
    }
    case 'source-1%': {
      // the smallest data source with at least as many published elements as the edit needs
      const bySource = groupBy(published, (place) => place.dataSource);
      const [source, places] = [...bySource]
        .filter(([, places]) => places.length >= onePercent)
        .sort(([, a], [, b]) => a.length - b.length)[0]!;
      const touched = editPlaces(sample(places, onePercent), editCell);
      return `one cell in ${onePercent} published elements, all of data source ${source} (${places.length} published; ${touched} files)`;
    }
    case 'add-middle':
    case 'add-end': {
      const items = readElements(base, middle.file);
      const copy = structuredClone(items[middle.index]!);
      copy._id = 'c0ffee' + '0'.repeat(14) + '0034'; // 24 hex digits, as an ObjectId
      copy.title = `${String(copy.title)} (Salinan)`;
      if (edit === 'add-middle') {
        items.splice(middle.index + 1, 0, copy);
        rewrite(data, middle.file, items);
        return `one element after the middle published one, in ${middle.file}`;
      }
      const last = `${files[files.length - 1]!.split('/')[0]}~added.json`; // sorts after every file
      rewrite(data, last, [copy]);
      return `one element in a new last file, ${last}`;
    }
    case 'remove-middle': {
      const items = readElements(base, middle.file);
      items.splice(middle.index, 1);
      rewrite(data, middle.file, items);
      return `the middle published element, from ${middle.file}`;
    }
    case 'title': {
      editPlaces([middle], (element) => (element.title = `${String(element.title)} (Revisi)`));
      return `the title of the middle published element, in ${middle.file}`;
    }
    case 'unchanged':
      return 'nothing';
  }
}

// ---------------------------------------------------------------------------------------------
// Builds and reports.

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return { stdout: result.stdout, seconds };
}

function build(data: string, out: string, epoch: number, extra: string[]) {
  return run('generator/cli.ts', ['--data', data, '--out', out, ...extra], {
    SOURCE_DATE_EPOCH: String(epoch),
  });
}

const uploadsOf = (snapshot: string): UploadedFile[] => {
  const files = parseUploadManifest(readFileSync(join(snapshot, UPLOAD_MANIFEST_PATH), 'utf8'));
  if (typeof files === 'string') throw new Error(`${snapshot}: ${files}`);
  return files;
};

const mib = (bytes: number) => (bytes / 1048576).toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');

/** Columns of the table: the kinds that hold element bytes or grow with them, then the rest. */
const COLUMNS: [string, FileKind[]][] = [
  ['blocks', ['blocks']],
  ['runs', ['runs']],
  ['groups', ['groups']],
  // a column for each kind of stored part's files
  ...[...new Set(PART_KINDS.map((kind) => kind.fileKind))].map((kind): [string, FileKind[]] => [
    kind,
    [kind],
  ]),
  ['dump parts', ['dump parts']],
  ['overlay', ['overlay']],
  ['index.bin/.json', ['index']],
  ['open-data.bin, names.txt', ['open-data.bin', 'names.txt']],
  ['words, titles, keys, ids', ['words.bin', 'titles.bin', 'keys.bin', 'ids']],
  ['manifest, lists, docs', ['manifest', 'lists', 'docs', 'other']],
];

function row(edit: string, report: UploadReport, seconds: number): string {
  // every kind of file in a column: a kind the table does not know would vanish from it
  const unknown = report.kinds.filter(
    ({ kind }) => !COLUMNS.some(([, kinds]) => kinds.includes(kind)),
  );
  if (unknown.length > 0)
    throw new Error(
      `no column for ${unknown.map(({ kind }) => kind).join(', ')} (bench/churn.ts COLUMNS)`,
    );
  const cells = COLUMNS.map(([, kinds]) => {
    const tallies = report.kinds.filter((tally) => kinds.includes(tally.kind));
    const newBytes = tallies.reduce((sum, tally) => sum + tally.newBytes, 0);
    const newFiles = tallies.reduce((sum, tally) => sum + tally.newFiles, 0);
    const files = tallies.reduce((sum, tally) => sum + tally.files, 0);
    return newFiles === 0 ? '0' : `${mib(newBytes)} (${count(newFiles)}/${count(files)})`;
  });
  return `| ${edit} | ${count(report.newFiles)} | ${mib(report.newBytes)} | ${percent(report.newBytes, report.bytes)} % | ${cells.join(' | ')} | ${seconds.toFixed(0)} |`;
}

mkdirSync(ROOT, { recursive: true });
const tables: string[] = [];
for (const shape of shapes) {
  const dir = join(ROOT, `${shape}-${elements}`);
  const catalogue = join(dir, 'catalogue');
  if (!existsSync(join(catalogue, '.complete'))) {
    rmSync(catalogue, { recursive: true, force: true });
    run('tools/synth/cli.ts', [
      ...['--elements', String(elements), '--out', catalogue],
      ...SHAPES[shape].flags,
    ]);
    writeFileSync(join(catalogue, '.complete'), '');
  }
  const base = join(dir, 'base');
  const edited = join(dir, 'edited');
  const editedSnapshot = join(dir, 'edited-dist');
  rmSync(base, { recursive: true, force: true });
  const first = build(catalogue, base, BASE_EPOCH, ['--fresh-dates']);
  const baseUploads = uploadsOf(base);
  const baseBytes = baseUploads.reduce((sum, file) => sum + file.bytes, 0);
  const published = /published +(\d+)/.exec(first.stdout)![1]!;
  console.log(
    `\n${shape} (${SHAPES[shape].says}): ${count(elements)} elements, ${count(Number(published))} published; ` +
      `base build ${first.seconds.toFixed(0)} s, ${count(baseUploads.length)} files, ${mib(baseBytes)} MiB deployed`,
  );
  const lines = [
    `${shape}: ${count(elements)} elements, ${count(Number(published))} published (${SHAPES[shape].says}); ${count(baseUploads.length)} files, ${mib(baseBytes)} MiB deployed`,
    '',
    'New by content against the base build; per kind of file: new MiB (new files/files).',
    '',
    `| edit | new files | new MiB | of the bytes | ${COLUMNS.map(([name]) => name).join(' | ')} | build s |`,
    `|${' --- |'.repeat(COLUMNS.length + 5)}`,
  ];
  for (const edit of edits) {
    linkTree(catalogue, edited);
    rmSync(join(edited, '.complete'), { force: true });
    const newBase = edit.endsWith('/new-base');
    const what = applyEdit(
      newBase ? 'cell-1%' : (edit as Exclude<Edit, 'cell-1%/new-base'>),
      catalogue,
      edited,
    );
    const next = build(edited, editedSnapshot, NEXT_EPOCH, [
      ...['--ledger', join(base, '_build/dates.json')],
      ...['--previous', join(base, UPLOAD_MANIFEST_PATH)],
      ...(newBase ? ['--new-base'] : ['--base', base]),
    ]);
    const report = compareUploads(baseUploads, uploadsOf(editedSnapshot));
    console.log(`\n${shape} ${edit}: ${what}; built in ${next.seconds.toFixed(0)} s`);
    // the build's own report, as the nightly log shows it
    console.log(
      next.stdout
        .split('\n')
        .filter((line) => /^ {2}(upload|dates|element files) |^ {20}/.test(line))
        .join('\n'),
    );
    lines.push(row(edit, report, next.seconds));
  }
  rmSync(edited, { recursive: true, force: true });
  rmSync(editedSnapshot, { recursive: true, force: true });
  tables.push(lines.join('\n'));
  console.log(`\n${lines.join('\n')}`);
}

console.log(`\n${'='.repeat(20)}\n\n${tables.join('\n\n')}`);
// the snapshots are large: keep the catalogues (slow to make), not the builds
for (const entry of readdirSync(ROOT))
  for (const name of ['base', 'edited', 'edited-dist'])
    rmSync(join(ROOT, entry, name), { recursive: true, force: true });
console.log(`\n(catalogues kept in ${relative(process.cwd(), ROOT)})`);
