// build, part three (contract §12-§13): each published element's CKAN name and dates, the sort
// orders CKAN's package_search offers, and every CKAN package rendered once, stored in _id order
// (the order a harvester pages in: `sort=id asc`), so a harvest page is one or two reads.
// Pure: compiled catalogue in, files (paths relative to the build folder) and header out.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import type { DataElement } from '../core/schema.ts';
import {
  BASE_MARKER,
  NAME_SEPARATOR,
  type OpenDataHeader,
  type OpenDataSections,
} from '../core/open-data/layout.ts';
import { uniqueCkanNames, ckanTagName } from '../core/open-data/ckan-names.ts';
import { packageName } from '../core/open-data/package-name.ts';
import { ckanLicense, renderPackage } from '../core/open-data/ckan-package.ts';
import { datasetPart, type DcatContext } from '../core/open-data/dcat/catalog-page.ts';
import { JSON_LD } from '../core/open-data/dcat/json-ld.ts';
import type { RdfSyntax } from '../core/open-data/dcat/rdf-writer.ts';
import { TURTLE } from '../core/open-data/dcat/turtle.ts';
import { isoSeconds } from '../core/open-data/dates.ts';
import type { CompiledCatalogue } from './compile-catalogue.ts';
import type { ElementDates } from './element-dates.ts';
import { compareCodeUnits } from './read-catalogue.ts';
import { joinBytes } from './join-bytes.ts';

/**
 * A package file's size. Few files, so that a page whose packages lie scattered in _id order (an
 * incremental harvest's `metadata_modified` filter, a narrow filter in another sort) reads each
 * file once within the free profile's 50 reads (37 files at 100,000 elements); small enough that
 * a harvest page, which lies in one or two files, passes over little before it (reading a MiB
 * costs about 0.03 ms, answer-cost.ts).
 */
export const PACKAGE_FILE_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

export interface OpenData {
  header: Omit<OpenDataHeader, 'sections' | 'packageFiles' | 'datasetFiles'>;
  /** All but where the packages are stored (placed with the element bytes: base-snapshot.ts). */
  sections: Omit<OpenDataSections, StoredPackageSection>;
  /** Each published element's package (BASE_MARKER where the origin goes), catalogue order. */
  packages: Uint8Array[];
  /** Each published element's DCAT dataset part in both syntaxes (BASE_MARKER for the origin). */
  datasetParts: DatasetParts;
  /** Each published element's CKAN name, in catalogue order. */
  names: string[];
  namesText: Uint8Array;
}

export type StoredPackageSection =
  | 'packageFile'
  | 'packageStart'
  | 'packageFileLength'
  | `${DcatSyntaxName}${'File' | 'Start' | 'FileLength'}`;

/** DCAT's dataset parts (catalog-page.ts datasetPart), by syntax, in catalogue order. */
export type DatasetParts = Record<DcatSyntaxName, Uint8Array[]>;
export type DcatSyntaxName = RdfSyntax['name'];

export function buildOpenData(
  catalogue: CompiledCatalogue,
  dates: readonly ElementDates[],
): OpenData {
  const { published, lists, identity } = catalogue;
  const n = published.length;
  const ckanNames = {
    dataSource: uniqueCkanNames(lists.dataSource),
    category: uniqueCkanNames(lists.category),
  };
  const tagNames = {
    sector: lists.sector.map((item) => ckanTagName(item.name)),
    field: lists.field.map((item) => ckanTagName(item.name)),
  };
  const positionOf = {} as Record<ReferenceListName, Map<string, number>>;
  for (const { name } of REFERENCE_LISTS)
    positionOf[name] = new Map(lists[name].map((item, i) => [item._id, i]));

  const names = published.map(({ id, title }) => packageName(id, title));
  const nameOwner = new Map<string, number>();
  names.forEach((name, e) => {
    const first = nameOwner.get(name);
    // only a hash suffix can meet another element's id: then the build cannot name both
    if (first !== undefined)
      throw new Error(
        `elements ${JSON.stringify(published[first]!.id)} and ${JSON.stringify(published[e]!.id)} would share the CKAN name ${name}`,
      );
    nameOwner.set(name, e);
  });

  const marker = baseMarkerFor([
    JSON.stringify(identity),
    ...published.map((element) => element.json),
  ]);
  const ctx = {
    base: marker,
    identity,
    ckanName: (list: 'dataSource' | 'category', id: string) =>
      ckanNames[list][positionOf[list].get(id)!]!,
  };
  const packages: Uint8Array[] = new Array(n);
  for (let e = 0; e < n; e++) {
    const element = JSON.parse(published[e]!.json) as DataElement;
    const json = JSON.stringify(
      renderPackage(
        { element, name: names[e]!, created: dates[e]!.created, modified: dates[e]!.modified },
        ctx,
      ),
    );
    packages[e] = encoder.encode(json.replaceAll(marker, '\0'));
  }

  const datasetParts = renderDatasetParts(catalogue, names, dates);

  const byCodeUnits = (key: (e: number) => string) =>
    Uint32Array.from(published.keys()).sort((a, b) => compareCodeUnits(key(a), key(b)) || a - b);
  const nameOrder = byCodeUnits((e) => names[e]!);
  const nameTextStart = new Uint32Array(n + 1);
  let nameOffset = 0;
  nameOrder.forEach((e, rank) => {
    nameTextStart[rank] = nameOffset;
    nameOffset += names[e]!.length + NAME_SEPARATOR.length; // names are ASCII
  });
  nameTextStart[n] = nameOffset;
  const namesText = encoder.encode(Array.from(nameOrder, (e) => names[e]!).join(NAME_SEPARATOR));
  const sections: OpenData['sections'] = {
    created: Uint32Array.from(dates, (d) => d.created),
    modified: Uint32Array.from(dates, (d) => d.modified),
    nameOrder,
    titleOrder: byCodeUnits((e) => published[e]!.title),
    modifiedOrder: Uint32Array.from(published.keys()).sort(
      (a, b) => dates[a]!.modified - dates[b]!.modified || a - b,
    ),
    createdOrder: Uint32Array.from(published.keys()).sort(
      (a, b) => dates[a]!.created - dates[b]!.created || a - b,
    ),
    packageLength: Uint32Array.from(packages, (bytes) => bytes.length),
    turtleLength: Uint32Array.from(datasetParts.turtle, (bytes) => bytes.length),
    jsonLdLength: Uint32Array.from(datasetParts.jsonLd, (bytes) => bytes.length),
    nameTextStart,
  };
  return {
    header: {
      identity,
      ckanNames,
      dataSourceIds: lists.dataSource.map((item) => item._id),
      categoryIds: lists.category.map((item) => item._id),
      categorySlugs: lists.category.map((item) => item.slug),
      titles: {
        dataSource: lists.dataSource.map((item) => item.name),
        category: lists.category.map((item) => item.name),
      },
      licenseId: ckanLicense(identity.license).id,
      licenseTitle: ckanLicense(identity.license).title,
      tagNames,
    },
    sections,
    packages,
    datasetParts,
    names,
    namesText,
  };
}

/**
 * Every element's DCAT dataset part, written once for every page that lists it and every host:
 * the IRIs under the origin start with BASE_MARKER (the Worker writes the origin in).
 */
function renderDatasetParts(
  { published, lists, identity }: CompiledCatalogue,
  names: readonly string[],
  dates: readonly ElementDates[],
): DatasetParts {
  // an origin no IRI holds but those the parts make under it (the identity's own URLs aside)
  const identityText = JSON.stringify(identity);
  let n = 0;
  while (identityText.includes(`https://base${n}.invalid`)) n++;
  const origin = `https://base${n}.invalid`;
  const ctx: DcatContext = { base: origin, identity, categories: lists.category };
  const marker = String.fromCharCode(BASE_MARKER);
  const parts: DatasetParts = { turtle: [], jsonLd: [] };
  published.forEach((item, e) => {
    const { data, ...element } = JSON.parse(item.json) as DataElement;
    void data;
    const view = {
      element,
      years: item.years,
      name: names[e]!,
      created: isoSeconds(dates[e]!.created),
      modified: isoSeconds(dates[e]!.modified),
    };
    for (const syntax of [TURTLE, JSON_LD]) {
      const writer = syntax.writer({ base: { origin, marker } });
      parts[syntax.name].push(encoder.encode(datasetPart(writer, view, ctx)));
    }
  });
  return parts;
}

const COMMA = encoder.encode(',');

/** Packages stored in files of about `fileBytes`, in _id order, and where each lies. */
export function storePackages(
  packages: readonly Uint8Array[],
  idOrder: Uint32Array,
  fileBytes = PACKAGE_FILE_BYTES,
) {
  const stored = storeParts(packages, idOrder, fileBytes, COMMA);
  return {
    files: stored.files,
    sections: {
      packageFile: stored.file,
      packageStart: stored.start,
      packageFileLength: stored.fileLength,
    },
  };
}

/**
 * Parts (one an element) stored in `order` in files of about `fileBytes`, `separator` between
 * two in a file, and where each lies: its file, and its offset in it.
 */
export function storeParts(
  parts: readonly Uint8Array[],
  order: Uint32Array,
  fileBytes: number,
  separator?: Uint8Array,
) {
  const gap = separator?.length ?? 0;
  const file = new Uint32Array(parts.length);
  const start = new Uint32Array(parts.length);
  const files: Uint8Array[] = [];
  let inFile: Uint8Array[] = [];
  let bytesInFile = 0;
  const closeFile = () => {
    files.push(joinBytes(inFile));
    inFile = [];
    bytesInFile = 0;
  };
  for (const e of order) {
    const bytes = parts[e]!;
    if (bytesInFile > 0 && bytesInFile + gap + bytes.length > fileBytes) closeFile();
    if (bytesInFile > 0 && separator) {
      inFile.push(separator);
      bytesInFile += gap;
    }
    file[e] = files.length;
    start[e] = bytesInFile;
    inFile.push(bytes);
    bytesInFile += bytes.length;
  }
  if (bytesInFile > 0 || files.length === 0) closeFile();
  return {
    files,
    file,
    start,
    fileLength: Uint32Array.from(files, (bytes) => bytes.length),
  };
}

/**
 * A text no element holds, to render packages with in place of the origin; it becomes
 * BASE_MARKER (a raw NUL, which JSON never holds) once the package is serialized.
 */
function baseMarkerFor(texts: readonly string[]): string {
  if (BASE_MARKER !== 0) throw new Error('the base marker is a NUL byte');
  for (let n = 0; ; n++) {
    const candidate = `\uE000base${n}\uE000`;
    if (!texts.some((text) => text.includes(candidate))) return candidate;
  }
}
