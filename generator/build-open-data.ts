// build, part three (docs/harvest.md §12-§13): each published element's CKAN name and dates, the sort
// orders CKAN's package_search offers, and each element's part of every kind rendered once (its
// CKAN package, its DCAT dataset part in each syntax: core/open-data/part-kinds.ts), to be stored
// in its kind's order (store-parts.ts), so a harvest page or a catalogue page is one or two reads.
// Pure: compiled catalogue in, files (paths relative to the build folder) and header out.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import type { DataElement } from '../core/schema.ts';
import {
  NAME_SEPARATOR,
  type OpenDataHeader,
  type OpenDataSections,
} from '../core/open-data/layout.ts';
import { uniqueCkanNames, ckanTagName } from '../core/open-data/ckan-names.ts';
import { packageName } from '../core/open-data/package-name.ts';
import { ckanLicense } from '../core/open-data/ckan-package.ts';
import {
  PART_KINDS,
  partSections,
  type PartFileCounts,
  type PartKindName,
} from '../core/open-data/part-kinds.ts';
import type { PartCatalogue, PartSource } from '../core/open-data/render-parts.ts';
import type { CompiledCatalogue } from './compile-catalogue.ts';
import type { ElementDates } from './element-dates.ts';
import { compareCodeUnits } from './read-catalogue.ts';

const encoder = new TextEncoder();

export interface OpenData {
  header: Omit<OpenDataHeader, 'sections' | keyof PartFileCounts>;
  /** All but where the parts are stored (placed with the element bytes: base-snapshot.ts). */
  sections: Omit<OpenDataSections, StoredPartSection>;
  /** Each published element's part of every kind (BASE_MARKER where the origin goes). */
  parts: PartsByKind;
  /** Each published element's CKAN name, in catalogue order. */
  names: string[];
  namesText: Uint8Array;
}

/** The sections saying where the parts lie, and in how many files. */
export type StoredPartSection = `${PartKindName}${'File' | 'Start' | 'FileLength'}`;

/** Each kind's parts (core/open-data/part-kinds.ts), one a published element, catalogue order. */
export type PartsByKind = Record<PartKindName, Uint8Array[]>;

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

  const parts = renderParts(
    catalogue,
    names,
    dates,
    (list, id) => ckanNames[list][positionOf[list].get(id)!]!,
  );

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
    ...(Object.fromEntries(
      PART_KINDS.map(({ name }) => [
        partSections(name).length,
        Uint32Array.from(parts[name], (bytes) => bytes.length),
      ]),
    ) as Pick<OpenDataSections, `${PartKindName}Length`>),
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
    parts,
    names,
    namesText,
  };
}

/**
 * Every element's part of every kind, rendered once for every page that lists it and every host:
 * BASE_MARKER where the origin goes (the Worker writes the origin in).
 */
function renderParts(
  { published, lists, identity }: CompiledCatalogue,
  names: readonly string[],
  dates: readonly ElementDates[],
  ckanName: PartCatalogue['ckanName'],
): PartsByKind {
  const catalogue: PartCatalogue = {
    identity,
    categories: lists.category,
    ckanName,
    texts: [JSON.stringify(identity), ...published.map((element) => element.json)],
  };
  const kinds = PART_KINDS.map((kind) => ({ name: kind.name, render: kind.render(catalogue) }));
  const parts = Object.fromEntries(
    PART_KINDS.map(({ name }) => [name, []]),
  ) as unknown as PartsByKind;
  published.forEach((item, e) => {
    const source: PartSource = {
      element: JSON.parse(item.json) as DataElement,
      name: names[e]!,
      years: item.years,
      created: dates[e]!.created,
      modified: dates[e]!.modified,
    };
    for (const { name, render } of kinds) parts[name].push(render(source));
  });
  return parts;
}
