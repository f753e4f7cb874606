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
  header: Omit<OpenDataHeader, 'sections' | 'packageFiles'>;
  /** All but where the packages are stored (placed with the element bytes: base-snapshot.ts). */
  sections: Omit<OpenDataSections, StoredPackageSection>;
  /** Each published element's package (BASE_MARKER where the origin goes), catalogue order. */
  packages: Uint8Array[];
  /** Each published element's CKAN name, in catalogue order. */
  names: string[];
  namesText: Uint8Array;
}

export type StoredPackageSection =
  'packageFile' | 'packageStart' | 'packageFileLength' | 'stalePackages';

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
    nameTextStart,
  };
  return {
    header: {
      identity,
      ckanNames,
      dataSourceIds: lists.dataSource.map((item) => item._id),
      categoryIds: lists.category.map((item) => item._id),
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
    names,
    namesText,
  };
}

const COMMA = encoder.encode(',');

/** Packages stored in files of about `fileBytes`, in _id order, and where each lies. */
export function storePackages(
  packages: readonly Uint8Array[],
  idOrder: Uint32Array,
  fileBytes = PACKAGE_FILE_BYTES,
) {
  const packageFile = new Uint32Array(packages.length);
  const packageStart = new Uint32Array(packages.length);
  const files: Uint8Array[] = [];
  let parts: Uint8Array[] = [];
  let bytesInFile = 0;
  const closeFile = () => {
    files.push(joinBytes(parts));
    parts = [];
    bytesInFile = 0;
  };
  for (const e of idOrder) {
    const bytes = packages[e]!;
    if (bytesInFile > 0 && bytesInFile + 1 + bytes.length > fileBytes) closeFile();
    if (bytesInFile > 0) {
      parts.push(COMMA);
      bytesInFile += 1;
    }
    packageFile[e] = files.length;
    packageStart[e] = bytesInFile;
    parts.push(bytes);
    bytesInFile += bytes.length;
  }
  if (bytesInFile > 0 || files.length === 0) closeFile();
  return {
    files,
    sections: {
      packageFile,
      packageStart,
      packageFileLength: Uint32Array.from(files, (bytes) => bytes.length),
    },
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
