// Parts rendered at build time and stored one an element in files (core/open-data/layout.ts): the
// CKAN packages, and DCAT's dataset parts in each syntax: in the base's files, or (those changed
// since the base) in the build's own. Planned before any read, like an element answer: the files
// a set of elements needs, how far into each, the bytes and the CPU. The origin is written in
// where the generator left BASE_MARKER (joinParts).
import { BASE_MARKER } from '../../core/open-data/layout.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import { RunReader, type OpenRun } from '../snapshot/run-reader.ts';
import { estimatePartsCpuMs } from '../cost-model.ts';

/** Where one kind of part lies, by element. */
export interface StoredParts {
  file: Uint32Array;
  start: Uint32Array;
  length: Uint32Array;
  open(file: number, budget: ReadBudget): Promise<OpenRun>;
}

export interface PartPlan {
  /** Files to read, ascending, and how far into each. */
  files: { file: number; end: number }[];
  bytesRead: number;
  /** The parts' bytes, before the origin is written in. */
  bytes: number;
  cpuMs: number;
}

/** The reads and CPU of `elements`' parts. */
export function planParts(parts: StoredParts, elements: Uint32Array): PartPlan {
  const ends = new Map<number, number>();
  let bytes = 0;
  for (const e of elements) {
    bytes += parts.length[e]!;
    const file = parts.file[e]!;
    const end = parts.start[e]! + parts.length[e]!;
    ends.set(file, Math.max(ends.get(file) ?? 0, end));
  }
  const files = [...ends].sort(([a], [b]) => a - b).map(([file, end]) => ({ file, end }));
  const bytesRead = files.reduce((sum, { end }) => sum + end, 0);
  const cpuMs = estimatePartsCpuMs({
    files: files.length,
    bytesRead,
    bytes,
    parts: elements.length,
  });
  return { files, bytesRead, bytes, cpuMs };
}

/** The parts of `elements`, in their order, as stored (BASE_MARKER where the origin goes). */
export async function readParts(
  parts: StoredParts,
  elements: Uint32Array,
  plan: PartPlan,
  budget: ReadBudget,
): Promise<Uint8Array[]> {
  // every part copied once out of its read, into one buffer in the order of `elements`
  const held = new Uint8Array(plan.bytes);
  const out: Uint8Array[] = new Array(elements.length);
  const byFile = new Map<number, number[]>();
  let offset = 0;
  elements.forEach((e, i) => {
    const length = parts.length[e]!;
    out[i] = held.subarray(offset, offset + length);
    offset += length;
    const file = parts.file[e]!;
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push(i);
  });
  await Promise.all(
    plan.files.map(async ({ file }) => {
      const wanted = byFile
        .get(file)!
        .sort((a, b) => parts.start[elements[a]!]! - parts.start[elements[b]!]!);
      const reader = new RunReader(await parts.open(file, budget));
      try {
        for (const i of wanted) {
          const start = parts.start[elements[i]!]!;
          const end = start + parts.length[elements[i]!]!;
          // copied at once: the reader's chunk is reused once it reads the next one; no await
          // while the chunk in hand holds the part (a harvest page's thousand in a few chunks)
          out[i]!.set(reader.rangeInHand(start, end) ?? (await reader.range(start, end)));
        }
      } finally {
        reader.cancel();
      }
    }),
  );
  return out;
}

/**
 * The parts joined into one buffer, `separator` between two, the origin in place of every
 * BASE_MARKER: one copy of the bytes.
 */
export function joinParts(
  parts: readonly Uint8Array[],
  origin: Uint8Array,
  separator: Uint8Array = new Uint8Array(0),
): Uint8Array {
  // where the markers are, found once (a page of packages holds tens of thousands)
  let markers = new Uint32Array(1024);
  let count = 0;
  let length = Math.max(0, parts.length - 1) * separator.length;
  const counts = new Uint32Array(parts.length);
  parts.forEach((bytes, i) => {
    length += bytes.length;
    for (let at = bytes.indexOf(BASE_MARKER); at >= 0; at = bytes.indexOf(BASE_MARKER, at + 1)) {
      if (count === markers.length) {
        const grown = new Uint32Array(markers.length * 2);
        grown.set(markers);
        markers = grown;
      }
      markers[count++] = at;
      counts[i]!++;
    }
  });
  length += count * (origin.length - 1);
  const out = new Uint8Array(length);
  let to = 0;
  let marker = 0;
  parts.forEach((bytes, i) => {
    if (i > 0) {
      out.set(separator, to);
      to += separator.length;
    }
    let from = 0;
    for (const last = marker + counts[i]!; marker < last; marker++) {
      const at = markers[marker]!;
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
