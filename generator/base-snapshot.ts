// Where the element bytes and the packages lie (core/snapshot-layout.ts, "Base and overlay"): in
// files of this build's own (a new base), or in a previous build's files carried as they are,
// with what changed since in the overlay. A deploy uploads only new bytes, and a file of element
// bytes holding one changed element is new: after 1% of the elements change, scattered, nearly
// every block, run, group and package file would be (docs/scale.md, "Nightly churn").
//
// Every build writes _build/base.json (not deployed): the base's folder, its files' geometry,
// and per element of the base its _id, a hash of its bytes and of its package's, and their
// places. The next build reads it from the snapshot it replaces (or --base DIR) and keeps an
// element's place when its bytes are the base's, in catalogue order (the base's copies of the
// elements it keeps must stay in ascending order, as runs are read forwards); every other
// element goes to the overlay. A package or a DCAT dataset part changes with its element (its
// bytes, its dates): the changed ones are stored in part files of the build's own, numbered after
// the base's (ElementPlaces.overlayParts), read as the base's are. When the overlay would pass its
// cap, or a part changed while its element did not (the catalogue's identity, a data source's
// name, a category), the build starts a new base instead.
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
import { storeParts, type DatasetParts, type DcatSyntaxName } from './build-open-data.ts';
import type { PublishedElement } from './compile-catalogue.ts';
import { joinBytes } from './join-bytes.ts';
import type { UploadedFile } from './upload-report.ts';

/**
 * The overlay's cap: the Worker holds it in every isolate, in place of as much of the element
 * cache (worker/memory.ts). About 5,000 elements of 2.4 KB (6% of the 86,140 published of a
 * 100,000-element catalogue) changed since the base.
 */
export const OVERLAY_MAX_BYTES = 12 * 1024 * 1024;

/** Where every element's bytes and every package lie, and the files that hold them. */
export interface ElementPlaces {
  /** The build folder of the element files: undefined for this build's own (a new base). */
  baseId: string | undefined;
  /** A new base's files (none when the base's are carried). */
  files: ElementFiles;
  /** The counts of the element files, for the manifest and the index header. */
  blocks: number;
  runs: number;
  groups: number;
  packageFiles: number;
  datasetFiles: Record<DcatSyntaxName, number>;
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
  packageSections: Pick<OpenDataSections, 'packageFile' | 'packageStart' | 'packageFileLength'>;
  datasetSections: Pick<OpenDataSections, `${DcatSyntaxName}${'File' | 'Start' | 'FileLength'}`>;
  overlay: Uint8Array;
  /**
   * The packages and dataset parts of a build on a base that differ from the base's copies, in
   * files of this build's own, numbered after the base's files of their kind.
   */
  overlayParts: PartFiles;
}

/** Files of stored parts (core/open-data/layout.ts). */
export interface PartFiles {
  packageFiles: Uint8Array[];
  datasetFiles: Record<DcatSyntaxName, Uint8Array[]>;
}

export interface ElementFiles extends PartFiles {
  blocks: Uint8Array[];
  runs: Uint8Array[];
  groups: Uint8Array[];
}

/** No part files. */
export const noPartFiles = (): PartFiles => ({
  packageFiles: [],
  datasetFiles: { turtle: [], jsonLd: [] },
});

/** _build/base.json. Arrays by base element (the base's catalogue order) unless said. */
export interface BaseDescription {
  layoutVersion: number;
  baseId: string;
  blocks: number;
  runs: number;
  groups: number;
  packageFiles: number;
  datasetFiles: Record<DcatSyntaxName, number>;
  /** [B], [R+1], [B], [B], [G], [P], [T], [J]: the files' geometry (IndexSections). */
  blockLength: number[];
  runFirstBlock: number[];
  blockRun: number[];
  blockRunOffset: number[];
  groupLength: number[];
  packageFileLength: number[];
  turtleFileLength: number[];
  jsonLdFileLength: number[];
  id: string[];
  hash: string[];
  block: number[];
  start: number[];
  group: number[];
  groupStart: number[];
  packageHash: string[];
  packageFile: number[];
  packageStart: number[];
  /** A hash of the element's dataset parts (both syntaxes), and where each lies. */
  datasetHash: string[];
  turtleFile: number[];
  turtleStart: number[];
  jsonLdFile: number[];
  jsonLdStart: number[];
}

/** A short content hash: compared only with the same element's in the base. */
const hashOf = (bytes: string | Uint8Array) =>
  createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
const datasetHashOf = (parts: DatasetParts, e: number) =>
  createHash('sha256')
    .update(parts.turtle[e]!)
    .update('\0')
    .update(parts.jsonLd[e]!)
    .digest('base64url')
    .slice(0, 22);

/** The base a fresh build's own places make, to be written beside it. */
export function describeBase(
  baseId: string,
  published: readonly PublishedElement[],
  packages: readonly Uint8Array[],
  datasetParts: DatasetParts,
  places: ElementPlaces,
): BaseDescription {
  const { sections, packageSections, datasetSections } = places;
  const list = (array: Uint32Array) => Array.from(array);
  return {
    layoutVersion: LAYOUT_VERSION,
    baseId,
    blocks: places.blocks,
    runs: places.runs,
    groups: places.groups,
    packageFiles: places.packageFiles,
    datasetFiles: places.datasetFiles,
    blockLength: list(sections.blockLength),
    runFirstBlock: list(sections.runFirstBlock),
    blockRun: list(sections.blockRun),
    blockRunOffset: list(sections.blockRunOffset),
    groupLength: list(sections.groupLength),
    packageFileLength: list(packageSections.packageFileLength),
    turtleFileLength: list(datasetSections.turtleFileLength),
    jsonLdFileLength: list(datasetSections.jsonLdFileLength),
    id: published.map((element) => element.id),
    hash: published.map((element) => hashOf(element.json)),
    block: list(sections.elementBlock),
    start: list(sections.elementStart),
    group: list(sections.elementGroup),
    groupStart: list(sections.elementGroupStart),
    packageHash: packages.map(hashOf),
    packageFile: list(packageSections.packageFile),
    packageStart: list(packageSections.packageStart),
    datasetHash: published.map((_, e) => datasetHashOf(datasetParts, e)),
    turtleFile: list(datasetSections.turtleFile),
    turtleStart: list(datasetSections.turtleStart),
    jsonLdFile: list(datasetSections.jsonLdFile),
    jsonLdStart: list(datasetSections.jsonLdStart),
  };
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
    ...count(base.packageFiles, paths.packageFile),
    ...count(base.datasetFiles.turtle, (n) => paths.datasetPartFile('turtle', n)),
    ...count(base.datasetFiles.jsonLd, (n) => paths.datasetPartFile('jsonLd', n)),
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
  packages: readonly Uint8Array[];
  datasetParts: DatasetParts;
  /** The elements in _id order: the packages' order. */
  idOrder: Uint32Array;
  /** A part file's size (build-open-data.ts). */
  partFileBytes: number;
}

/**
 * Every element placed on `base`: its copy there when its bytes are the same and it comes after
 * the copies kept before it, else the overlay; every package and dataset part its copy there,
 * or, when it differs, in a part file of this build's own. Refused when the overlay would hold
 * more than `maxOverlayBytes`, or a part differs whose element does not.
 */
export function placeOnBase(
  { published, packages, datasetParts, idOrder, partFileBytes }: ToPlace,
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
  const packageFile = new Uint32Array(n);
  const packageStart = new Uint32Array(n);
  const changedPackages = new Set<number>();
  let strayPackages = 0;
  for (let e = 0; e < n; e++) {
    const b = basePosition.get(published[e]!.id);
    if (b !== undefined && base.packageHash[b] === hashOf(packages[e]!)) {
      packageFile[e] = base.packageFile[b]!;
      packageStart[e] = base.packageStart[b]!;
    } else {
      changedPackages.add(e);
      if (!overlaidSet.has(e)) strayPackages++;
    }
  }
  if (strayPackages > 0)
    return {
      ok: false,
      reason: `${strayPackages} CKAN packages differ from the base while their elements do not (the catalogue's identity or a data source's name changed)`,
    };

  // the changed packages in files of this build's own, in _id order, numbered after the base's
  const ownPackages = storeParts(
    packages,
    idOrder.filter((e) => changedPackages.has(e)),
    partFileBytes,
    COMMA,
  );
  for (const e of changedPackages) {
    packageFile[e] = base.packageFiles + ownPackages.file[e]!;
    packageStart[e] = ownPackages.start[e]!;
  }

  // a DCAT dataset part likewise, its own files in catalogue order
  const datasetPlaces = {
    turtleFile: new Uint32Array(n),
    turtleStart: new Uint32Array(n),
    jsonLdFile: new Uint32Array(n),
    jsonLdStart: new Uint32Array(n),
  };
  const changedDatasets: number[] = [];
  let strayDatasets = 0;
  for (let e = 0; e < n; e++) {
    const b = basePosition.get(published[e]!.id);
    if (b !== undefined && base.datasetHash[b] === datasetHashOf(datasetParts, e)) {
      datasetPlaces.turtleFile[e] = base.turtleFile[b]!;
      datasetPlaces.turtleStart[e] = base.turtleStart[b]!;
      datasetPlaces.jsonLdFile[e] = base.jsonLdFile[b]!;
      datasetPlaces.jsonLdStart[e] = base.jsonLdStart[b]!;
    } else {
      changedDatasets.push(e);
      if (!overlaidSet.has(e)) strayDatasets++;
    }
  }
  if (strayDatasets > 0)
    return {
      ok: false,
      reason: `${strayDatasets} DCAT datasets differ from the base while their elements do not (the catalogue's identity or its categories changed)`,
    };
  const changedInOrder = Uint32Array.from(changedDatasets);
  const ownTurtle = storeParts(datasetParts.turtle, changedInOrder, partFileBytes);
  const ownJsonLd = storeParts(datasetParts.jsonLd, changedInOrder, partFileBytes);
  for (const e of changedDatasets) {
    datasetPlaces.turtleFile[e] = base.datasetFiles.turtle + ownTurtle.file[e]!;
    datasetPlaces.turtleStart[e] = ownTurtle.start[e]!;
    datasetPlaces.jsonLdFile[e] = base.datasetFiles.jsonLd + ownJsonLd.file[e]!;
    datasetPlaces.jsonLdStart[e] = ownJsonLd.start[e]!;
  }
  // files of no part are not written
  const own = (stored: { files: Uint8Array[] }, count: number) => (count === 0 ? [] : stored.files);

  const elementOverlay = joinedOverlay(overlaid, (e) => published[e]!.json);
  return {
    ok: true,
    places: {
      baseId: base.baseId,
      files: { blocks: [], runs: [], groups: [], ...noPartFiles() },
      blocks: base.blocks,
      runs: base.runs,
      groups: base.groups,
      packageFiles: base.packageFiles,
      datasetFiles: base.datasetFiles,
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
      packageSections: {
        packageFile,
        packageStart,
        packageFileLength: Uint32Array.from([
          ...base.packageFileLength,
          ...own(ownPackages, changedPackages.size).map((bytes) => bytes.length),
        ]),
      },
      // in freshPlaces' order: the sections are encoded in the order of their keys
      datasetSections: {
        turtleFile: datasetPlaces.turtleFile,
        turtleStart: datasetPlaces.turtleStart,
        turtleFileLength: Uint32Array.from([
          ...base.turtleFileLength,
          ...own(ownTurtle, changedDatasets.length).map((bytes) => bytes.length),
        ]),
        jsonLdFile: datasetPlaces.jsonLdFile,
        jsonLdStart: datasetPlaces.jsonLdStart,
        jsonLdFileLength: Uint32Array.from([
          ...base.jsonLdFileLength,
          ...own(ownJsonLd, changedDatasets.length).map((bytes) => bytes.length),
        ]),
      },
      overlay: elementOverlay.bytes,
      overlayParts: {
        packageFiles: own(ownPackages, changedPackages.size),
        datasetFiles: {
          turtle: own(ownTurtle, changedDatasets.length),
          jsonLd: own(ownJsonLd, changedDatasets.length),
        },
      },
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
