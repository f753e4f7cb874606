// The kinds of stored part (core/open-data/layout.ts): what the build renders once an element and
// stores in part files, in the element files' folder, carried on a base like the element files
// (generator/base-snapshot.ts). The generator renders, stores, carries and reports every kind by
// going through PART_KINDS, and the Worker finds a kind's files here: a new kind is a new row (and
// a new LAYOUT_VERSION, core/snapshot-layout.ts). As ckanext-dcat's profiles hold their mapping.
import { snapshotPaths, type IndexHeader } from '../snapshot-layout.ts';
import { JSON_LD } from './dcat/json-ld.ts';
import { TURTLE } from './dcat/turtle.ts';
import type { RdfSyntax } from './dcat/rdf-writer.ts';
import type { OpenDataHeader, OpenDataSectionName } from './layout.ts';
import { datasetPartIn, packagePart, type PartRenderer } from './render-parts.ts';

/** The orders parts are stored in: of _id (code units), or the catalogue's. */
export type PartOrder = 'id' | 'catalogue';

/**
 * Kinds whose parts change together: hashed together in _build/base.json (`${name}Hash`), so a
 * build on a base stores all of them anew when one differs from the base's.
 */
export interface PartGroup {
  name: string;
  /** What its parts are, and what changes them but their elements: a refused base says so. */
  parts: string;
  changedBy: string;
}

export interface PartKind {
  /** Its sections in open-data.bin (partSections) and its fields in _build/base.json. */
  name: string;
  group: PartGroup;
  /** The order parts are stored in, so that the answers reading them in that order read few files. */
  order: PartOrder;
  /** Written between two parts in a file. */
  separator: string;
  /** Its file number `file` in a folder under _snapshot/ (a build's, or a base's element files). */
  path: (folder: string, file: number) => string;
  /** Where index.json's header (OpenDataHeader) and _build/base.json count its base's files. */
  countedAt: readonly [string] | readonly [string, string];
  /** Its files' kind in the upload report (generator/upload-report.ts). */
  fileKind: string;
  /** Its files' name in the hash a new base's folder is named by (`${contentKey}/${n}`). */
  contentKey: string;
  /** An element's part, as stored (render-parts.ts). */
  render: PartRenderer;
}

const PACKAGES = {
  name: 'package',
  parts: 'CKAN packages',
  changedBy: "the catalogue's identity or a data source's name",
} as const satisfies PartGroup;
const DATASETS = {
  name: 'dataset',
  parts: 'DCAT datasets',
  changedBy: "the catalogue's identity or its categories",
} as const satisfies PartGroup;

/**
 * A DCAT syntax's dataset parts: a catalogue page lists its datasets in catalogue order, so a page
 * of 100 lies in one or two files; nothing between two parts (the page joins them with the
 * syntax's own separator).
 */
const dcatKind = <S extends RdfSyntax['name']>(name: S, syntax: RdfSyntax, contentKey: string) =>
  ({
    name,
    group: DATASETS,
    order: 'catalogue',
    separator: '',
    path: (folder: string, file: number) => snapshotPaths(folder).datasetPartFile(name, file),
    countedAt: ['datasetFiles', name],
    fileKind: 'dcat parts',
    contentKey,
    render: datasetPartIn(syntax),
  }) as const satisfies PartKind;

/** In the order their sections and fields are written. */
export const PART_KINDS = [
  {
    // a harvest pages in _id order (`sort=id asc`): a page lies in one or two files
    name: 'package',
    group: PACKAGES,
    order: 'id',
    separator: ',',
    path: (folder, file) => snapshotPaths(folder).packageFile(file),
    countedAt: ['packageFiles'],
    fileKind: 'packages',
    contentKey: 'package',
    render: packagePart,
  },
  dcatKind('turtle', TURTLE, 'ttl'),
  dcatKind('jsonLd', JSON_LD, 'jsonld'),
] as const satisfies readonly PartKind[];

/** A row of the table, its names as literal types. */
export type PartKindRow = (typeof PART_KINDS)[number];
export type PartKindName = PartKindRow['name'];
export type PartGroupName = PartKindRow['group']['name'];
export type PartFileKind = PartKindRow['fileKind'];

export const partKind = (name: PartKindName): PartKindRow =>
  PART_KINDS.find((kind) => kind.name === name)!;

/** The groups, in the order of their first kind. */
export const PART_GROUPS: readonly PartGroup[] = [...new Set(PART_KINDS.map((kind) => kind.group))];

/** The kinds of a group, in table order. */
export const groupKinds = (group: PartGroup) => PART_KINDS.filter((kind) => kind.group === group);

/** A kind's sections in open-data.bin (OpenDataSections): where each part lies, by element. */
export const partSections = <K extends PartKindName>(name: K) =>
  ({
    file: `${name}File`,
    start: `${name}Start`,
    length: `${name}Length`,
    fileLength: `${name}FileLength`,
  }) as const satisfies Record<string, OpenDataSectionName>;

/** The count of each kind's files in a base, as index.json's header and _build/base.json hold it. */
export type PartFileCounts = Pick<OpenDataHeader, 'packageFiles' | 'datasetFiles'>;

export function partFileCounts(count: (kind: PartKindRow) => number): PartFileCounts {
  const counts: Record<string, unknown> = {};
  for (const kind of PART_KINDS) {
    const [key, inner] = kind.countedAt;
    if (inner === undefined) counts[key] = count(kind);
    else ((counts[key] ??= {}) as Record<string, number>)[inner] = count(kind);
  }
  return counts as unknown as PartFileCounts;
}

export function baseFileCount(counts: PartFileCounts, kind: PartKind): number {
  const [key, inner] = kind.countedAt;
  const value = (counts as unknown as Record<string, number | Record<string, number>>)[key]!;
  return inner === undefined ? (value as number) : (value as Record<string, number>)[inner]!;
}

/**
 * The path of a kind's file `file` of a snapshot: the base's files lie in its element files'
 * folder; past them, those of the build's own (parts changed since the base) in the build's.
 */
export const partFilePath = (
  kind: PartKind,
  index: Pick<IndexHeader, 'buildId' | 'elementFiles' | 'openData'>,
  file: number,
) =>
  kind.path(file < baseFileCount(index.openData, kind) ? index.elementFiles : index.buildId, file);
