// What a deploy will upload (issue 34). `wrangler deploy` sends the account a manifest of every
// deployed file's content hash and uploads only the contents the account does not hold yet: a
// file is new when no file of the previous snapshot has the same bytes, whatever its path (the
// build id in every path changes with any edit; the bytes of most files need not). wrangler
// hashes the bytes together with the file's extension, so the same bytes under another extension
// count as new here too. Files that `.assetsignore` (and wrangler's own defaults) keep off the
// deploy do not count.
//
// Each build writes the list of its deployed files with their SHA-256 and size beside the
// snapshot (_build/upload.json, not deployed); the next build compares its files with that list,
// or with a previous snapshot folder, and says how many files and bytes are new, by kind of file.
// Everything here is pure but reading a folder or a manifest file from disk.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import fg from 'fast-glob';
import { DOCUMENTATION_FILES, REFERENCE_LISTS } from '../core/contract.ts';
import { ASSETS_IGNORE_PATH, MANIFEST_PATH, snapshotPaths } from '../core/snapshot-layout.ts';
import { PART_KINDS, type PartFileKind } from '../core/open-data/part-kinds.ts';

/** A deployed file: its path in the snapshot, the SHA-256 of its bytes (hex), its size. */
export interface UploadedFile {
  path: string;
  sha256: string;
  bytes: number;
}

/** The format of _build/upload.json: `{"uploadManifest": 1, "files": [[path, sha256, bytes]…]}`. */
export const UPLOAD_MANIFEST_VERSION = 1;

export interface KindTally {
  kind: FileKind;
  files: number;
  bytes: number;
  newFiles: number;
  newBytes: number;
}

export interface UploadReport {
  /** Deployed files of the new snapshot and their bytes. */
  files: number;
  bytes: number;
  /** Those whose content (bytes and extension) no file of the previous snapshot has. */
  newFiles: number;
  newBytes: number;
  /** What wrangler uploads: the new contents, each once (identical new files go up once). */
  uploadFiles: number;
  uploadBytes: number;
  /** Per kind of file, most new bytes first. */
  kinds: KindTally[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** How wrangler tells contents apart: the bytes and the extension (its hash covers both). */
const contentKey = (file: UploadedFile) => `${file.sha256}${extname(file.path)}`;

/** Compares the deployed files of two snapshots by content. Pure. */
export function compareUploads(
  previous: readonly UploadedFile[],
  next: readonly UploadedFile[],
): UploadReport {
  const held = new Set(previous.map(contentKey));
  const uploaded = new Set<string>();
  const kinds = new Map<FileKind, KindTally>();
  const report: UploadReport = {
    files: 0,
    bytes: 0,
    newFiles: 0,
    newBytes: 0,
    uploadFiles: 0,
    uploadBytes: 0,
    kinds: [],
  };
  for (const file of next) {
    const kind = fileKind(file.path);
    let tally = kinds.get(kind);
    if (!tally) kinds.set(kind, (tally = { kind, files: 0, bytes: 0, newFiles: 0, newBytes: 0 }));
    report.files++;
    report.bytes += file.bytes;
    tally.files++;
    tally.bytes += file.bytes;
    const key = contentKey(file);
    if (held.has(key)) continue;
    report.newFiles++;
    report.newBytes += file.bytes;
    tally.newFiles++;
    tally.newBytes += file.bytes;
    if (uploaded.has(key)) continue;
    uploaded.add(key);
    report.uploadFiles++;
    report.uploadBytes += file.bytes;
  }
  report.kinds = [...kinds.values()].sort(
    (a, b) => b.newBytes - a.newBytes || b.bytes - a.bytes || (a.kind < b.kind ? -1 : 1),
  );
  return report;
}

// ---------------------------------------------------------------------------------------------
// Kinds of file, from the path shapes of core/snapshot-layout.ts and of the part kinds
// (core/open-data/part-kinds.ts).

export type FileKind =
  | 'blocks'
  | 'runs'
  | 'groups'
  | PartFileKind
  | 'dump parts'
  | 'overlay'
  | 'index'
  | 'titles.bin'
  | 'words.bin'
  | 'keys.bin'
  | 'ids'
  | 'open-data.bin'
  | 'names.txt'
  | 'lists'
  | 'docs'
  | 'manifest'
  | 'other';

const BUILD_ID_MARK = 'BUILDID';

/** Each kind's path shapes as patterns: the build id any hex, a file number any digits. */
const KIND_PATTERNS: [FileKind, RegExp][] = (() => {
  const paths = snapshotPaths(BUILD_ID_MARK);
  const shapes: [FileKind, string][] = [
    ['blocks', paths.block(0)],
    ['runs', paths.run(0)],
    ['groups', paths.group(0)],
    ...PART_KINDS.map((kind): [FileKind, string] => [kind.fileKind, kind.path(BUILD_ID_MARK, 0)]),
    ['dump parts', paths.dumpPart(0)],
    ['overlay', paths.overlay],
    ['index', paths.index],
    ['index', paths.indexBinary],
    ['titles.bin', paths.titles],
    ['words.bin', paths.words],
    ['keys.bin', paths.keys],
    ['ids', paths.idSections],
    ['ids', paths.ids],
    ['open-data.bin', paths.openData],
    ['names.txt', paths.packageNames],
    ...REFERENCE_LISTS.map(({ name }): [FileKind, string] => ['lists', paths.list(name)]),
    ...DOCUMENTATION_FILES.map(({ name }): [FileKind, string] => [
      'docs',
      paths.documentation(name),
    ]),
    ['manifest', MANIFEST_PATH],
  ];
  const numbered = paths.block(0).replace(/^.*\/(\d+)\.json$/, '$1');
  return shapes.map(([kind, path]) => {
    const source = path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(BUILD_ID_MARK, '[0-9a-f]+')
      .replace(numbered, '\\d+');
    return [kind, new RegExp(`^${source}$`)];
  });
})();

/** The kind of a snapshot file, by its path. */
export function fileKind(path: string): FileKind {
  for (const [kind, pattern] of KIND_PATTERNS) if (pattern.test(path)) return kind;
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// What is deployed: .assetsignore, as wrangler reads it.

/** wrangler never uploads these, with or without an .assetsignore. */
const WRANGLER_IGNORES = [`/${ASSETS_IGNORE_PATH}`, '/_redirects', '/_headers'];

/**
 * Whether a path (relative, "/"-separated) is kept off the deploy by wrangler's defaults and the
 * lines of an .assetsignore, read as .gitignore lines are: `#` comments, `!` to take a path back,
 * a leading or inner `/` anchors to the folder's root, a name alone matches at any depth, a
 * folder's match covers everything under it, `*`, `?` and `**` as globs.
 */
export function assetsIgnoreMatcher(assetsIgnore: string | undefined): (path: string) => boolean {
  const rules = [...WRANGLER_IGNORES, ...(assetsIgnore ?? '').split('\n')]
    .map((line) => line.replace(/(?<!\\)\s+$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      let pattern = negated ? line.slice(1) : line;
      pattern = pattern.replace(/\/+$/, '');
      const anchored = pattern.includes('/');
      pattern = pattern.replace(/^\//, '');
      const body = pattern
        .split('/')
        .map((segment) =>
          segment === '**'
            ? '\0'
            : segment
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\0\//g, '(?:.*/)?')
        .replace(/\/\0/g, '(?:/.*)?')
        .replace(/\0/g, '.*');
      return { negated, pattern: new RegExp(`${anchored ? '^' : '(^|/)'}${body}(/|$)`) };
    });
  return (path) => {
    let ignored = false;
    for (const { negated, pattern } of rules) if (pattern.test(path)) ignored = !negated;
    return ignored;
  };
}

// ---------------------------------------------------------------------------------------------
// Manifests: of a build's files in memory, of a folder on disk, on disk as JSON.

/** The deployed files of a build (path → bytes), hashed, in path order. */
export function uploadManifestOf(files: ReadonlyMap<string, Uint8Array>): UploadedFile[] {
  const assetsIgnore = files.get(ASSETS_IGNORE_PATH);
  const ignored = assetsIgnoreMatcher(
    assetsIgnore === undefined ? undefined : new TextDecoder().decode(assetsIgnore),
  );
  return [...files.keys()]
    .filter((path) => !ignored(path))
    .sort()
    .map((path) => {
      const bytes = files.get(path)!;
      return { path, sha256: sha256(bytes), bytes: bytes.length };
    });
}

/** The deployed files of a snapshot folder (what `wrangler deploy` would read from it). */
export function uploadManifestOfFolder(dir: string): UploadedFile[] {
  const ignoreFile = join(dir, ASSETS_IGNORE_PATH);
  const ignored = assetsIgnoreMatcher(
    existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : undefined,
  );
  return fg
    .sync('**/*', { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: true })
    .filter((path) => !ignored(path))
    .sort()
    .map((path) => {
      const bytes = readFileSync(join(dir, path));
      return { path, sha256: sha256(bytes), bytes: bytes.length };
    });
}

export function encodeUploadManifest(files: readonly UploadedFile[]): Uint8Array {
  const rows = files.map(({ path, sha256, bytes }) => JSON.stringify([path, sha256, bytes]));
  return new TextEncoder().encode(
    `{"uploadManifest":${UPLOAD_MANIFEST_VERSION},"files":[\n${rows.join(',\n')}\n]}\n`,
  );
}

/** Parses _build/upload.json; a message saying what is wrong when it is not one. */
export function parseUploadManifest(text: string): UploadedFile[] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  const { uploadManifest, files } = (value ?? {}) as { uploadManifest?: unknown; files?: unknown };
  if (uploadManifest !== UPLOAD_MANIFEST_VERSION || !Array.isArray(files))
    return `not an upload manifest (version ${UPLOAD_MANIFEST_VERSION}: {"uploadManifest": ${UPLOAD_MANIFEST_VERSION}, "files": [[path, sha256, bytes], …]})`;
  const out: UploadedFile[] = [];
  for (const [i, row] of files.entries()) {
    const sound =
      Array.isArray(row) &&
      row.length === 3 &&
      typeof row[0] === 'string' &&
      typeof row[1] === 'string' &&
      /^[0-9a-f]{64}$/.test(row[1]) &&
      Number.isInteger(row[2]) &&
      row[2] >= 0;
    if (!sound) return `files[${i}] is not [path, sha256, bytes]`;
    out.push({ path: row[0], sha256: row[1], bytes: row[2] });
  }
  return out;
}

export type PreviousUploads =
  { ok: true; files: UploadedFile[]; what: string } | { ok: false; message: string };

/**
 * The deployed files of a previous snapshot: a snapshot folder (hashed file by file, as the
 * deploy would), or an upload manifest a build wrote (_build/upload.json, or a copy of it).
 */
export function readPreviousUploads(path: string): PreviousUploads {
  const unusable = (why: string) => ({
    ok: false as const,
    message: `the previous snapshot ${path} cannot be read (${why})`,
  });
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    return unusable((error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
  try {
    if (isFolder)
      return { ok: true, files: uploadManifestOfFolder(path), what: `snapshot ${path}` };
    const files = parseUploadManifest(readFileSync(path, 'utf8'));
    return typeof files === 'string'
      ? unusable(files)
      : { ok: true, files, what: `upload manifest ${path}` };
  } catch (error) {
    return unusable((error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
}

// ---------------------------------------------------------------------------------------------
// As the build's summary says it.

const count = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
export const percent = (part: number, whole: number) =>
  whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1);

/**
 * Lines for the build's summary: the totals, then every kind of file with new bytes, most first,
 * a few to a line.
 */
export function formatUploadReport(report: UploadReport, against: string): string[] {
  const lines = [
    `${count(report.newFiles)} of ${count(report.files)} files new by content against the ${against}: ` +
      `${count(report.newBytes)} of ${count(report.bytes)} bytes (${percent(report.newBytes, report.bytes)} %; ` +
      `${mib(report.newBytes)} of ${mib(report.bytes)} MiB)`,
  ];
  if (report.uploadFiles !== report.newFiles)
    lines.push(
      `wrangler uploads ${count(report.uploadFiles)} files, ${count(report.uploadBytes)} bytes (identical new files once)`,
    );
  const kinds = report.kinds
    .filter((tally) => tally.newFiles > 0)
    .map(
      (tally) =>
        `${tally.kind} ${count(tally.newBytes)} (${count(tally.newFiles)} of ${count(tally.files)} file${tally.files === 1 ? '' : 's'})`,
    );
  let line = 'new bytes by kind:';
  for (const [i, kind] of kinds.entries()) {
    if (i > 0 && line.length + kind.length > 76) {
      lines.push(`${line},`);
      line = ' ';
    } else if (i > 0) line += ',';
    line += ` ${kind}`;
  }
  if (kinds.length > 0) lines.push(line);
  return lines;
}
