// Where the element bytes and the packages lie (core/snapshot-layout.ts, "Base and overlay"): in
// files of this build's own (a new base), or in a previous build's files carried as they are,
// with what changed since in the overlay. A deploy uploads only new bytes, and a file of element
// bytes holding one changed element is new: after 1% of the elements change, scattered, nearly
// every block, run, group and package file would be (bench/HISTORY.md, "Nightly churn").
//
// Every build writes _build/base.json (not deployed): the base's folder, its files' geometry,
// and per element of the base its _id, a hash of its bytes and of its parts' (per group of part
// kinds, core/open-data/part-kinds.ts), and their places. The next build reads it from the
// snapshot it replaces (or --base DIR) and keeps an element's place when its bytes are the
// base's, in catalogue order (the base's copies of the elements it keeps must stay in ascending
// order, as runs are read forwards); every other element goes to the overlay. A part (a package,
// a DCAT dataset part) changes with its element (its bytes, its dates): the changed ones are
// stored in part files of the build's own, numbered after the base's (ElementPlaces.overlayParts),
// read as the base's are. When the overlay would pass its cap, or a part changed while its
// element did not (the catalogue's identity, a data source's name, a category), the build starts
// a new base instead.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASE_DESCRIPTION_PATH,
  LAYOUT_VERSION,
  snapshotPaths,
  type IndexSections,
} from '../core/snapshot-layout.ts';
import type { OpenDataSections } from '../core/open-data/layout.ts';
import {
  PART_GROUPS,
  PART_KINDS,
  baseFileCount,
  groupKinds,
  partFileCounts,
  partSections,
  type PartFileCounts,
  type PartGroup,
  type PartGroupName,
  type PartKindName,
} from '../core/open-data/part-kinds.ts';
import type { PartsByKind, StoredPartSection } from './build-open-data.ts';
import { storeKind, storedSections, type PartOrders } from './store-parts.ts';
import type { PublishedElement } from './compile-catalogue.ts';
import { joinBytes } from './join-bytes.ts';
import type { UploadedFile } from './upload-report.ts';

/**
 * The overlay's cap: the Worker holds it in every isolate, in place of as much of the element
 * cache (worker/memory.ts). About 5,000 elements of 2.4 KB (6% of the 86,140 published of a
 * 100,000-element catalogue) changed since the base.
 */
export const OVERLAY_MAX_BYTES = 12 * 1024 * 1024;

/** Where every element's bytes and every part lie, and the files that hold them. */
export interface ElementPlaces {
  /** The build folder of the element files: undefined for this build's own (a new base). */
  baseId: string | undefined;
  /** A new base's files (none when the base's are carried). */
  files: ElementFiles;
  /** The counts of the element files, for the manifest and the index header. */
  blocks: number;
  runs: number;
  groups: number;
  /** Each kind's part files in the base (those of the build's own come after them). */
  partFiles: Record<PartKindName, number>;
  sections: Pick<
    IndexSections,
    | 'elementBlock'
    | 'elementStart'
    | 'blockLength'
    | 'runFirstBlock'
    | 'blockRun'
    | 'blockRunOffset'
    | 'elementGroup'
    | 'elementGroupStart'
    | 'groupLength'
    | 'overlayElements'
    | 'overlayElementStart'
  >;
  partSections: Pick<OpenDataSections, StoredPartSection>;
  overlay: Uint8Array;
  /**
   * The parts of a build on a base that differ from the base's copies, in files of this build's
   * own, numbered after the base's files of their kind.
   */
  overlayParts: PartFiles;
}

/** Files of stored parts, by kind (core/open-data/part-kinds.ts). */
export type PartFiles = Record<PartKindName, Uint8Array[]>;

export interface ElementFiles {
  blocks: Uint8Array[];
  runs: Uint8Array[];
  groups: Uint8Array[];
  parts: PartFiles;
}

/** No part files. */
export const noPartFiles = () =>
  Object.fromEntries(PART_KINDS.map(({ name }) => [name, []])) as unknown as PartFiles;

/** _build/base.json. Arrays by base element (the base's catalogue order) unless said. */
export interface BaseDescription extends PartFileCounts, PartFileGeometry, PartPlaces {
  layoutVersion: number;
  baseId: string;
  blocks: number;
  runs: number;
  groups: number;
  /** [B], [R+1], [B], [B], [G]: the files' geometry (IndexSections). */
  blockLength: number[];
  runFirstBlock: number[];
  blockRun: number[];
  blockRunOffset: number[];
  groupLength: number[];
  id: string[];
  hash: string[];
  block: number[];
  start: number[];
  group: number[];
  groupStart: number[];
}

/** Per kind, the byte length of each of its files (`packageFileLength`: [P], …). */
type PartFileGeometry = { [K in PartKindName as `${K}FileLength`]: number[] };
/**
 * Per group of kinds, a hash of the element's parts (`packageHash`, `datasetHash`: both DCAT
 * syntaxes); per kind, where each part lies (`packageFile`, `packageStart`, …).
 */
type PartPlaces = { [G in PartGroupName as `${G}Hash`]: string[] } & {
  [K in PartKindName as `${K}${'File' | 'Start'}`]: number[];
};

/** A short content hash: compared only with the same element's in the base. */
const hashOf = (bytes: string | Uint8Array) =>
  createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
/** The hash of an element's parts of a group's kinds, NUL between two. */
const groupHashOf = (group: PartGroup, parts: PartsByKind, e: number) => {
  const hash = createHash('sha256');
  groupKinds(group).forEach(({ name }, i) => {
    if (i > 0) hash.update('\0');
    hash.update(parts[name][e]!);
  });
  return hash.digest('base64url').slice(0, 22);
};

/** The base a fresh build's own places make, to be written beside it. */
export function describeBase(
  baseId: string,
  published: readonly PublishedElement[],
  parts: PartsByKind,
  places: ElementPlaces,
): BaseDescription {
  const { sections, partSections: stored } = places;
  const list = (array: Uint32Array) => Array.from(array);
  // the keys in layout 13's order: the file lengths of every kind, then each group's hash and its
  // kinds' places
  const fileLengths = PART_KINDS.map(({ name }) => {
    const key = partSections(name).fileLength;
    return [key, list(stored[key])];
  });
  const groupPlaces = PART_GROUPS.flatMap((group) => [
    [`${group.name}Hash`, published.map((_, e) => groupHashOf(group, parts, e))],
    ...groupKinds(group).flatMap(({ name }) => {
      const { file, start } = partSections(name);
      return [
        [file, list(stored[file])],
        [start, list(stored[start])],
      ];
    }),
  ]);
  return {
    layoutVersion: LAYOUT_VERSION,
    baseId,
    blocks: places.blocks,
    runs: places.runs,
    groups: places.groups,
    ...partFileCounts((kind) => places.partFiles[kind.name]),
    blockLength: list(sections.blockLength),
    runFirstBlock: list(sections.runFirstBlock),
    blockRun: list(sections.blockRun),
    blockRunOffset: list(sections.blockRunOffset),
    groupLength: list(sections.groupLength),
    ...Object.fromEntries(fileLengths),
    id: published.map((element) => element.id),
    hash: published.map((element) => hashOf(element.json)),
    block: list(sections.elementBlock),
    start: list(sections.elementStart),
    group: list(sections.elementGroup),
    groupStart: list(sections.elementGroupStart),
    ...Object.fromEntries(groupPlaces),
  } as BaseDescription;
}

/** Every file of a base's element bytes, by its path in the snapshot. */
export function baseFiles(base: BaseDescription): string[] {
  const paths = snapshotPaths(base.baseId);
  const count = (n: number, path: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => path(i));
  return [
    ...count(base.blocks, paths.block),
    ...count(base.runs, paths.run),
    ...count(base.groups, paths.group),
    ...PART_KINDS.flatMap((kind) =>
      count(baseFileCount(base, kind), (n) => kind.path(base.baseId, n)),
    ),
  ];
}

/** A base to build on: its description, and its files with their hashes (to carry them). */
export interface Base {
  description: BaseDescription;
  folder: string;
  files: UploadedFile[];
}

export type BaseRead = { ok: true; base: Base } | { ok: false; reason: string };

/** The base a snapshot folder was built on, when all of its files are there to carry. */
export function readBase(folder: string): BaseRead {
  const path = join(folder, BASE_DESCRIPTION_PATH);
  if (!existsSync(path)) return { ok: false, reason: `${path} is not there` };
  let base: BaseDescription;
  try {
    base = JSON.parse(readFileSync(path, 'utf8')) as BaseDescription;
  } catch (error) {
    return { ok: false, reason: `${path}: ${(error as Error).message}` };
  }
  if (base?.layoutVersion !== LAYOUT_VERSION)
    return { ok: false, reason: `${path} describes another layout` };
  const paths = baseFiles(base);
  const missing = paths.find((file) => !existsSync(join(folder, file)));
  if (missing) return { ok: false, reason: `${missing} is missing from ${folder}` };
  const files = paths.map((file) => {
    const bytes = readFileSync(join(folder, file));
    return {
      path: file,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
    };
  });
  return { ok: true, base: { description: base, folder, files } };
}

export type BasePlacing = { ok: true; places: ElementPlaces } | { ok: false; reason: string };

/** What a build places on a base: the elements, their parts, and the parts' orders. */
export interface ToPlace {
  published: readonly PublishedElement[];
  parts: PartsByKind;
  orders: PartOrders;
  /** A part file's size (store-parts.ts). */
  partFileBytes: number;
}

/**
 * Every element placed on `base`: its copy there when its bytes are the same and it comes after
 * the copies kept before it, else the overlay; every part its copy there, or, when its group's
 * differ, in a part file of this build's own. Refused when the overlay would hold more than
 * `maxOverlayBytes`, or a part differs whose element does not.
 */
export function placeOnBase(
  { published, parts, orders, partFileBytes }: ToPlace,
  base: BaseDescription,
  maxOverlayBytes = OVERLAY_MAX_BYTES,
): BasePlacing {
  const n = published.length;
  const basePosition = new Map(base.id.map((id, i) => [id, i]));
  const elementBlock = new Uint32Array(n);
  const elementStart = new Uint32Array(n);
  const elementGroup = new Uint32Array(n);
  const elementGroupStart = new Uint32Array(n);
  const overlaid: number[] = [];
  let overlayBytes = 0;
  let lastKept = -1;
  for (let e = 0; e < n; e++) {
    const element = published[e]!;
    const b = basePosition.get(element.id);
    if (b !== undefined && b > lastKept && base.hash[b] === hashOf(element.json)) {
      lastKept = b;
      elementBlock[e] = base.block[b]!;
      elementStart[e] = base.start[b]!;
      elementGroup[e] = base.group[b]!;
      elementGroupStart[e] = base.groupStart[b]!;
      continue;
    }
    // placed where the copy kept before it is (blocks never decrease), and never read there
    if (lastKept >= 0) {
      elementBlock[e] = base.block[lastKept]!;
      elementStart[e] = base.start[lastKept]!;
    }
    overlaid.push(e);
    overlayBytes += element.byteLength + 1;
  }
  if (overlayBytes > maxOverlayBytes)
    return {
      ok: false,
      reason: `${overlaid.length} elements differ from the base: ${mib(overlayBytes)} MiB of overlay, over its ${mib(maxOverlayBytes)} MiB`,
    };

  const overlaidSet = new Set(overlaid);
  const stored = {} as Parameters<typeof storedSections>[0];
  const overlayParts = noPartFiles();
  for (const group of PART_GROUPS) {
    const kinds = groupKinds(group).map((kind) => {
      const { file, start } = partSections(kind.name);
      return {
        kind,
        file: new Uint32Array(n),
        start: new Uint32Array(n),
        baseFile: base[file],
        baseStart: base[start],
      };
    });
    const changed = new Set<number>();
    let stray = 0;
    const baseHash = base[`${group.name as PartGroupName}Hash`];
    for (let e = 0; e < n; e++) {
      const b = basePosition.get(published[e]!.id);
      if (b !== undefined && baseHash[b] === groupHashOf(group, parts, e)) {
        for (const { file, start, baseFile, baseStart } of kinds) {
          file[e] = baseFile[b]!;
          start[e] = baseStart[b]!;
        }
      } else {
        changed.add(e);
        if (!overlaidSet.has(e)) stray++;
      }
    }
    if (stray > 0)
      return {
        ok: false,
        reason: `${stray} ${group.parts} differ from the base while their elements do not (${group.changedBy} changed)`,
      };
    // the changed parts in files of this build's own, in their kind's order, numbered after the
    // base's; files of no part are not written
    for (const { kind, file, start } of kinds) {
      const order = orders[kind.order].filter((e) => changed.has(e));
      const own = storeKind(kind, parts[kind.name], order, partFileBytes);
      const baseFiles = baseFileCount(base, kind);
      for (const e of changed) {
        file[e] = baseFiles + own.file[e]!;
        start[e] = own.start[e]!;
      }
      overlayParts[kind.name] = changed.size === 0 ? [] : own.files;
      stored[kind.name] = {
        file,
        start,
        fileLength: Uint32Array.from([
          ...base[partSections(kind.name).fileLength],
          ...overlayParts[kind.name].map((bytes) => bytes.length),
        ]),
      };
    }
  }

  const elementOverlay = joinedOverlay(overlaid, (e) => published[e]!.json);
  return {
    ok: true,
    places: {
      baseId: base.baseId,
      files: { blocks: [], runs: [], groups: [], parts: noPartFiles() },
      blocks: base.blocks,
      runs: base.runs,
      groups: base.groups,
      partFiles: Object.fromEntries(
        PART_KINDS.map((kind) => [kind.name, baseFileCount(base, kind)]),
      ) as Record<PartKindName, number>,
      sections: {
        elementBlock,
        elementStart,
        blockLength: Uint32Array.from(base.blockLength),
        runFirstBlock: Uint32Array.from(base.runFirstBlock),
        blockRun: Uint32Array.from(base.blockRun),
        blockRunOffset: Uint32Array.from(base.blockRunOffset),
        elementGroup,
        elementGroupStart,
        groupLength: Uint32Array.from(base.groupLength),
        overlayElements: Uint32Array.from(overlaid),
        overlayElementStart: elementOverlay.starts,
      },
      partSections: storedSections(stored),
      overlay: elementOverlay.bytes,
      overlayParts,
    },
  };
}

const mib = (bytes: number) => (bytes / 1048576).toFixed(1);

const encoder = new TextEncoder();
const COMMA = encoder.encode(',');

/** The overlay's elements joined by ",", and where each starts. */
function joinedOverlay(items: readonly number[], jsonOf: (e: number) => string) {
  const parts = items.map((e) => encoder.encode(jsonOf(e)));
  const starts = new Uint32Array(items.length);
  let offset = 0;
  parts.forEach((part, i) => {
    starts[i] = offset;
    offset += part.length + 1;
  });
  return { bytes: joinBytes(parts, COMMA), starts };
}
