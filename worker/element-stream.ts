// The answer of a search, streamed: "[" + the matching elements' precomputed bytes + "]".
// Neighbouring elements of one shard are one byte range (the shard already holds the comma
// between them); the Worker never parses or re-serializes an element.
import type { IndexSections } from '../core/snapshot-layout.ts';

/** Byte ranges of an answer, in order: range r is [start[r], end[r]) of shard shard[r]. */
export interface ByteRanges {
  count: number;
  shard: Uint32Array;
  start: Uint32Array;
  end: Uint32Array;
}

/** Turns matching elements (ascending) into byte ranges, merging neighbours in one shard. */
export function planByteRanges(sections: IndexSections, elements: Uint32Array): ByteRanges {
  const shard = new Uint32Array(elements.length);
  const start = new Uint32Array(elements.length);
  const end = new Uint32Array(elements.length);
  let count = 0;
  let previous = -2;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const s = sections.elementShard[e]!;
    if (count > 0 && previous === e - 1 && shard[count - 1] === s) {
      end[count - 1] = sections.elementEnd[e]!;
    } else {
      shard[count] = s;
      start[count] = sections.elementStart[e]!;
      end[count] = sections.elementEnd[e]!;
      count++;
    }
    previous = e;
  }
  return { count, shard, start, end };
}

/** Exact byte length of the JSON array the ranges make: brackets, ranges, commas between. */
export function answerLength(ranges: ByteRanges): number {
  let length = 2 + Math.max(0, ranges.count - 1);
  for (let r = 0; r < ranges.count; r++) length += ranges.end[r]! - ranges.start[r]!;
  return length;
}

/** The shards the ranges read, in order, each once. */
export function shardsToRead(ranges: ByteRanges): number[] {
  const shards: number[] = [];
  for (let r = 0; r < ranges.count; r++) if (shards[shards.length - 1] !== ranges.shard[r]) shards.push(ranges.shard[r]!);
  return shards;
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('[');
const CLOSE = encoder.encode(']');
const COMMA = encoder.encode(',');
/** Shard reads in flight ahead of the one being written out. */
const PREFETCH = 4;

/** The answer's bytes; `openShard` is called ahead of need, at most PREFETCH + 1 at a time. */
export async function* answerBytes(
  ranges: ByteRanges,
  openShard: (shard: number) => Promise<ReadableStream<Uint8Array>>,
): AsyncGenerator<Uint8Array> {
  const shards = shardsToRead(ranges);
  const inFlight: Promise<ReadableStream<Uint8Array>>[] = [];
  let launched = 0;
  const launch = () => {
    while (inFlight.length <= PREFETCH && launched < shards.length) {
      const opening = openShard(shards[launched++]!);
      opening.catch(() => undefined); // awaited in order below; this only silences early rejections
      inFlight.push(opening);
    }
  };
  try {
    yield OPEN;
    let r = 0;
    for (const shard of shards) {
      launch();
      const reader = (await inFlight.shift()!).getReader();
      let position = 0;
      while (r < ranges.count && ranges.shard[r] === shard) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`shard ${shard} is shorter than the index says`);
        const chunkStart = position;
        position += value.length;
        while (r < ranges.count && ranges.shard[r] === shard) {
          const start = ranges.start[r]!;
          const end = ranges.end[r]!;
          if (start >= position) break;
          const from = Math.max(start, chunkStart);
          const to = Math.min(end, position);
          if (from === start && r > 0) yield COMMA;
          if (to > from) yield value.subarray(from - chunkStart, to - chunkStart);
          if (end > position) break;
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
