// build: the whole catalogue as one download (docs/harvest.md §13.3). Pure; no disk.
//
// Each part is one gzip member of JSON Lines: a published element a line, exactly its bytes in
// the snapshot (what /api/v1/data-element/{id} answers), then "\n", in catalogue order. A part
// is cut by its compressed size, and the bound is exact: the lines are compressed a chunk at a
// time (raw deflate, each chunk ending on a sync flush, with the part's previous 32 KiB as its
// dictionary, as pigz does: the same size as one stream), and a chunk that would take the part
// past `dumpPartBytes` (header, chunks, final block and trailer counted) starts the next part
// instead. Same elements and options, same bytes (mtime 0, a fixed OS byte), with one zlib:
// Node's bundled zlib decides the deflate bytes.
import { createHash } from 'node:crypto';
import { joinBytes } from './join-bytes.ts';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { PublishedElement } from './compile-catalogue.ts';

/**
 * A part's most compressed bytes: well below the 25 MiB a static asset may have (and the
 * build's own 24 MiB per file), so a deploy never meets the limit. 100,000 elements fit in two.
 */
export const DUMP_PART_BYTES = 20 * 1024 * 1024;
/**
 * zlib's level. On a 100,000-element catalogue (203 MiB of JSON Lines, bench/HISTORY.md): level 6
 * compresses 7.08 to 1 in 4.6 s of CPU, level 9 7.15 to 1 in 6.0 s; every download saves the 1 %,
 * a nightly build pays the 1.4 s once.
 */
export const DUMP_LEVEL = 9;
/**
 * Uncompressed bytes compressed at once: small against a part, so a part fills to within a
 * chunk of its bound; large against the 32 KiB window, so the cut costs nothing in ratio.
 */
const CHUNK_BYTES = 1024 * 1024;
const WINDOW_BYTES = 32 * 1024;

export interface DumpOptions {
  /** Most bytes of a part (tests use tiny ones, to get many parts). */
  dumpPartBytes?: number;
  dumpLevel?: number;
}

export interface CompressedPart {
  bytes: Uint8Array;
  /** Elements it holds, and the first one's number in catalogue order. */
  elements: number;
  firstElement: number;
  sha256: string;
}

// ID1 ID2, deflate, no flags, mtime 0, XFL (set per level), OS 3 (Unix, whatever the build ran on)
const HEADER = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
const FINAL_BLOCK = Uint8Array.of(3, 0); // an empty last block (fixed Huffman)
const TRAILER_BYTES = 8; // CRC-32 and length of the uncompressed bytes, little-endian

export function buildDump(
  published: PublishedElement[],
  options: DumpOptions = {},
): CompressedPart[] {
  const cap = options.dumpPartBytes ?? DUMP_PART_BYTES;
  const level = options.dumpLevel ?? DUMP_LEVEL;
  const chunkTarget = Math.max(1, Math.min(CHUNK_BYTES, Math.floor(cap / 16)));
  const parts: CompressedPart[] = [];
  let part: OpenPart | undefined;
  for (const chunk of chunksOf(published, chunkTarget)) {
    if (part) {
      const compressed = deflateChunk(chunk.bytes, level, part.window);
      if (part.size + compressed.length + FINAL_BLOCK.length + TRAILER_BYTES <= cap) {
        append(part, chunk, compressed);
        continue;
      }
      parts.push(finishPart(part));
    }
    // A new part starts a new stream, with no dictionary. A chunk that exceeds the bound alone is
    // one element (a chunk of several is a sixteenth of the bound): a part of its own, which the
    // build checks against the asset limit like every file.
    part = openPart(chunk.firstElement, level);
    append(part, chunk, deflateChunk(chunk.bytes, level, undefined));
  }
  if (part) parts.push(finishPart(part));
  return parts;
}

interface Chunk {
  bytes: Uint8Array;
  elements: number;
  firstElement: number;
}

interface OpenPart {
  pieces: Uint8Array[];
  size: number;
  crc: number;
  length: number;
  elements: number;
  firstElement: number;
  /** The last 32 KiB (at most) of the part's uncompressed bytes: the next chunk's dictionary. */
  window: Uint8Array | undefined;
}

function openPart(firstElement: number, level: number): OpenPart {
  const header = Uint8Array.from(HEADER);
  header[8] = level === 9 ? 2 : level === 1 ? 4 : 0; // XFL: slowest or fastest compression
  return {
    pieces: [header],
    size: header.length,
    crc: 0,
    length: 0,
    elements: 0,
    firstElement,
    window: undefined,
  };
}

/** Whole lines, about `target` bytes a chunk (one line alone when it is longer). */
function* chunksOf(published: PublishedElement[], target: number): Generator<Chunk> {
  let first = 0;
  let bytes = 0;
  for (let e = 0; e <= published.length; e++) {
    const line = e < published.length ? published[e]!.byteLength + 1 : 0;
    if (e > first && (e === published.length || bytes + line > target)) {
      const text = published
        .slice(first, e)
        .map((element) => `${element.json}\n`)
        .join('');
      yield { bytes: Buffer.from(text, 'utf8'), elements: e - first, firstElement: first };
      first = e;
      bytes = 0;
    }
    bytes += line;
  }
}

function deflateChunk(bytes: Uint8Array, level: number, dictionary: Uint8Array | undefined) {
  return deflateRawSync(bytes, {
    level,
    finishFlush: constants.Z_SYNC_FLUSH, // byte-aligned and not final: the next chunk follows
    ...(dictionary ? { dictionary } : {}),
  });
}

function append(part: OpenPart, chunk: Chunk, compressed: Uint8Array) {
  part.pieces.push(compressed);
  part.size += compressed.length;
  part.crc = crc32(chunk.bytes, part.crc);
  part.length += chunk.bytes.length;
  part.elements += chunk.elements;
  const seen =
    part.window && chunk.bytes.length < WINDOW_BYTES
      ? joinBytes([part.window, chunk.bytes])
      : chunk.bytes;
  part.window = seen.subarray(Math.max(0, seen.length - WINDOW_BYTES));
}

function finishPart(part: OpenPart): CompressedPart {
  const trailer = new Uint8Array(TRAILER_BYTES);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, part.crc >>> 0, true);
  view.setUint32(4, part.length >>> 0, true); // ISIZE: the length modulo 2^32
  const bytes = joinBytes([...part.pieces, FINAL_BLOCK, trailer]);
  return {
    bytes,
    elements: part.elements,
    firstElement: part.firstElement,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
