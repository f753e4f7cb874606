// What a deploy will upload (issue 34): the build compares its deployed files by content with
// the previous snapshot's (the output's own, a folder given with --previous, or the upload
// manifest a build wrote) and says how many files and bytes are new. Checked through the real
// CLI against a count made here from the two folders on disk, and the pure parts alone.
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MANIFEST_PATH,
  UPLOAD_MANIFEST_PATH,
  snapshotPaths,
  type IndexHeader,
  type Manifest,
} from '../../core/snapshot-layout.ts';
import {
  assetsIgnoreMatcher,
  compareUploads,
  fileKind,
  parseUploadManifest,
  uploadManifestOfFolder,
} from '../../generator/upload-report.ts';
import { allFiles, copyCatalogue, runBuild, tempDir, treeDigest } from './build-cli.ts';

// small tiers, so that one edited element leaves most blocks and runs as they were
const TIERS = ['--block-bytes', '3000', '--run-bytes', '9000', '--group-bytes', '9000'];

function build(data: string, out: string, epoch: number, extra: string[] = []) {
  const before = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(epoch);
  try {
    return runBuild(['--data', data, '--out', out, ...TIERS, ...extra]);
  } finally {
    process.env.SOURCE_DATE_EPOCH = before;
  }
}

/** The build's upload lines, as numbers. */
function reported(stdout: string) {
  const line =
    /upload +([\d,]+) of ([\d,]+) files new by content against the (.+?): ([\d,]+) of ([\d,]+) bytes/.exec(
      stdout,
    );
  expect(line, stdout).not.toBeNull();
  const n = (text: string) => Number(text.replaceAll(',', ''));
  const kinds = new Map<string, { bytes: number; files: number }>();
  for (const [, kind, bytes, files] of stdout.matchAll(
    /([a-z][\w.-]*(?: parts)?) ([\d,]+) \(([\d,]+) of [\d,]+ files?\)/g,
  ))
    kinds.set(kind!, { bytes: n(bytes!), files: n(files!) });
  return {
    newFiles: n(line![1]!),
    files: n(line![2]!),
    against: line![3]!,
    newBytes: n(line![4]!),
    bytes: n(line![5]!),
    kinds,
  };
}

/**
 * Counted here, independently of the build: the files wrangler would deploy from `next` (all but
 * _build/ and .assetsignore) whose bytes and extension no deployed file of `previous` has.
 */
function newByContent(previous: string, next: string) {
  const deployed = (dir: string) =>
    allFiles(dir)
      .filter(({ file }) => !file.startsWith('_build/') && file !== '.assetsignore')
      .map(({ file, bytes }) => ({
        file,
        bytes: bytes.length,
        key: createHash('sha256').update(bytes).digest('hex') + extname(file),
      }));
  const held = new Set(deployed(previous).map(({ key }) => key));
  const files = deployed(next);
  const fresh = files.filter(({ key }) => !held.has(key));
  return {
    files: files.length,
    bytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
    newFiles: fresh.length,
    newBytes: fresh.reduce((sum, { bytes }) => sum + bytes, 0),
    newPaths: fresh.map(({ file }) => file),
    /** New files and bytes in each folder of element bytes and packages. */
    folders: Object.fromEntries(
      ELEMENT_FOLDERS.map(([kind, folder]) => {
        const inFolder = fresh.filter(({ file }) => file.includes(`/${folder}/`));
        const bytes = inFolder.reduce((sum, file) => sum + file.bytes, 0);
        return [kind, { bytes, files: inFolder.length }];
      }),
    ) as Record<(typeof ELEMENT_FOLDERS)[number][0], { bytes: number; files: number }>,
  };
}

const ELEMENT_FOLDERS = [
  ['blocks', 'blocks'],
  ['runs', 'runs'],
  ['groups', 'groups'],
  ['packages', 'packages'],
  ['dcat parts', 'dcat'],
  ['dump parts', 'dump'],
  ['overlay', 'overlay'],
] as const;

/** The files of a base, which a build on it carries as they are. */
const BASE_KINDS = ['blocks', 'runs', 'groups', 'packages', 'dcat parts'] as const;
/** Those of them that only a new base writes: a changed element's bytes go to the overlay. */
const ELEMENT_KINDS = ['blocks', 'runs', 'groups'] as const;

/** The index header of the snapshot in `dir`. */
const headerOf = (dir: string): IndexHeader => {
  const { buildId } = JSON.parse(readFileSync(join(dir, MANIFEST_PATH), 'utf8')) as Manifest;
  return JSON.parse(readFileSync(join(dir, snapshotPaths(buildId).index), 'utf8')) as IndexHeader;
};

/** Changes one table cell of the first published element of a-lain.json. */
function editOneCell(data: string) {
  const path = join(data, 'data-element', 'a-lain.json');
  const elements = JSON.parse(readFileSync(path, 'utf8')) as {
    status: string;
    data: { table: { rows: string[][] } }[];
  }[];
  const element = elements.find((e) => e.status === 'TERVERIFIKASI')!;
  const row = element.data[0]!.table.rows[0]!;
  row[1] = `${row[1]}1`;
  writeFileSync(path, JSON.stringify(elements, null, 2));
}

describe('the upload report (issue 34)', () => {
  it('says 0 new files for an unchanged rebuild, and counts exactly the new files and bytes after one cell is edited', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    const first = build(data, out, 1_700_000_000);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/upload +no previous snapshot to compare with/);

    // the output's own snapshot is the previous one by default
    const unchanged = build(data, out, 1_700_086_400);
    expect(unchanged.status, unchanged.stderr).toBe(0);
    const same = reported(unchanged.stdout);
    expect(same).toMatchObject({ newFiles: 0, newBytes: 0, against: `snapshot ${out}` });
    expect(same.files).toBeGreaterThan(20);
    expect(same.kinds.size).toBe(0);

    const saved = tempDir('previous-');
    cpSync(out, saved, { recursive: true });
    editOneCell(data);
    const edited = build(data, out, 1_700_172_800);
    expect(edited.status, edited.stderr).toBe(0);
    const report = reported(edited.stdout);
    const counted = newByContent(saved, out);
    expect(report).toMatchObject({
      files: counted.files,
      bytes: counted.bytes,
      newFiles: counted.newFiles,
      newBytes: counted.newBytes,
    });
    expect(report.newFiles).toBeGreaterThan(0);
    expect(report.newFiles).toBeLessThan(report.files / 2);
    // built on the output's own snapshot as its base: the base's files are carried, the
    // changed element is in the overlay, its package and DCAT parts in files of the build's own
    expect(edited.stdout).toMatch(/element files +on base \w+, carried; overlay 1 elements/);
    for (const [kind] of ELEMENT_FOLDERS) {
      const carried = (ELEMENT_KINDS as readonly string[]).includes(kind);
      expect(report.kinds.get(kind), kind).toEqual(carried ? undefined : counted.folders[kind]);
      if (carried) expect(counted.folders[kind].files, kind).toBe(0);
      else expect(counted.folders[kind].files, kind).toBeGreaterThan(0);
    }
    expect(counted.folders.packages.files).toBe(1);
    expect(counted.folders['dcat parts'].files).toBe(2);
    const { elementFiles } = headerOf(out);
    expect(counted.newPaths.filter((path) => path.includes(`/${elementFiles}/`))).toEqual([]);

    // a new base instead: a block of many holds the element, most are left as they were
    const newBase = tempDir('dist-');
    const rebased = build(data, newBase, 1_700_172_800, [
      '--new-base',
      '--ledger',
      join(saved, '_build/dates.json'),
    ]);
    expect(rebased.status, rebased.stderr).toBe(0);
    const rebasedCount = newByContent(saved, newBase);
    for (const kind of BASE_KINDS)
      expect(rebasedCount.folders[kind].files, kind).toBeGreaterThan(0);
    expect(rebasedCount.folders.blocks.files).toBeLessThan(3);
    expect(rebasedCount.folders.overlay.files).toBe(0);

    // the same comparison against the manifest the previous build wrote, or its folder
    for (const [previous, what] of [
      [join(saved, UPLOAD_MANIFEST_PATH), 'upload manifest'],
      [saved, 'snapshot'],
    ] as const) {
      const elsewhere = tempDir('dist-');
      const again = build(data, elsewhere, 1_700_172_800, [
        '--previous',
        previous,
        '--base',
        saved,
        '--ledger',
        join(saved, '_build/dates.json'),
      ]);
      expect(again.status, again.stderr).toBe(0);
      const { against, ...numbers } = reported(again.stdout);
      expect(against).toBe(`${what} ${previous}`);
      const { against: _, ...expected } = report;
      expect(numbers).toEqual(expected);
    }
  });

  it('stops before writing anything when --previous cannot be read', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    expect(build(data, out, 1_700_000_000).status).toBe(0);
    const digest = treeDigest(out);
    const broken = join(tempDir('previous-'), 'upload.json');
    writeFileSync(broken, '{"uploadManifest": 1, "files": [["a", "b", 1]]}');
    for (const previous of [broken, join(out, 'no-such-folder')]) {
      const result = build(data, out, 1_700_000_000, ['--previous', previous]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/the previous snapshot .* cannot be read .*nothing written/);
      expect(treeDigest(out)).toEqual(digest);
    }
  });
});

describe('upload-report, pure', () => {
  const file = (path: string, content: string) => ({
    path,
    sha256: createHash('sha256').update(content).digest('hex'),
    bytes: content.length,
  });

  it('counts by content, not path: moved bytes are not new; new bytes under two paths go up once', () => {
    const report = compareUploads(
      [file('_snapshot/aaaa/blocks/00000.json', 'x'), file('_snapshot/aaaa/runs/00000.json', 'y')],
      [
        file('_snapshot/bbbb/blocks/00007.json', 'x'),
        file('_snapshot/bbbb/blocks/00008.json', 'zz'),
        file('_snapshot/bbbb/runs/00000.json', 'zz'),
        // same bytes, another extension: wrangler's hash covers the extension
        file('_snapshot/bbbb/names.txt', 'y'),
      ],
    );
    expect(report).toMatchObject({
      files: 4,
      bytes: 6,
      newFiles: 3,
      newBytes: 5,
      uploadFiles: 2,
      uploadBytes: 3,
    });
    expect(report.kinds.map(({ kind, newFiles }) => [kind, newFiles])).toEqual([
      ['blocks', 1],
      ['runs', 1],
      ['names.txt', 1],
    ]);
  });

  it('knows every file of the layout by its path', () => {
    const paths = snapshotPaths('0123456789abcdef');
    expect(fileKind(paths.block(12))).toBe('blocks');
    expect(fileKind(paths.run(3))).toBe('runs');
    expect(fileKind(paths.group(1999))).toBe('groups');
    expect(fileKind(paths.packageFile(0))).toBe('packages');
    expect(fileKind(paths.datasetPartFile('turtle', 41))).toBe('dcat parts');
    expect(fileKind(paths.datasetPartFile('jsonLd', 3))).toBe('dcat parts');
    expect(fileKind(paths.dumpPart(1))).toBe('dump parts');
    expect(fileKind(paths.index)).toBe('index');
    expect(fileKind(paths.indexBinary)).toBe('index');
    expect(fileKind(paths.ids)).toBe('ids');
    expect(fileKind(paths.list('dataSource'))).toBe('lists');
    expect(fileKind(paths.documentation('openapi.json'))).toBe('docs');
    expect(fileKind('_snapshot/manifest.json')).toBe('manifest');
    expect(fileKind('somewhere/else.json')).toBe('other');
  });

  it('reads .assetsignore as wrangler does', () => {
    const ignored = assetsIgnoreMatcher('_build\n# a comment\n/top.txt\n*.log\n!keep.log\n');
    expect(ignored('_build/dates.json')).toBe(true);
    expect(ignored('.assetsignore')).toBe(true);
    expect(ignored('_headers')).toBe(true);
    expect(ignored('_snapshot/manifest.json')).toBe(false);
    expect(ignored('top.txt')).toBe(true);
    expect(ignored('a/top.txt')).toBe(false);
    expect(ignored('a/b.log')).toBe(true);
    expect(ignored('keep.log')).toBe(false);
    expect(assetsIgnoreMatcher(undefined)('_build/dates.json')).toBe(false);
  });

  it('refuses a manifest that is not one, saying why', () => {
    expect(parseUploadManifest('[]')).toMatch(/not an upload manifest/);
    expect(parseUploadManifest('{"uploadManifest":1,"files":[["a","b",1]]}')).toMatch(
      /files\[0\] is not \[path, sha256, bytes\]/,
    );
    expect(parseUploadManifest('{')).toEqual(expect.any(String));
  });

  it('lists a folder as the deploy would read it', () => {
    const dir = tempDir('folder-');
    writeFileSync(join(dir, '.assetsignore'), 'private\n');
    writeFileSync(join(dir, 'a.json'), '{}');
    cpSync(join(dir, 'a.json'), join(dir, 'private', 'b.json'), { recursive: true });
    expect(uploadManifestOfFolder(dir)).toEqual([file('a.json', '{}')]);
  });
});
