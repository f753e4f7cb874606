// CKAN packages (docs/harvest.md §13.1), element numbers → bytes, two ways:
// - stored: each package was rendered at build time and stored in _id order
//   (core/open-data/layout.ts), so a harvest page, which pages in _id order, lies in one or two
//   files. Planned before any read, like an element answer: the files it reads, the bytes up to
//   the last package it needs in each, the CPU that costs. The deployment's origin is written
//   in where the generator left BASE_MARKER.
// - rendered here from the elements, read as any answer reads them (blocks, groups, runs):
//   for pages whose packages lie scattered over more stored files than the profile may read
//   (an incremental harvest, a narrow filter in another order). The same renderer, the same bytes.
import { renderPackage, type CkanContext } from '../../core/open-data/ckan-package.ts';
import type { ElementView } from '../../core/open-data/element-view.ts';
import type { OpenDataHeader, OpenDataSections } from '../../core/open-data/layout.ts';
import { partKind, partSections } from '../../core/open-data/part-kinds.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import type { LoadedIndex, LoadedOpenData, SnapshotStore } from '../snapshot/snapshot-store.ts';
import {
  joinParts,
  planParts,
  readParts,
  type PartPlan,
  type StoredParts,
} from './stored-parts.ts';

export type PackagePlan = PartPlan;

const PACKAGE_SECTIONS = partSections('package');

/** Where the packages lie: in _id order, in the base's files and the build's own. */
export const storedPackages = (
  store: SnapshotStore,
  index: LoadedIndex,
  sections: LoadedOpenData,
): StoredParts => ({
  file: sections[PACKAGE_SECTIONS.file],
  start: sections[PACKAGE_SECTIONS.start],
  length: sections[PACKAGE_SECTIONS.length],
  open: (file, budget) => store.packageFile(index, file, budget),
});

export const planPackages = (
  store: SnapshotStore,
  index: LoadedIndex,
  sections: LoadedOpenData,
  elements: Uint32Array,
): PackagePlan => planParts(storedPackages(store, index, sections), elements);

/** The packages' bytes as stored (BASE_MARKER where the origin goes), in the order of `elements`. */
export const readPackages = (
  store: SnapshotStore,
  index: LoadedIndex,
  sections: LoadedOpenData,
  elements: Uint32Array,
  plan: PackagePlan,
  budget: ReadBudget,
): Promise<Uint8Array[]> =>
  readParts(storedPackages(store, index, sections), elements, plan, budget);

/** As they are stored: a comma between two (core/open-data/part-kinds.ts). */
const SEPARATOR = new TextEncoder().encode(partKind('package').separator);

/**
 * The packages joined by commas into one buffer, the origin in place of every BASE_MARKER: one
 * copy of the bytes (a CKAN answer is written as it is, not re-chunked package by package).
 */
export const joinPackages = (packages: Uint8Array[], origin: Uint8Array) =>
  joinParts(packages, origin, SEPARATOR);

/** The packages of `views` (elements numbered `elements`) rendered at `origin`, as stored. */
export function renderPackages(
  header: OpenDataHeader,
  sections: OpenDataSections,
  elements: Uint32Array,
  views: ElementView[],
  origin: string,
): Uint8Array[] {
  const ctx: CkanContext = {
    base: origin,
    identity: header.identity,
    ckanName: (list, id) =>
      header.ckanNames[list][
        (list === 'dataSource' ? header.dataSourceIds : header.categoryIds).indexOf(id)
      ]!,
  };
  const encoder = new TextEncoder();
  return views.map(({ element, name }, i) =>
    encoder.encode(
      JSON.stringify(
        renderPackage(
          {
            element,
            name,
            created: sections.created[elements[i]!]!,
            modified: sections.modified[elements[i]!]!,
          },
          ctx,
        ),
      ),
    ),
  );
}
