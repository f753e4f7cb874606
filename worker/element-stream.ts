// The answer of a search, streamed: "[" + the matching elements' precomputed bytes + "]".
// Neighbouring elements of one shard are one byte range (the shard already holds the comma
// between them); the Worker never parses or re-serializes an element.
import type { IndexSections } from '../core/snapshot-layout.ts';

export interface ShardRanges {
  shard: number;
  /** [start, end) byte ranges inside the shard, ascending. */
  ranges: { start: number; end: number }[];
}

/** Groups matching elements (ascending) into per-shard byte ranges, merging neighbours. */
export function planByteRanges(sections: IndexSections, elements: Uint32Array): ShardRanges[] {
  const groups: ShardRanges[] = [];
  let previous = -2;
  for (const e of elements) {
    const shard = sections.elementShard[e]!;
    let group = groups[groups.length - 1];
    if (!group || group.shard !== shard) groups.push((group = { shard, ranges: [] }));
    const last = group.ranges[group.ranges.length - 1];
    if (last && previous === e - 1) last.end = sections.elementEnd[e]!;
    else group.ranges.push({ start: sections.elementStart[e]!, end: sections.elementEnd[e]! });
    previous = e;
  }
  return groups;
}

/** Exact byte length of the JSON array the ranges make. */
export function answerLength(groups: ShardRanges[]): number {
  let length = 2; // [ ]
  let ranges = 0;
  for (const group of groups) for (const { start, end } of group.ranges) (length += end - start), ranges++;
  return length + Math.max(0, ranges - 1); // commas between ranges
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('[');
const CLOSE = encoder.encode(']');
const COMMA = encoder.encode(',');
/** Shard reads in flight ahead of the one being written out. */
const PREFETCH = 4;

/** The answer's bytes; `openShard` is called ahead of need, at most PREFETCH + 1 at a time. */
export async function* answerBytes(
  groups: ShardRanges[],
  openShard: (shard: number) => Promise<ReadableStream<Uint8Array>>,
): AsyncGenerator<Uint8Array> {
  const inFlight: Promise<ReadableStream<Uint8Array>>[] = [];
  let launched = 0;
  const launch = () => {
    while (inFlight.length <= PREFETCH && launched < groups.length) {
      const opening = openShard(groups[launched++]!.shard);
      opening.catch(() => undefined); // awaited in order below; this only silences early rejections
      inFlight.push(opening);
    }
  };
  try {
    yield OPEN;
    let first = true;
    for (const group of groups) {
      launch();
      const reader = (await inFlight.shift()!).getReader();
      let position = 0;
      let r = 0;
      while (r < group.ranges.length) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`shard ${group.shard} is shorter than the index says`);
        const chunkStart = position;
        position += value.length;
        while (r < group.ranges.length) {
          const range = group.ranges[r]!;
          if (range.start >= position) break;
          const from = Math.max(range.start, chunkStart);
          const to = Math.min(range.end, position);
          if (from === range.start) {
            if (!first) yield COMMA;
            first = false;
          }
          if (to > from) yield value.subarray(from - chunkStart, to - chunkStart);
          if (range.end > position) break;
          r++;
        }
      }
      await reader.cancel(); // the rest of the shard is not needed
    }
    yield CLOSE;
  } finally {
    for (const pending of inFlight) pending.then((stream) => stream.cancel()).catch(() => undefined);
  }
}

/** A byte stream with a known length over an async generator, pulled only as fast as it is read. */
export function fixedLengthStream(length: number, source: AsyncGenerator<Uint8Array>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length);
  const pump = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  pump.pipeTo(writable).catch(onError);
  return readable;
}
