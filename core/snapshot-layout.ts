// The layout of the snapshot in dist/: the one place that says where each file lives and how
// the binary index is laid out, so the generator (writer) and the Worker (reader) agree.
//
//   _snapshot/manifest.json                   fixed path: build id, counts, list ETags
//   _snapshot/<buildId>/lists/<list>.json      ready-to-serve reference lists
//   _snapshot/<buildId>/index.json             section table of index.bin, slugs, years, tiers
//   _snapshot/<buildId>/index.bin              Uint32 sections (see IndexSections)
//   _snapshot/<buildId>/titles.bin             the title search index of the distinct titles (worker/title-search)
//   _snapshot/<buildId>/words.bin              the word search index (`q`, core/word-index.ts)
//   _snapshot/<buildId>/keys.bin               Uint32 [N × 10]: where each key of each element starts
//   _snapshot/<buildId>/ids.bin                Uint32 [N] idOrder, then [N+1] idStart (see IdSections)
//   _snapshot/<buildId>/ids.txt                element ids in code-unit order, concatenated
//   _snapshot/<buildId>/blocks/<n>.json        small blocks: published elements joined by ","
//   _snapshot/<buildId>/runs/<n>.json          large runs: consecutive blocks joined by ","
//   _snapshot/<buildId>/groups/<n>.json        groups: elements in data-source order joined by ","
//   _snapshot/<buildId>/dump/<n>.jsonl.gz      the whole catalogue to download (docs/harvest.md §13.3):
//                                              gzip'd JSON Lines, served as they are
//   _snapshot/<buildId>/docs/<file>            the API's description: openapi.json and the page
//   _snapshot/<buildId>/open-data.bin          part three: dates, CKAN sort orders, packages' places
//   _snapshot/<buildId>/names.txt              part three: CKAN names in name order
//   _snapshot/<buildId>/packages/<n>.json      part three: CKAN packages in _id order (open-data/layout.ts)
//   _snapshot/<buildId>/dcat/ttl/<n>.ttl       part three: each element's DCAT dataset part, catalogue
//   _snapshot/<buildId>/dcat/jsonld/<n>.jsonld   order (open-data/layout.ts); the base's, like packages
//   _snapshot/<buildId>/overlay/elements.json  elements changed since the base (see below), joined by ","
//   _snapshot/<buildId>/resources/<xx>.txt     the DataStore's resource ids, by their first two hex
//                                              digits (core/datastore/resource-index.ts)
//   _build/dates.json                          not deployed (.assetsignore): the dates ledger the
//                                              next build carries dates forward from (docs/harvest.md §12)
//   _build/upload.json                         not deployed: every deployed file's path, SHA-256 and
//                                              size, that the next build compares its own with to
//                                              say what a deploy will upload (generator/upload-report.ts)
//   _build/base.json                           not deployed: the base's element files and where each
//                                              element and package lies in them (generator/base-snapshot.ts)
//
// Element bytes exist three times: in catalogue order, small blocks (tens of KiB) for answers that
// need a few elements, and large runs (MiB; each the concatenation of consecutive blocks) that a
// broad answer streams through, so no answer needs more than a bounded number of reads; and in
// data-source order, groups (a few MiB) that a mid-size answer gathers its elements from when
// they lie together there (a data source's elements, the words of its titles), reading far less
// than the runs would (docs/operations.md §10: within the free plan's 50 subrequests and 10 ms).
// words.bin, keys.bin and ids.bin/ids.txt are read only by the requests that need them (a word
// search, a projection, one element by id), so a fresh isolate's first search loads less.
// Everything but the manifest sits under the build id, so an isolate holding an older index
// can never read a newer file by mistake: it gets a 404 and reloads. The element files (blocks,
// runs, groups, packages) sit under a folder of their own, named by their content hash
// (IndexHeader.elementFiles), which they never change under.
//
// Base and overlay (issue 34): a deploy uploads only the files whose bytes are new, and every file
// of element bytes (blocks, runs, groups, packages) holding one changed element would be new. So a
// build may keep a previous build's element files as they are (its base) and write only the
// elements that differ from the base's copies into an overlay file, which the Worker holds in
// memory and serves in place of the stale copies. The CKAN packages and DCAT dataset parts (the
// kinds of stored part, open-data/part-kinds.ts) that differ from the base's go to part files of
// the build's own, numbered after the base's.
// The index files, the dump and the overlay are written anew every time. A build starts a new
// base when the overlay would pass its cap (generator/base-snapshot.ts).
import type { DocumentationFileName, ReferenceListName } from './contract.ts';
import type { OpenDataHeader } from './open-data/layout.ts';

export const SNAPSHOT_DIR = '_snapshot';
export const MANIFEST_PATH = `${SNAPSHOT_DIR}/manifest.json`;
/** The build's own files, beside the snapshot and never deployed (listed in .assetsignore). */
export const BUILD_DIR = '_build';
export const DATES_LEDGER_PATH = `${BUILD_DIR}/dates.json`;
export const UPLOAD_MANIFEST_PATH = `${BUILD_DIR}/upload.json`;
export const BASE_DESCRIPTION_PATH = `${BUILD_DIR}/base.json`;
export const ASSETS_IGNORE_PATH = '.assetsignore';
/** Bumped whenever the layout below changes incompatibly. */
export const LAYOUT_VERSION = 14;

export const snapshotPaths = (buildId: string) => {
  const root = `${SNAPSHOT_DIR}/${buildId}`;
  const numbered = (n: number) => String(n).padStart(5, '0');
  return {
    list: (list: ReferenceListName) => `${root}/lists/${list}.json`,
    index: `${root}/index.json`,
    indexBinary: `${root}/index.bin`,
    titles: `${root}/titles.bin`,
    words: `${root}/words.bin`,
    keys: `${root}/keys.bin`,
    idSections: `${root}/ids.bin`,
    ids: `${root}/ids.txt`,
    block: (block: number) => `${root}/blocks/${numbered(block)}.json`,
    run: (run: number) => `${root}/runs/${numbered(run)}.json`,
    group: (group: number) => `${root}/groups/${numbered(group)}.json`,
    dumpPart: (part: number) => `${root}/dump/${numbered(part)}.jsonl.gz`,
    documentation: (name: DocumentationFileName) => `${root}/docs/${name}`,
    /** Part three (core/open-data/layout.ts). */
    openData: `${root}/open-data.bin`,
    packageNames: `${root}/names.txt`,
    packageFile: (file: number) => `${root}/packages/${numbered(file)}.json`,
    datasetPartFile: (syntax: 'turtle' | 'jsonLd', file: number) =>
      syntax === 'turtle'
        ? `${root}/dcat/ttl/${numbered(file)}.ttl`
        : `${root}/dcat/jsonld/${numbered(file)}.jsonld`,
    overlay: `${root}/overlay/elements.json`,
    /** The DataStore's resource index, by shard (core/datastore/resource-index.ts). */
    resourceShard: (shard: string) => `${root}/resources/${shard}.txt`,
  };
};

export interface Manifest {
  layoutVersion: number;
  buildId: string;
  counts: {
    elementsRead: number;
    elementsPublished: number;
    titles: number;
    blocks: number;
    runs: number;
    groups: number;
  } & Record<ReferenceListName, number>;
  /** Each list file's strong ETag value (without quotes) and byte length. */
  lists: Record<ReferenceListName, FileEntry>;
  /** The same for each documentation file. */
  documentation: Record<DocumentationFileName, FileEntry>;
  /** The parts of the whole-catalogue download, in order (none when nothing is published). */
  dump: DumpPartEntry[];
}

export interface FileEntry {
  etag: string;
  bytes: number;
}

export interface DumpPartEntry extends FileEntry {
  /** Elements it holds (one a line), and the SHA-256 of its bytes as served, in hex. */
  elements: number;
  sha256: string;
}

/** Where the dump's parts are served: `/api/v1/dump/part-00001.jsonl.gz` is part 0. */
export const DUMP_ENDPOINT = '/api/v1/dump';
export const dumpPartName = (part: number) => `part-${String(part + 1).padStart(5, '0')}.jsonl.gz`;
/** The part a public name stands for (0-based), or undefined for a name no part can have. */
export function dumpPartNumber(name: string): number | undefined {
  const match = /^part-(\d{5})\.jsonl\.gz$/.exec(name);
  const part = match ? Number(match[1]) - 1 : -1;
  return part >= 0 ? part : undefined;
}

/**
 * Uint32 sections of index.bin. N = published elements (in catalogue order), T = distinct titles,
 * B = blocks, R = runs, G = groups, Y = distinct years, S = slugs of a list.
 */
export interface IndexSections {
  /** [N] block of each element; blocks are in catalogue order, so this never decreases. */
  elementBlock: Uint32Array;
  /** [N] byte offset of each element inside its block, and its byte length. */
  elementStart: Uint32Array;
  elementLength: Uint32Array;
  /** [N] distinct-title number of each element (its position in the title search index). */
  elementTitle: Uint32Array;
  /** [B] byte length of each block. */
  blockLength: Uint32Array;
  /** [R+1] first block of each run; run r holds blocks runFirstBlock[r] .. runFirstBlock[r+1]-1. */
  runFirstBlock: Uint32Array;
  /**
   * [B] run of each block, and the block's byte offset in that run (a run is its blocks joined by
   * ","): written here so that a fresh isolate does not work them out on its first request.
   */
  blockRun: Uint32Array;
  blockRunOffset: Uint32Array;
  /** [N] group of each element (groups are in data-source order), and its byte offset there. */
  elementGroup: Uint32Array;
  elementGroupStart: Uint32Array;
  /** [G] byte length of each group. */
  groupLength: Uint32Array;
  /**
   * [K] the elements whose bytes the overlay holds (ascending), and where each starts in
   * overlay/elements.json. Their places above (block, group) are their neighbours', never read.
   */
  overlayElements: Uint32Array;
  overlayElementStart: Uint32Array;
  /**
   * Per list, CSR posting lists: elements of slug s are postings[postingStart[s] ..
   * postingStart[s+1]).
   */
  categoryPostingStart: Uint32Array;
  categoryPostings: Uint32Array;
  dataSourcePostingStart: Uint32Array;
  dataSourcePostings: Uint32Array;
  sectorPostingStart: Uint32Array;
  sectorPostings: Uint32Array;
  fieldPostingStart: Uint32Array;
  fieldPostings: Uint32Array;
  /** Elements with a table for year y (years in IndexHeader.years order), CSR like the lists. */
  yearPostingStart: Uint32Array;
  yearPostings: Uint32Array;
  /**
   * Per dimension, the dense posting lists again as bitmaps (see isDense): [S or Y] 1 + the
   * item's bitmap number, 0 for a list kept only as a list; then the bitmaps, ceil(N / 32) words
   * each (bit e of word e >> 5). Two dense filters are intersected by ANDing words, not by merging
   * lists many times longer.
   */
  categoryBitmapOf: Uint32Array;
  categoryBitmaps: Uint32Array;
  dataSourceBitmapOf: Uint32Array;
  dataSourceBitmaps: Uint32Array;
  sectorBitmapOf: Uint32Array;
  sectorBitmaps: Uint32Array;
  fieldBitmapOf: Uint32Array;
  fieldBitmaps: Uint32Array;
  yearBitmapOf: Uint32Array;
  yearBitmaps: Uint32Array;
}
export type SectionName = keyof IndexSections;

/**
 * keys.bin: [N × 10] where each top-level key of an element starts (`"key":…`), as a byte offset
 * from the element's start; key k ends one byte (the comma or the closing brace) before the next.
 */
export type ElementKeyStarts = Uint32Array;

/**
 * ids.bin: [N] elements in code-unit order of their _id, then [N+1] UTF-16 offset of each id (in
 * that order) in ids.txt.
 */
export interface IdSections {
  idOrder: Uint32Array;
  idStart: Uint32Array;
}

export function encodeIdSections({ idOrder, idStart }: IdSections): Uint8Array {
  const words = new Uint32Array(idOrder.length + idStart.length);
  words.set(idOrder, 0);
  words.set(idStart, idOrder.length);
  return new Uint8Array(words.buffer);
}

export function decodeIdSections(buffer: ArrayBuffer, elementCount: number): IdSections {
  if (buffer.byteLength !== (2 * elementCount + 1) * 4)
    throw new Error('ids.bin: unexpected length');
  return {
    idOrder: new Uint32Array(buffer, 0, elementCount),
    idStart: new Uint32Array(buffer, elementCount * 4, elementCount + 1),
  };
}
export type PostingDimension = ReferenceListName | 'year';

export const postingSections = (dimension: PostingDimension) =>
  ({
    start: `${dimension}PostingStart`,
    postings: `${dimension}Postings`,
    bitmapOf: `${dimension}BitmapOf`,
    bitmaps: `${dimension}Bitmaps`,
  }) as const satisfies Record<string, SectionName>;

/** Words of an element bitmap. */
export const bitmapWords = (elementCount: number) => (elementCount + 31) >>> 5;

/** A posting list is also stored as a bitmap when the bitmap is the smaller of the two. */
export const isDense = (listLength: number, elementCount: number) =>
  listLength > bitmapWords(elementCount);

export interface IndexHeader {
  layoutVersion: number;
  buildId: string;
  elementCount: number;
  titleCount: number;
  blockCount: number;
  runCount: number;
  groupCount: number;
  /** The folder (under _snapshot/) of the blocks, runs, groups and packages this index reads. */
  elementFiles: string;
  /** What the overlay holds: elements and their bytes; and how many packages are stale. */
  overlay: OverlaySize;
  /** Offset and length of each section, in Uint32 units from the start of index.bin. */
  sections: Record<SectionName, { offset: number; length: number }>;
  /** Slugs of each list in catalogue order; slug number s owns posting list s. */
  slugs: Record<ReferenceListName, string[]>;
  /**
   * Every year some published element has a table for, ascending; year number y owns posting list
   * y.
   */
  years: number[];
  /** Part three: the catalogue's identity, CKAN's names, open-data.bin's sections. */
  openData: OpenDataHeader;
}

export interface OverlaySize {
  elements: number;
  bytes: number;
  /** Files of the packages and DCAT dataset parts that differ from the base's, and their bytes. */
  partFiles: number;
  partBytes: number;
}

/** Packs the sections into one little-endian buffer (every Workers host is little-endian). */
export function encodeIndexSections<S extends Record<keyof S, Uint32Array>>(
  sections: S,
): {
  bytes: Uint8Array;
  table: Record<keyof S, { offset: number; length: number }>;
} {
  const names = Object.keys(sections) as (keyof S)[];
  const total = names.reduce((sum, name) => sum + sections[name].length, 0);
  const words = new Uint32Array(total);
  const table = {} as Record<keyof S, { offset: number; length: number }>;
  let offset = 0;
  for (const name of names) {
    words.set(sections[name], offset);
    table[name] = { offset, length: sections[name].length };
    offset += sections[name].length;
  }
  return { bytes: new Uint8Array(words.buffer), table };
}

/** Views over index.bin, no copy. Throws when the table does not fit the buffer. */
export function decodeIndexSections<S extends Record<keyof S, Uint32Array> = IndexSections>(
  buffer: ArrayBuffer,
  table: Record<keyof S, { offset: number; length: number }>,
  file = 'index.bin',
): S {
  const words = buffer.byteLength / 4;
  const sections = {} as S;
  for (const [name, { offset, length }] of Object.entries(table) as [
    keyof S,
    { offset: number; length: number },
  ][]) {
    if (!Number.isInteger(words) || offset + length > words)
      throw new Error(`${file}: section ${String(name)} out of bounds`);
    sections[name] = new Uint32Array(buffer, offset * 4, length) as S[keyof S];
  }
  return sections;
}
