// npm run build -- [--data DIR] [--out DIR] [--previous DIR|FILE] [--base DIR | --new-base]
// read (data/, site/) → validate + resolve + serialize → build snapshot files → write dist/ atomically
// → on a base: the element files of the snapshot the output held (or --base DIR) are kept as they
// are, what changed since goes to the overlay (base-snapshot.ts); --new-base, or an overlay over
// its cap (--overlay-bytes N), starts a new base
// → say what a deploy of it will upload: the files new by content against the previous snapshot
// (--previous: a snapshot folder or the _build/upload.json a build wrote; by default the snapshot
// the output held before), as `wrangler deploy` uploads only contents the account lacks.
// Exit codes: 0 built, 1 the catalogue has problems (output untouched), 2 bad usage (including an
// --out that would replace the catalogue or the project) or I/O failure.
import { parseArgs } from 'node:util';
import { formatProblem } from './problems.ts';
import { readCatalogue } from './read-catalogue.ts';
import { compileCatalogue } from './compile-catalogue.ts';
import { buildSnapshot, type Snapshot, type TierSizes } from './build-snapshot.ts';
import { readBase, type Base } from './base-snapshot.ts';
import { readSite } from './read-site.ts';
import { writeSnapshotAtomically } from './write-snapshot.ts';
import { createProgress } from './progress.ts';
import { refuseBuildOutput } from './output-guard.ts';
import { readDatesLedger } from './dates-ledger.ts';
import { DATES_LEDGER_PATH, MANIFEST_PATH, UPLOAD_MANIFEST_PATH } from '../core/snapshot-layout.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareUploads,
  formatUploadReport,
  readPreviousUploads,
  type PreviousUploads,
} from './upload-report.ts';

const USAGE =
  'usage: npm run build -- [--data DIR] [--out DIR] [--ledger FILE | --fresh-dates] [--previous DIR|FILE] [--base DIR | --new-base] [--overlay-bytes N] [--block-bytes N] [--run-bytes N] [--group-bytes N] [--dump-part-bytes N] [--package-bytes N]';

/** `--help`: each option on a line, with its default. */
const HELP = `usage: npm run build -- [options]
Builds the snapshot of a catalogue (data/ and site/) into an output folder, atomically.

options:
  --data DIR             the catalogue (default data)
  --out DIR              the snapshot folder written (default dist)
  --ledger FILE          the dates of the previous build (default the output's _build/dates.json)
  --fresh-dates          no ledger: every element dated anew
  --previous DIR|FILE    what a deploy replaces, a snapshot or its _build/upload.json (default the
                         output's own snapshot): the upload report counts the files new against it
  --base DIR             build on this snapshot's element files (default the output's own, if any)
  --new-base             start a new base: every element file written anew
  --overlay-bytes N      the overlay's cap, over which a new base is started (default 12 MiB)
  --block-bytes N        target bytes of a block of elements (default sized to the catalogue)
  --run-bytes N          target bytes of a run of blocks (default sized to the catalogue)
  --group-bytes N        target bytes of a group of one data source's elements (default sized
                         to the catalogue)
  --dump-part-bytes N    most bytes of a part of the whole-catalogue download (default 20 MiB)
  --package-bytes N      target bytes of a CKAN package file (default 8 MiB)
  --help                 this text`;

function main(): number {
  let options: {
    data: string;
    out: string;
    /** Where the previous dates are; null: none (every element dated anew). */
    ledger: string | null | undefined;
    /** The snapshot a deploy replaces (folder or upload manifest); undefined: the output's own. */
    previous: string | undefined;
    tiers: TierSizes;
    /** The snapshot folder to build on; undefined: the output's own, if it has one; null: none. */
    base: string | null | undefined;
    overlayMaxBytes: number | undefined;
  };
  try {
    const { values } = parseArgs({
      options: {
        data: { type: 'string', default: 'data' },
        out: { type: 'string', default: 'dist' },
        'dump-part-bytes': { type: 'string' },
        'block-bytes': { type: 'string' },
        'run-bytes': { type: 'string' },
        'group-bytes': { type: 'string' },
        'package-bytes': { type: 'string' },
        ledger: { type: 'string' },
        'fresh-dates': { type: 'boolean', default: false },
        previous: { type: 'string' },
        base: { type: 'string' },
        'new-base': { type: 'boolean', default: false },
        'overlay-bytes': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    if (values.base !== undefined && values['new-base'])
      throw new Error('--base and --new-base: give one of them');
    options = {
      data: values.data!,
      out: values.out!,
      ledger: values['fresh-dates'] ? null : values.ledger,
      previous: values.previous,
      base: values['new-base'] ? null : values.base,
      overlayMaxBytes: byteCount('--overlay-bytes', values['overlay-bytes']),
      tiers: {
        blockBytes: byteCount('--block-bytes', values['block-bytes']),
        runBytes: byteCount('--run-bytes', values['run-bytes']),
        groupBytes: byteCount('--group-bytes', values['group-bytes']),
        dumpPartBytes: byteCount('--dump-part-bytes', values['dump-part-bytes']),
        packageFileBytes: byteCount('--package-bytes', values['package-bytes']),
      },
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const refusal = refuseBuildOutput(options.out, options.data);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  const started = performance.now();
  // read before anything is built: a --previous that cannot be read stops the build early, and
  // the output's own snapshot is read before the new one replaces it
  let previous: PreviousUploads | undefined;
  if (options.previous !== undefined) {
    previous = readPreviousUploads(options.previous);
    if (!previous.ok) {
      console.error(
        `${previous.message}; nothing written. Give a snapshot folder or the ${UPLOAD_MANIFEST_PATH} a build wrote, or leave --previous out.`,
      );
      return 2;
    }
  } else if (existsSync(join(options.out, MANIFEST_PATH))) {
    previous = readPreviousUploads(options.out);
  }
  // the base is read (and its files hashed) before the output is replaced
  let base: Base | undefined;
  let noBase = options.base === null ? 'a new base asked for (--new-base)' : undefined;
  if (options.base !== null) {
    const read = readBase(options.base ?? options.out);
    if (read.ok) base = read.base;
    else if (options.base !== undefined) {
      console.error(`--base ${options.base}: ${read.reason}; nothing written.`);
      return 2;
    } else noBase = read.reason;
  }
  const sources = readCatalogue(options.data);
  const progress = createProgress(sources.elementFileCount);
  const catalogue = compileCatalogue(sources, progress.update);
  progress.done();

  if (catalogue.problems.length > 0) {
    for (const problem of catalogue.problems) console.error(formatProblem(problem));
    const n = catalogue.problems.length;
    console.error(
      `\n${n} problem${n === 1 ? '' : 's'} in ${options.data}; nothing written, ${options.out} left as it was.`,
    );
    return 1;
  }

  const ledger =
    options.ledger === null
      ? ({ ok: true, ledger: {} } as const)
      : readDatesLedger(options.ledger ?? join(options.out, DATES_LEDGER_PATH));
  if (!ledger.ok) {
    console.error(ledger.message);
    return 2;
  }
  const snapshot = buildSnapshot(catalogue, readSite(), {
    ...options.tiers,
    ledger: ledger.ledger,
    base,
    overlayMaxBytes: options.overlayMaxBytes,
  });
  const written = writeSnapshotAtomically(options.out, snapshot.files, snapshot.carried);
  const { stats, published } = catalogue;
  const heldBack = Object.entries(stats.heldBackByStatus).map(
    ([status, n]) => `${n} ${JSON.stringify(status)}`,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      `built ${options.out} (snapshot ${snapshot.manifest.buildId}) in ${seconds} s`,
      `  elements read      ${stats.elementsRead} from ${stats.elementFiles} files`,
      `  published          ${published.length}`,
      `  held back (status) ${heldBack.length ? heldBack.join(', ') : 'none'}`,
      `  dates              ${describeDates(snapshot.dates, ledger.ledger, catalogue.published)}`,
      `  written            ${written.files} files, ${(written.bytes / 1048576).toFixed(1)} MiB (${snapshot.manifest.counts.blocks} element blocks, ${snapshot.manifest.counts.runs} runs, ${snapshot.manifest.counts.groups} groups)`,
      `  dump               ${describeDump(snapshot.manifest.dump)}`,
      `  element files      ${describePlacing(snapshot.placing, noBase)}`,
      ...describeUpload(previous, snapshot.uploads).map(
        (line, i) => `${i === 0 ? '  upload            ' : ' '.repeat(20)} ${line}`,
      ),
    ].join('\n'),
  );
  return 0;
}

/** How many elements kept their dates, and how many are new or changed since the ledger. */
function describeDates(
  dates: { modified: number }[],
  previous: Record<string, [string, number, number]>,
  published: { id: string }[],
): string {
  let kept = 0;
  published.forEach(({ id }, e) => {
    if (previous[id]?.[2] === dates[e]!.modified) kept++;
  });
  const entries = Object.keys(previous).length;
  return entries === 0
    ? 'no ledger: every element dated now (or from createdAt/updatedAt)'
    : `${kept} kept from the ledger, ${published.length - kept} new or changed`;
}

/** On which base the element files are, and what the overlay holds. */
function describePlacing(placing: Snapshot['placing'], noBase: string | undefined): string {
  const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
  const { overlay } = placing;
  if (placing.onBase)
    return `on base ${placing.baseId}, carried; overlay ${overlay.elements} elements (${mib(overlay.bytes)} MiB), their packages and DCAT parts in ${overlay.partFiles} files (${mib(overlay.partBytes)} MiB)`;
  return `a new base ${placing.baseId} (${placing.reason === 'no base given' ? (noBase ?? placing.reason) : placing.reason})`;
}

/** What a deploy of the new snapshot uploads, against the previous one (issue 34). */
function describeUpload(
  previous: PreviousUploads | undefined,
  uploads: Parameters<typeof compareUploads>[1],
): string[] {
  if (previous === undefined)
    return ['no previous snapshot to compare with (--previous DIR|FILE): every file is new'];
  if (!previous.ok) return [`not compared: ${previous.message}`];
  return formatUploadReport(compareUploads(previous.files, uploads), previous.what);
}

function byteCount(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${option} takes a positive whole number`);
  return n;
}

/** The whole-catalogue download's parts, as the build's summary says them. */
function describeDump(parts: { bytes: number }[]): string {
  const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
  const total = parts.reduce((sum, part) => sum + part.bytes, 0);
  const largest = Math.max(0, ...parts.map((part) => part.bytes));
  return `${parts.length} part${parts.length === 1 ? '' : 's'} of gzip'd JSON Lines, ${mib(total)} (largest ${mib(largest)})`;
}

try {
  process.exitCode = main();
} catch (error) {
  // I/O failures (disk full, permissions on the output): one clear line, not a stack trace.
  console.error(`build failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
