// build: compiled catalogue → every snapshot file as bytes (path → bytes). Pure; no disk.
import { createHash } from 'node:crypto';
import { DOCUMENTATION_FILES, REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import {
  ASSETS_IGNORE_PATH,
  BASE_DESCRIPTION_PATH,
  BUILD_DIR,
  DATES_LEDGER_PATH,
  LAYOUT_VERSION,
  MANIFEST_PATH,
  SNAPSHOT_DIR,
  UPLOAD_MANIFEST_PATH,
  bitmapWords,
  encodeIdSections,
  encodeIndexSections,
  isDense,
  postingSections,
  snapshotPaths,
  type DumpPartEntry,
  type IndexHeader,
  type IndexSections,
  type Manifest,
  type OverlaySize,
  type PostingDimension,
} from '../core/snapshot-layout.ts';
import { buildDump, type CompressedPart } from './build-dump.ts';
import { buildResourceIndex } from './build-resource-index.ts';
import { buildDocumentation } from './build-documentation.ts';
import type { CompiledCatalogue, PublishedElement } from './compile-catalogue.ts';
import type { SiteSources } from './read-site.ts';
import { compareCodeUnits } from './read-catalogue.ts';
import { encodeTitleSearchIndex } from '../core/title-index/encode.ts';
import { buildWordIndex, parsedElements } from './build-word-index.ts';
import { buildOpenData, type PartsByKind } from './build-open-data.ts';
import { PART_FILE_BYTES, storeKind, storedSections, type PartOrders } from './store-parts.ts';
import { joinBytes } from './join-bytes.ts';
import { assignDates, type DatesLedger, type ElementDates } from './element-dates.ts';
import { encodeUploadManifest, uploadManifestOf, type UploadedFile } from './upload-report.ts';
import {
  describeBase,
  noPartFiles,
  placeOnBase,
  type Base,
  type ElementFiles,
  type ElementPlaces,
} from './base-snapshot.ts';
import type { OpenDataSections } from '../core/open-data/layout.ts';
import {
  PART_KINDS,
  partFileCounts,
  type PartKindName,
  type PartKindRow,
} from '../core/open-data/part-kinds.ts';

/**
 * Blocks are small, because an answer of a few elements reads whole blocks (ASSETS serves whole
 * files); they grow with the catalogue so that a deploy keeps below the free plan's 20,000 files.
 * Runs are large, so that a broad answer reads a few files: at most MAX_RUNS of them, each far
 * below the 25 MiB a static asset may have.
 */
export const MIN_BLOCK_BYTES = 32 * 1024;
export const MAX_BLOCK_FILES = 12_000;
export const MIN_RUN_BYTES = 8 * 1024 * 1024;
export const MAX_RUNS = 400;
/**
 * Groups hold the element bytes a third time, in data-source order: a search narrowed by a data
 * source, or by words one data source uses, reads a few groups instead of most runs. Small
 * enough that an answer reads little it does not need, few enough to stay under MAX_GROUPS.
 */
export const MIN_GROUP_BYTES = 2 * 1024 * 1024;
export const MAX_GROUPS = 2_000;
export const MAX_FILE_BYTES = 24 * 1024 * 1024;

export interface Snapshot {
  files: Map<string, Uint8Array>;
  manifest: Manifest;
  /** Dates of every published element (catalogue order), and the ledger the next build reads. */
  dates: ElementDates[];
  ledger: DatesLedger;
  /** Every deployed file (not those .assetsignore keeps off) with its SHA-256 and size. */
  uploads: UploadedFile[];
  /** The base's element files, carried as they are (not in `files`), when built on one. */
  carried: { folder: string; paths: string[] } | undefined;
  /** Built on the base given, or why a new one was started; what the overlay holds. */
  placing: { baseId: string; onBase: boolean; reason?: string; overlay: OverlaySize };
}

const encoder = new TextEncoder();

export interface BuildOptions extends TierSizes {
  /** The previous build's dates ledger (docs/harvest.md §12); none: every element is new. */
  ledger?: DatesLedger;
  /** The build's time, seconds since the epoch: a new or changed element's date. */
  buildTime?: number;
  /** The snapshot to build on (base-snapshot.ts); none: a new base. */
  base?: Base;
  overlayMaxBytes?: number;
}

export interface TierSizes {
  /** Target bytes of a block (tests use tiny ones, to get many blocks and runs). */
  blockBytes?: number;
  runBytes?: number;
  groupBytes?: number;
  /** Most bytes of a part of the whole-catalogue download (generator/build-dump.ts). */
  dumpPartBytes?: number;
  /** Target bytes of a part file (generator/store-parts.ts; tests use tiny ones). */
  packageFileBytes?: number;
}

export function buildSnapshot(
  catalogue: CompiledCatalogue,
  site: SiteSources,
  options: BuildOptions = {},
): Snapshot {
  const { published, lists } = catalogue;
  const { dates, ledger } = assignDates(
    published,
    options.ledger ?? {},
    options.buildTime ?? defaultBuildTime(),
  );
  const content = new Map<string, Uint8Array>(); // paths relative to the build-id folder

  const documentation = buildDocumentation(catalogue, site);
  for (const { name } of DOCUMENTATION_FILES) content.set(`docs/${name}`, documentation[name]);

  const listBytes = {} as Record<ReferenceListName, Uint8Array>;
  for (const { name } of REFERENCE_LISTS) {
    listBytes[name] = encoder.encode(JSON.stringify(lists[name]));
    content.set(`lists/${name}.json`, listBytes[name]);
  }

  const ids = buildIdIndex(published);
  const openData = buildOpenData(catalogue, dates);
  const orders: PartOrders = { id: ids.idOrder, catalogue: Uint32Array.from(published.keys()) };
  const placing = options.base
    ? placeOnBase(
        {
          published,
          parts: openData.parts,
          orders,
          partFileBytes: options.packageFileBytes ?? PART_FILE_BYTES,
        },
        options.base.description,
        options.overlayMaxBytes,
      )
    : ({ ok: false, reason: 'no base given' } as const);
  const places = placing.ok
    ? placing.places
    : freshPlaces(published, openData.parts, orders, options);
  const newFiles = places.files;
  // the element files' folder is named by their content, so that a build on a base that nothing
  // changed since is the very build that made the base
  const elementFiles = places.baseId ?? elementFilesId(newFiles);
  content.set('element-files', encoder.encode(elementFiles));
  content.set('overlay', places.overlay);
  const overlayParts = overlayPartFiles(places);
  for (const [path, bytes] of overlayParts) content.set(`overlay-parts/${path}`, bytes);
  const dump = buildDump(published, options);
  content.set('dump', encoder.encode(dump.map((part) => part.sha256).join('\n')));

  const titles = buildTitleIndex(published);
  content.set('titles', encodeTitleSearchIndex(titles.distinct));
  content.set('words', buildWordIndex(parsedElements(published)));
  const resourceShards = buildResourceIndex(published);
  for (const [shard, bytes] of resourceShards) content.set(`resources/${shard}`, bytes);

  content.set('ids', encoder.encode(ids.text));
  content.set('id-sections', encodeIdSections(ids));
  const { bytes: openDataBinary, table: openDataTable } = encodeIndexSections<OpenDataSections>({
    ...openData.sections,
    ...places.partSections,
  });
  content.set('open-data', openDataBinary);
  content.set('package-names', openData.namesText);
  content.set('open-data-header', encoder.encode(JSON.stringify(openData.header)));
  content.set(
    'keys',
    new Uint8Array(Uint32Array.from(published.flatMap((element) => element.keyStarts)).buffer),
  );
  const years = [...new Set(published.flatMap((element) => element.years))].sort((a, b) => a - b);
  const postingLists = {
    ...buildPostingLists(published, lists),
    ...buildYearPostings(published, years),
  };
  const sections: IndexSections = {
    ...places.sections,
    elementLength: Uint32Array.from(published, (element) => element.byteLength),
    elementTitle: titles.elementTitle,
    ...postingLists,
    ...(Object.assign(
      {},
      ...POSTING_DIMENSIONS.map((dimension) =>
        denseBitmaps(postingLists, dimension, published.length),
      ),
    ) as Pick<IndexSections, `${PostingDimension}${'BitmapOf' | 'Bitmaps'}`>),
  };
  const { bytes: indexBytes, table } = encodeIndexSections(sections);
  content.set('index.bin', indexBytes);
  const slugs = Object.fromEntries(
    REFERENCE_LISTS.map(({ name }) => [name, lists[name].map((item) => item.slug)]),
  ) as IndexHeader['slugs'];
  content.set('slugs', encoder.encode(JSON.stringify(slugs)));

  const buildId = contentHash([...content.entries()]).slice(0, 16);
  const paths = snapshotPaths(buildId);
  const elementPaths = snapshotPaths(elementFiles);
  const overlay: OverlaySize = {
    elements: places.sections.overlayElements.length,
    bytes: places.overlay.length,
    partFiles: overlayParts.length,
    partBytes: overlayParts.reduce((sum, [, bytes]) => sum + bytes.length, 0),
  };
  const header: IndexHeader = {
    layoutVersion: LAYOUT_VERSION,
    buildId,
    elementCount: published.length,
    titleCount: titles.count,
    blockCount: places.blocks,
    runCount: places.runs,
    groupCount: places.groups,
    elementFiles,
    overlay,
    sections: table,
    slugs,
    years,
    openData: {
      ...openData.header,
      ...partFileCounts((kind) => places.partFiles[kind.name]),
      sections: openDataTable,
    },
  };

  const files = new Map<string, Uint8Array>();
  for (const { name } of REFERENCE_LISTS) files.set(paths.list(name), listBytes[name]);
  for (const { name } of DOCUMENTATION_FILES)
    files.set(paths.documentation(name), documentation[name]);
  newFiles.blocks.forEach((bytes, block) => files.set(elementPaths.block(block), bytes));
  newFiles.runs.forEach((bytes, run) => files.set(elementPaths.run(run), bytes));
  newFiles.groups.forEach((bytes, group) => files.set(elementPaths.group(group), bytes));
  for (const kind of PART_KINDS)
    newFiles.parts[kind.name].forEach((bytes, file) =>
      files.set(kind.path(elementFiles, file), bytes),
    );
  if (overlay.elements > 0) files.set(paths.overlay, places.overlay);
  for (const [path, bytes] of overlayParts) files.set(`${SNAPSHOT_DIR}/${buildId}/${path}`, bytes);
  dump.forEach((part, n) => files.set(paths.dumpPart(n), part.bytes));
  files.set(paths.titles, content.get('titles')!);
  files.set(paths.words, content.get('words')!);
  for (const [shard, bytes] of resourceShards) files.set(paths.resourceShard(shard), bytes);
  files.set(paths.indexBinary, indexBytes);
  files.set(paths.ids, content.get('ids')!);
  files.set(paths.idSections, content.get('id-sections')!);
  files.set(paths.keys, content.get('keys')!);
  files.set(paths.index, encoder.encode(JSON.stringify(header)));
  files.set(paths.openData, openDataBinary);
  files.set(paths.packageNames, openData.namesText);

  const manifest: Manifest = {
    layoutVersion: LAYOUT_VERSION,
    buildId,
    counts: {
      elementsRead: catalogue.stats.elementsRead,
      elementsPublished: published.length,
      titles: titles.count,
      blocks: places.blocks,
      runs: places.runs,
      groups: places.groups,
      ...(Object.fromEntries(
        REFERENCE_LISTS.map(({ name }) => [name, lists[name].length]),
      ) as Record<ReferenceListName, number>),
    },
    lists: Object.fromEntries(
      REFERENCE_LISTS.map(({ name }) => [name, fileEntry(buildId, name, listBytes[name])]),
    ) as Manifest['lists'],
    documentation: Object.fromEntries(
      DOCUMENTATION_FILES.map(({ name }) => [name, fileEntry(buildId, name, documentation[name])]),
    ) as Manifest['documentation'],
    dump: dump.map((part) => dumpPartEntry(buildId, part)),
  };
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)));
  for (const [path, bytes] of files) {
    // a static asset may have 25 MiB at most: a deploy would fail later, and less clearly
    if (bytes.length > MAX_FILE_BYTES)
      throw new Error(
        `${path} would be ${(bytes.length / 1048576).toFixed(1)} MiB; a snapshot file holds at most ${MAX_FILE_BYTES / 1048576} MiB (docs/architecture.md, "Element bytes, three times")`,
      );
  }
  // the ledger sits beside the snapshot for the next build; .assetsignore keeps it off the deploy
  files.set(DATES_LEDGER_PATH, encoder.encode(JSON.stringify(ledger)));
  files.set(ASSETS_IGNORE_PATH, encoder.encode(`${BUILD_DIR}\n`));
  // the base the next build may build on: this one's, carried, or the one this build starts
  const base = placing.ok
    ? options.base!.description
    : describeBase(elementFiles, published, openData.parts, places);
  files.set(BASE_DESCRIPTION_PATH, encoder.encode(JSON.stringify(base)));
  // and so does the list of what is deployed, which the next build compares its own with
  const carried = placing.ok ? options.base!.files : [];
  const uploads = [...uploadManifestOf(files), ...carried].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  files.set(UPLOAD_MANIFEST_PATH, encodeUploadManifest(uploads));
  return {
    files,
    manifest,
    dates,
    ledger,
    uploads,
    carried: placing.ok
      ? { folder: options.base!.folder, paths: carried.map((file) => file.path) }
      : undefined,
    placing: {
      baseId: elementFiles,
      onBase: placing.ok,
      reason: placing.ok ? undefined : placing.reason,
      overlay,
    },
  };
}

/** SOURCE_DATE_EPOCH when set (reproducible builds), otherwise now. */
export function defaultBuildTime(): number {
  const fixed = process.env.SOURCE_DATE_EPOCH;
  if (fixed !== undefined && /^\d+$/.test(fixed)) return Number(fixed);
  return Math.floor(Date.now() / 1000);
}

/** A served file's strong ETag value (the snapshot and the bytes) and length. */
const fileEntry = (buildId: string, name: string, bytes: Uint8Array) => ({
  etag: `${buildId}-${contentHash([[name, bytes]]).slice(0, 16)}`,
  bytes: bytes.length,
});

/** A dump part in the manifest: what /api/v1/dump lists, and the part's strong ETag. */
const dumpPartEntry = (
  buildId: string,
  { bytes, elements, sha256 }: CompressedPart,
): DumpPartEntry => ({
  etag: `${buildId}-${sha256.slice(0, 16)}`,
  bytes: bytes.length,
  elements,
  sha256,
});

/**
 * The part files of a build on a base (ElementPlaces.overlayParts), by path under its build
 * folder: numbered after the base's files of their kind, which the Worker reads them among.
 */
function overlayPartFiles(places: ElementPlaces): [string, Uint8Array][] {
  const under = (path: string) => path.slice(`${SNAPSHOT_DIR}//`.length);
  return PART_KINDS.flatMap((kind) =>
    places.overlayParts[kind.name].map((bytes, n): [string, Uint8Array] => [
      under(kind.path('', places.partFiles[kind.name] + n)),
      bytes,
    ]),
  );
}

/** A new base's folder name: the hash of its files. */
function elementFilesId(files: ElementFiles): string {
  const entries: [string, Uint8Array][] = [
    ...files.blocks.map((bytes, n): [string, Uint8Array] => [`block/${n}`, bytes]),
    ...files.runs.map((bytes, n): [string, Uint8Array] => [`run/${n}`, bytes]),
    ...files.groups.map((bytes, n): [string, Uint8Array] => [`group/${n}`, bytes]),
    ...PART_KINDS.flatMap((kind) =>
      files.parts[kind.name].map((bytes, n): [string, Uint8Array] => [
        `${kind.contentKey}/${n}`,
        bytes,
      ]),
    ),
  ];
  return contentHash(entries).slice(0, 16);
}

function contentHash(entries: [string, Uint8Array][]): string {
  const hash = createHash('sha256');
  for (const [path, bytes] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** The element bytes and parts in files of this build's own: a new base. */
function freshPlaces(
  published: PublishedElement[],
  parts: PartsByKind,
  orders: PartOrders,
  sizes: TierSizes,
): ElementPlaces {
  const tiers = buildTiers(published, sizes);
  const groups = buildGroups(published, sizes);
  const stored = byKind((kind) =>
    storeKind(kind, parts[kind.name], orders[kind.order], sizes.packageFileBytes),
  );
  const none = new Uint32Array(0);
  return {
    baseId: undefined,
    files: {
      blocks: tiers.blocks,
      runs: tiers.runs,
      groups: groups.groups,
      parts: byKind((kind) => stored[kind.name].files),
    },
    blocks: tiers.blocks.length,
    runs: tiers.runs.length,
    groups: groups.groups.length,
    partFiles: byKind((kind) => stored[kind.name].files.length),
    sections: {
      elementBlock: tiers.elementBlock,
      elementStart: tiers.elementStart,
      blockLength: Uint32Array.from(tiers.blocks, (bytes) => bytes.length),
      runFirstBlock: tiers.runFirstBlock,
      blockRun: tiers.blockRun,
      blockRunOffset: tiers.blockRunOffset,
      elementGroup: groups.elementGroup,
      elementGroupStart: groups.elementGroupStart,
      groupLength: Uint32Array.from(groups.groups, (bytes) => bytes.length),
      overlayElements: none,
      overlayElementStart: none,
    },
    partSections: storedSections(stored),
    overlayParts: noPartFiles(),
    overlay: new Uint8Array(0),
  };
}

/** A value for every kind of part. */
const byKind = <T>(value: (kind: PartKindRow) => T) =>
  Object.fromEntries(PART_KINDS.map((kind) => [kind.name, value(kind)])) as Record<PartKindName, T>;

/**
 * Elements in catalogue order, joined by "," into blocks; consecutive blocks joined by "," into
 * runs. An answer's bytes are then ranges of blocks, or of runs, in the order it streams them.
 */
export function buildTiers(published: PublishedElement[], sizes: TierSizes = {}) {
  const totalBytes = published.reduce((sum, element) => sum + element.byteLength + 1, 0);
  const blockTarget =
    sizes.blockBytes ?? Math.max(MIN_BLOCK_BYTES, Math.ceil(totalBytes / MAX_BLOCK_FILES));
  const runTarget = Math.min(
    MAX_FILE_BYTES,
    sizes.runBytes ?? Math.max(MIN_RUN_BYTES, Math.ceil(totalBytes / MAX_RUNS)),
  );
  const elementBlock = new Uint32Array(published.length);
  const elementStart = new Uint32Array(published.length);
  const elementLength = new Uint32Array(published.length);
  const blocks: Uint8Array[] = [];
  const blockParts = groupInOrder(published, (element) => element.byteLength, blockTarget);
  for (const { first, count } of blockParts) {
    let offset = 0;
    for (let i = first; i < first + count; i++) {
      elementBlock[i] = blocks.length;
      elementStart[i] = offset;
      elementLength[i] = published[i]!.byteLength;
      offset += published[i]!.byteLength + 1;
    }
    blocks.push(
      encoder.encode(
        published
          .slice(first, first + count)
          .map((element) => element.json)
          .join(','),
      ),
    );
  }
  for (const bytes of blocks) {
    if (bytes.length > MAX_FILE_BYTES)
      throw new Error(
        `an element is ${(bytes.length / 1048576).toFixed(1)} MiB serialized; a snapshot file holds at most ${MAX_FILE_BYTES / 1048576} MiB`,
      );
  }
  const runParts = groupInOrder(blocks, (bytes) => bytes.length, runTarget);
  const runFirstBlock = Uint32Array.from([...runParts.map(({ first }) => first), blocks.length]);
  const blockRun = new Uint32Array(blocks.length);
  const blockRunOffset = new Uint32Array(blocks.length);
  const runs = runParts.map(({ first, count }, run) => {
    let offset = 0;
    for (let block = first; block < first + count; block++) {
      blockRun[block] = run;
      blockRunOffset[block] = offset;
      offset += blocks[block]!.length + COMMA.length;
    }
    return joinBytes(blocks.slice(first, first + count), COMMA);
  });
  return {
    blocks,
    runs,
    runFirstBlock,
    blockRun,
    blockRunOffset,
    elementBlock,
    elementStart,
    elementLength,
  };
}

/**
 * The element bytes again, ordered by data source (in the list's order), then catalogue order,
 * joined by "," into groups; each element's group and byte offset in it.
 */
export function buildGroups(published: PublishedElement[], sizes: TierSizes = {}) {
  const totalBytes = published.reduce((sum, element) => sum + element.byteLength + 1, 0);
  const groupTarget = Math.min(
    MAX_FILE_BYTES,
    sizes.groupBytes ?? Math.max(MIN_GROUP_BYTES, Math.ceil(totalBytes / MAX_GROUPS)),
  );
  const order = Uint32Array.from(published.keys()).sort(
    (a, b) => published[a]!.refs.dataSource[0]! - published[b]!.refs.dataSource[0]! || a - b,
  );
  const ordered = Array.from(order, (e) => published[e]!);
  const elementGroup = new Uint32Array(published.length);
  const elementGroupStart = new Uint32Array(published.length);
  const groups = groupInOrder(ordered, (element) => element.byteLength, groupTarget).map(
    ({ first, count }, group) => {
      let offset = 0;
      for (let i = first; i < first + count; i++) {
        elementGroup[order[i]!] = group;
        elementGroupStart[order[i]!] = offset;
        offset += ordered[i]!.byteLength + 1;
      }
      return encoder.encode(
        ordered
          .slice(first, first + count)
          .map((element) => element.json)
          .join(','),
      );
    },
  );
  return { groups, elementGroup, elementGroupStart };
}

/**
 * Consecutive items into groups of about `target` bytes (an item larger than that is a group
 * alone).
 */
function groupInOrder<T>(items: T[], sizeOf: (item: T) => number, target: number) {
  const groups: { first: number; count: number }[] = [];
  let bytes = 0;
  items.forEach((item, i) => {
    const size = sizeOf(item);
    const last = groups[groups.length - 1];
    if (last && bytes + 1 + size <= target) {
      last.count++;
      bytes += 1 + size;
    } else {
      groups.push({ first: i, count: 1 });
      bytes = size;
    }
  });
  return groups;
}

const COMMA = encoder.encode(',');

/** Distinct titles in order of first use, and each element's title number. */
export function buildTitleIndex(published: PublishedElement[]) {
  const numberOf = new Map<string, number>();
  const distinct: string[] = [];
  const elementTitle = new Uint32Array(published.length);
  published.forEach(({ title }, i) => {
    let n = numberOf.get(title);
    if (n === undefined) {
      n = distinct.length;
      numberOf.set(title, n);
      distinct.push(title);
    }
    elementTitle[i] = n;
  });
  return { distinct, elementTitle, count: distinct.length };
}

/** Element ids in code-unit order, for looking one up by binary search. */
export function buildIdIndex(published: PublishedElement[]) {
  const idOrder = Uint32Array.from(published.keys()).sort((a, b) =>
    compareCodeUnits(published[a]!.id, published[b]!.id),
  );
  const idStart = new Uint32Array(published.length + 1);
  let offset = 0;
  idOrder.forEach((e, i) => {
    idStart[i] = offset;
    offset += published[e]!.id.length;
  });
  idStart[published.length] = offset;
  return { idOrder, idStart, text: Array.from(idOrder, (e) => published[e]!.id).join('') };
}

/** For each year (ascending), the elements that have a table for it. */
export function buildYearPostings(published: PublishedElement[], years: number[]) {
  const yearNumber = new Map(years.map((year, y) => [year, y]));
  const perYear: number[][] = years.map(() => []);
  published.forEach((element, i) =>
    element.years.forEach((year) => perYear[yearNumber.get(year)!]!.push(i)),
  );
  return { yearPostingStart: csrStarts(perYear), yearPostings: Uint32Array.from(perYear.flat()) };
}

function csrStarts(perItem: number[][]): Uint32Array {
  const start = new Uint32Array(perItem.length + 1);
  perItem.forEach((postings, item) => (start[item + 1] = start[item]! + postings.length));
  return start;
}

const POSTING_DIMENSIONS: readonly PostingDimension[] = [
  ...REFERENCE_LISTS.map(({ name }) => name),
  'year',
];

/** A dimension's dense posting lists as bitmaps too (IndexSections.categoryBitmapOf …). */
function denseBitmaps(
  sections: Pick<IndexSections, `${PostingDimension}${'PostingStart' | 'Postings'}`>,
  dimension: PostingDimension,
  elementCount: number,
) {
  const names = postingSections(dimension);
  const start = sections[names.start];
  const postings = sections[names.postings];
  const items = start.length - 1;
  const bitmapOf = new Uint32Array(items);
  let count = 0;
  for (let n = 0; n < items; n++)
    if (isDense(start[n + 1]! - start[n]!, elementCount)) bitmapOf[n] = ++count;
  const words = bitmapWords(elementCount);
  const bitmaps = new Uint32Array(count * words);
  for (let n = 0; n < items; n++) {
    if (bitmapOf[n] === 0) continue;
    const base = (bitmapOf[n]! - 1) * words;
    for (let i = start[n]!; i < start[n + 1]!; i++) {
      const e = postings[i]!;
      bitmaps[base + (e >>> 5)] = bitmaps[base + (e >>> 5)]! | (1 << (e & 31));
    }
  }
  return { [names.bitmapOf]: bitmapOf, [names.bitmaps]: bitmaps };
}

/** Per list, for each item (by position), the sorted numbers of the elements that reference it. */
export function buildPostingLists(
  published: PublishedElement[],
  lists: CompiledCatalogue['lists'],
) {
  const sections = {} as Record<string, Uint32Array>;
  for (const { name } of REFERENCE_LISTS) {
    const perItem: number[][] = lists[name].map(() => []);
    published.forEach((element, i) => {
      for (const position of element.refs[name]) {
        const postings = perItem[position]!;
        if (postings[postings.length - 1] !== i) postings.push(i);
      }
    });
    const { start: startName, postings: postingsName } = postingSections(name);
    sections[startName] = csrStarts(perItem);
    sections[postingsName] = Uint32Array.from(perItem.flat());
  }
  return sections as Pick<IndexSections, `${ReferenceListName}${'PostingStart' | 'Postings'}`>;
}
