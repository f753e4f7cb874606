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
import type { ReadBudget } from '../snapshot/read-budget.ts';
import { RunReader } from '../snapshot/run-reader.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';

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

export function planPackages(sections: OpenDataSections, elements: Uint32Array): PackagePlan {
  const ends = new Map<number, number>();
  let bytes = 0;
  for (const e of elements) {
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
    PACKAGE_CPU_MS * elements.length;
  return { files, bytesRead, bytes, cpuMs };
}

/** The packages' bytes in the order of `elements`, the origin written in. */
export async function readPackages(
  store: SnapshotStore,
  buildId: string,
  sections: OpenDataSections,
  elements: Uint32Array,
  plan: PackagePlan,
  budget: ReadBudget,
  origin: string,
): Promise<Uint8Array[]> {
  const byFile = new Map<number, number[]>();
  elements.forEach((e, i) => {
    const file = sections.packageFile[e]!;
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push(i);
  });
  const out: Uint8Array[] = new Array(elements.length);
  const originBytes = new TextEncoder().encode(origin);
  await Promise.all(
    plan.files.map(async ({ file }) => {
      const wanted = byFile
        .get(file)!
        .sort(
          (a, b) => sections.packageStart[elements[a]!]! - sections.packageStart[elements[b]!]!,
        );
      const reader = new RunReader(await store.packageFile(buildId, file, budget));
      try {
        for (const i of wanted) {
          const e = elements[i]!;
          const start = sections.packageStart[e]!;
          const bytes = await reader.range(start, start + sections.packageLength[e]!);
          out[i] = withOrigin(bytes, originBytes);
        }
      } finally {
        reader.cancel();
      }
    }),
  );
  return out;
}

/** A copy of the bytes with the origin in place of every BASE_MARKER. */
export function withOrigin(bytes: Uint8Array, origin: Uint8Array): Uint8Array {
  let markers = 0;
  for (let at = bytes.indexOf(BASE_MARKER); at >= 0; at = bytes.indexOf(BASE_MARKER, at + 1))
    markers++;
  const out = new Uint8Array(bytes.length + markers * (origin.length - 1));
  let from = 0;
  let to = 0;
  for (let at = bytes.indexOf(BASE_MARKER); at >= 0; at = bytes.indexOf(BASE_MARKER, from)) {
    out.set(bytes.subarray(from, at), to);
    to += at - from;
    out.set(origin, to);
    to += origin.length;
    from = at + 1;
  }
  out.set(bytes.subarray(from), to);
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
