// CKAN packages (contract §13.1), element numbers → bytes, two ways:
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
import {
  BASE_MARKER,
  type OpenDataHeader,
  type OpenDataSections,
} from '../../core/open-data/layout.ts';
import { CPU_WEIGHTS } from './answer-cost.ts';
import { elementViewOf, RENDER_CPU_MS_PER_ELEMENT } from './element-view-of.ts';
import type { DataElement } from '../../core/schema.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import { RunReader } from '../snapshot/run-reader.ts';
import type { LoadedIndex, LoadedOpenData, SnapshotStore } from '../snapshot/snapshot-store.ts';

const MIB = 1024 * 1024;
/** Per package: its place looked up, its bytes copied and the origin written in. */
const PACKAGE_CPU_MS = 0.002;

export interface PackagePlan {
  /** Files to read, ascending, and how far into each. */
  files: { file: number; end: number }[];
  bytesRead: number;
  /** The packages' bytes, before the origin is written in. */
  bytes: number;
  cpuMs: number;
}

export function planPackages(sections: LoadedOpenData, elements: Uint32Array): PackagePlan {
  const ends = new Map<number, number>();
  let bytes = 0;
  let rendered = 0;
  for (const e of elements) {
    if (sections.stale.has(e)) {
      // rendered from its element in the overlay: never read from its stale copy
      bytes += sections.packageLength[e]!;
      rendered++;
      continue;
    }
    const file = sections.packageFile[e]!;
    const end = sections.packageStart[e]! + sections.packageLength[e]!;
    ends.set(file, Math.max(ends.get(file) ?? 0, end));
    bytes += sections.packageLength[e]!;
  }
  const files = [...ends].sort(([a], [b]) => a - b).map(([file, end]) => ({ file, end }));
  const bytesRead = files.reduce((sum, { end }) => sum + end, 0);
  const w = CPU_WEIGHTS;
  const cpuMs =
    w.base +
    w.read * files.length +
    w.mibRead * (bytesRead / MIB) +
    w.mibGathered * (bytes / MIB) +
    w.mibAnswered * (bytes / MIB) +
    PACKAGE_CPU_MS * elements.length +
    (RENDER_CPU_MS_PER_ELEMENT + PACKAGE_RENDER_CPU_MS) * rendered;
  return { files, bytesRead, bytes, cpuMs };
}

/**
 * The packages' bytes as stored (BASE_MARKER where the origin goes), in the order of `elements`;
 * those stale in the base's files rendered at `origin` from their elements in the overlay.
 */
export async function readPackages(
  store: SnapshotStore,
  index: LoadedIndex,
  sections: LoadedOpenData,
  elements: Uint32Array,
  plan: PackagePlan,
  budget: ReadBudget,
  origin: string,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = new Array(elements.length);
  const byFile = new Map<number, number[]>();
  const stale: number[] = [];
  elements.forEach((e, i) => {
    if (sections.stale.has(e)) {
      stale.push(i);
      return;
    }
    const file = sections.packageFile[e]!;
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push(i);
  });
  await Promise.all(
    plan.files.map(async ({ file }) => {
      const wanted = byFile
        .get(file)!
        .sort(
          (a, b) => sections.packageStart[elements[a]!]! - sections.packageStart[elements[b]!]!,
        );
      const reader = new RunReader(await store.packageFile(index, file, budget));
      try {
        for (const i of wanted) {
          const start = sections.packageStart[elements[i]!]!;
          // a copy: the reader's chunk is detached once it reads the next one
          out[i] = (
            await reader.range(start, start + sections.packageLength[elements[i]!]!)
          ).slice();
        }
      } finally {
        reader.cancel();
      }
    }),
  );
  if (stale.length > 0) {
    const staleElements = Uint32Array.from(stale, (i) => elements[i]!);
    const rendered = renderPackages(
      index.openData,
      sections,
      staleElements,
      overlaidViews(index, sections, staleElements),
      origin,
    );
    stale.forEach((i, k) => (out[i] = rendered[k]!));
  }
  return out;
}

/** Elements of the overlay (held by every isolate: no read) as the renderers take them. */
function overlaidViews(
  index: LoadedIndex,
  sections: OpenDataSections,
  elements: Uint32Array,
): ElementView[] {
  const decoder = new TextDecoder();
  return Array.from(elements, (e) => {
    const bytes = index.elements.get(e);
    if (!bytes || !index.elements.overlaid(e))
      throw new Error(`element ${e}: its package is stale, but the overlay does not hold it`);
    return elementViewOf(JSON.parse(decoder.decode(bytes)) as DataElement, sections, e);
  });
}

const COMMA = 0x2c;

/**
 * The packages joined by commas into one buffer, the origin in place of every BASE_MARKER: one
 * copy of the bytes (a CKAN answer is written as it is, not re-chunked package by package).
 */
export function joinPackages(packages: Uint8Array[], origin: Uint8Array): Uint8Array {
  let length = Math.max(0, packages.length - 1);
  for (const bytes of packages) {
    length += bytes.length;
    for (let at = bytes.indexOf(BASE_MARKER); at >= 0; at = bytes.indexOf(BASE_MARKER, at + 1))
      length += origin.length - 1;
  }
  const out = new Uint8Array(length);
  let to = 0;
  packages.forEach((bytes, i) => {
    if (i > 0) out[to++] = COMMA;
    let from = 0;
    for (let at = bytes.indexOf(BASE_MARKER); at >= 0; at = bytes.indexOf(BASE_MARKER, from)) {
      out.set(bytes.subarray(from, at), to);
      to += at - from;
      out.set(origin, to);
      to += origin.length;
      from = at + 1;
    }
    out.set(bytes.subarray(from), to);
    to += bytes.length - from;
  });
  return out;
}

/**
 * Per package rendered here, beside reading and parsing its element (RENDER_CPU_MS_PER_ELEMENT):
 * renderPackage and JSON.stringify, 7.5 ms for 100 packages of ~3.5 KB in Node 20 on the
 * 2-core test machine (docs/scale.md, "Part three at 100,000 elements").
 */
export const PACKAGE_RENDER_CPU_MS = 0.075;

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
