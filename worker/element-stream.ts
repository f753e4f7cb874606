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

/** Turns matching elements (ascending) into byte ranges, merging elements that sit side by side in a shard. */
export function planByteRanges(sections: IndexSections, elements: Uint32Array): ByteRanges {
  const shard = new Uint32Array(elements.length);
  const start = new Uint32Array(elements.length);
  const end = new Uint32Array(elements.length);
  let count = 0;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const s = sections.elementShard[e]!;
    // the shard holds "a,b": b directly follows a when its start is a's end plus the comma
    if (count > 0 && shard[count - 1] === s && end[count - 1]! + 1 === sections.elementStart[e]) {
      end[count - 1] = sections.elementEnd[e]!;
    } else {
      shard[count] = s;
      start[count] = sections.elementStart[e]!;
      end[count] = sections.elementEnd[e]!;
      count++;
    }
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
const PREFETCH = 8;

/** Pieces are copied into chunks of this size: one chunk per element would cost more than the copy. */
const CHUNK_BYTES = 64 * 1024;

/** The answer's bytes, shard by shard; `readShard` is called ahead of need, PREFETCH at a time. */
export async function* answerBytes(ranges: ByteRanges, readShard: (shard: number) => Promise<Uint8Array>): AsyncGenerator<Uint8Array> {
  const shards = shardsToRead(ranges);
  const inFlight: Promise<Uint8Array>[] = [];
  let launched = 0;
  let chunk = new Uint8Array(CHUNK_BYTES);
  let used = 0;
  /** Adds a piece to the chunk; returns the full chunk when it has to go out first. */
  const append = (piece: Uint8Array): Uint8Array | undefined => {
    let full: Uint8Array | undefined;
    if (used + piece.length > CHUNK_BYTES && used > 0) {
      full = chunk.subarray(0, used);
      chunk = new Uint8Array(CHUNK_BYTES);
      used = 0;
    }
    if (piece.length > CHUNK_BYTES) return full ? concat(full, piece) : piece;
    chunk.set(piece, used);
    used += piece.length;
    return full;
  };
  let out = append(OPEN);
  let r = 0;
  for (const shard of shards) {
    while (inFlight.length <= PREFETCH && launched < shards.length) {
      const reading = readShard(shards[launched++]!);
      reading.catch(() => undefined); // awaited in order below; this only silences early rejections
      inFlight.push(reading);
    }
    const bytes = await inFlight.shift()!;
    for (; r < ranges.count && ranges.shard[r] === shard; r++) {
      if (ranges.end[r]! > bytes.length) throw new Error(`shard ${shard} is shorter than the index says`);
      if (r > 0 && (out = append(COMMA))) yield out;
      if ((out = append(bytes.subarray(ranges.start[r]!, ranges.end[r]!)))) yield out;
    }
  }
  if ((out = append(CLOSE))) yield out;
  if (used > 0) yield chunk.subarray(0, used);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
