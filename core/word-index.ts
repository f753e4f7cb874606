// Word search (docs/api.md §11): what a word is, the words of `q`, and the bytes of the word index,
// which the generator writes (encodeWordIndex) and the Worker reads in place (decodeWordIndex).
// Runtime-neutral: no node:*, no Workers APIs.
//
// The index: a header of HEADER_WORDS little-endian Uint32 words, then sections, each starting at
// a multiple of 8 bytes so that they are read as typed-array views, nothing copied or parsed.
//
//   wordUnits   Uint16[U]    every searchable word once, in code-unit order, concatenated: the
//                            words starting with a prefix are consecutive (found by binary search)
//   wordStart   Uint32[W+1]  where word w starts in wordUnits
//   rangeFirst  Uint32[R]    word ranges [first, end) whose unions are stored too (see
//   rangeEnd    Uint32[R]    generator/build-word-index.ts), sorted by first, then end
//   listStart   Uint32[L+1]  byte offset of list l in postings; L = 2·(W + R):
//                            list 2w: the elements with word w in the title, 2w+1: anywhere;
//                            list 2(W+r): the elements with a word of range r in the title,
//                            2(W+r)+1: anywhere
//   listKind    Uint8[L]     LIST_GAPS: ascending element numbers as LEB128 gaps; LIST_BITMAP: a
//                            bitmap of N bits from the next multiple of 4 on (bit e of Int32 word
//                            e >>> 5), whichever is smaller
//   postings    Uint8[]
import { emptyBitmap, type Bitmap } from './bitmap.ts';
import { bitmapWords } from './snapshot-layout.ts';
import { alignTo, LIST_BITMAP, LIST_GAPS, ListWriter, packSections } from './packed-lists.ts';

// ---- words -----------------------------------------------------------------------------------

/** More distinct words than this in `q` is a 400 (docs/api.md §11). */
export const MAX_QUERY_WORDS = 12;

const COMBINING_MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;

/** The words of a text, in order, repeats kept (docs/api.md §11). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(NOT_LETTER_OR_DIGIT)
    .filter((word) => word !== '');
}

export const NO_WORD_MESSAGE =
  'Invalid q: it has no word to search for (a word is a run of letters or digits).';

export type QueryWords = { ok: true; words: string[] } | { ok: false; message: string };

/**
 * The words of a non-empty `q`, each once, in the order first given; or why `q` is refused. An
 * absent or empty `q` is no word search at all: the query parser drops it before this.
 */
export function queryWords(q: string): QueryWords {
  const words = [...new Set(wordsOf(q))];
  if (words.length === 0)
    return {
      ok: false,
      message: NO_WORD_MESSAGE,
    };
  if (words.length > MAX_QUERY_WORDS)
    return {
      ok: false,
      message: `Invalid q: it has ${words.length} different words; give at most ${MAX_QUERY_WORDS}.`,
    };
  return { ok: true, words };
}

// ---- the index's bytes -----------------------------------------------------------------------

const INDEX_MAGIC = 0x31495357; // "WSI1"
const HEADER_WORDS = 16;
const HEADER = {
  magic: 0,
  totalBytes: 1,
  elementCount: 2,
  wordCount: 3,
  rangeCount: 4,
  unitCount: 5,
  postingsLength: 6,
  wordUnits: 7,
  wordStart: 8,
  rangeFirst: 9,
  rangeEnd: 10,
  listStart: 11,
  listKind: 12,
  postings: 13,
} as const;
export { LIST_BITMAP, LIST_GAPS };

/** What the generator decides; the bytes are this, laid out. */
export interface WordIndexContent {
  elementCount: number;
  /** Distinct words in code-unit order. */
  words: readonly string[];
  /** Per word, the elements (ascending) with it in the title, and anywhere searchable. */
  titleElements: readonly Uint32Array[];
  anywhereElements: readonly Uint32Array[];
  /** Word ranges whose unions are stored, sorted by first then end, with those unions. */
  ranges: readonly { first: number; end: number; title: Uint32Array; anywhere: Uint32Array }[];
}

export interface WordIndex {
  readonly elementCount: number;
  readonly wordCount: number;
  readonly wordUnits: Uint16Array;
  readonly wordStart: Uint32Array;
  readonly rangeFirst: Uint32Array;
  readonly rangeEnd: Uint32Array;
  readonly listStart: Uint32Array;
  readonly listKind: Uint8Array;
  readonly postings: Uint8Array;
}

export function encodeWordIndex(content: WordIndexContent): Uint8Array {
  const { elementCount, words } = content;
  const wordStart = new Uint32Array(words.length + 1);
  words.forEach((word, w) => (wordStart[w + 1] = wordStart[w]! + word.length));
  const wordUnits = new Uint16Array(wordStart[words.length]!);
  words.forEach((word, w) => {
    for (let i = 0; i < word.length; i++) wordUnits[wordStart[w]! + i] = word.charCodeAt(i);
  });
  const lists = [
    ...words.flatMap((_, w) => [content.titleElements[w]!, content.anywhereElements[w]!]),
    ...content.ranges.flatMap((range) => [range.title, range.anywhere]),
  ];
  const postings = encodeLists(elementCount, lists);
  const sections: [keyof typeof HEADER, ArrayBufferView][] = [
    ['wordUnits', wordUnits],
    ['wordStart', wordStart],
    ['rangeFirst', Uint32Array.from(content.ranges, (range) => range.first)],
    ['rangeEnd', Uint32Array.from(content.ranges, (range) => range.end)],
    ['listStart', postings.starts],
    ['listKind', postings.kinds],
    ['postings', postings.bytes],
  ];
  const { bytes, header, offsets } = packSections(
    HEADER_WORDS,
    sections.map(([, data]) => data),
  );
  header[HEADER.magic] = INDEX_MAGIC;
  header[HEADER.totalBytes] = bytes.length;
  header[HEADER.elementCount] = elementCount;
  header[HEADER.wordCount] = words.length;
  header[HEADER.rangeCount] = content.ranges.length;
  header[HEADER.unitCount] = wordUnits.length;
  header[HEADER.postingsLength] = postings.bytes.length;
  sections.forEach(([name], i) => (header[HEADER[name]] = offsets[i]!));
  return bytes;
}

/** Each list as LEB128 gaps or as a bitmap, whichever is smaller. */
function encodeLists(elementCount: number, lists: readonly Uint32Array[]) {
  const bitmapBytes = bitmapWords(elementCount) * 4;
  const starts = new Uint32Array(lists.length + 1);
  const kinds = new Uint8Array(lists.length);
  const out = new ListWriter();
  lists.forEach((elements, l) => {
    const start = (starts[l] = out.length);
    out.writeGaps(elements);
    if (out.length - start > bitmapBytes) {
      kinds[l] = LIST_BITMAP;
      out.writeBitmap(elements, bitmapBytes, start);
    }
    starts[l + 1] = out.length;
  });
  return { starts, kinds, bytes: out.bytes() };
}

/** Views over the bytes of a word index, nothing copied. Throws when they are not one. */
export function decodeWordIndex(buffer: ArrayBuffer): WordIndex {
  if (buffer.byteLength < HEADER_WORDS * 4) throw new Error('word index: too short');
  const header = new Uint32Array(buffer, 0, HEADER_WORDS);
  if (header[HEADER.magic] !== INDEX_MAGIC || header[HEADER.totalBytes] !== buffer.byteLength)
    throw new Error('word index: not an index of this layout');
  const field = (name: keyof typeof HEADER) => header[HEADER[name]]!;
  const wordCount = field('wordCount');
  const rangeCount = field('rangeCount');
  const listCount = 2 * (wordCount + rangeCount);
  return {
    elementCount: field('elementCount'),
    wordCount,
    wordUnits: new Uint16Array(buffer, field('wordUnits'), field('unitCount')),
    wordStart: new Uint32Array(buffer, field('wordStart'), wordCount + 1),
    rangeFirst: new Uint32Array(buffer, field('rangeFirst'), rangeCount),
    rangeEnd: new Uint32Array(buffer, field('rangeEnd'), rangeCount),
    listStart: new Uint32Array(buffer, field('listStart'), listCount + 1),
    listKind: new Uint8Array(buffer, field('listKind'), listCount),
    postings: new Uint8Array(buffer, field('postings'), field('postingsLength')),
  };
}

// ---- reading it ------------------------------------------------------------------------------

/** Which of a word's (or a range's) two lists. */
export type ListPlace = 'title' | 'anywhere';

export const wordList = (w: number, place: ListPlace) => 2 * w + (place === 'title' ? 0 : 1);
export const rangeList = (index: WordIndex, r: number, place: ListPlace) =>
  2 * (index.wordCount + r) + (place === 'title' ? 0 : 1);

/** A list stored as a bitmap, as a view over the index; undefined for a list of gaps. */
export function listBitmap(index: WordIndex, list: number): Bitmap | undefined {
  if (index.listKind[list] !== LIST_BITMAP) return undefined;
  const { postings } = index;
  const at = alignTo(postings.byteOffset + index.listStart[list]!, 4);
  return new Int32Array(postings.buffer, at, bitmapWords(index.elementCount));
}

/** Adds the elements of a list to a bitmap. */
export function addListTo(index: WordIndex, list: number, into: Bitmap): void {
  const bitmap = listBitmap(index, list);
  if (bitmap) {
    for (let w = 0; w < into.length; w++) into[w] = into[w]! | bitmap[w]!;
    return;
  }
  const { postings } = index;
  const end = index.listStart[list + 1]!;
  let e = -1;
  for (let i = index.listStart[list]!; i < end;) {
    let byte = postings[i++]!;
    let gap = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = postings[i++]!;
      gap |= (byte & 0x7f) << shift;
    }
    e += gap + 1;
    into[e >>> 5] = into[e >>> 5]! | (1 << (e & 31));
  }
}

/** The list as a bitmap: the stored one itself (never to be changed), or a new one. */
export function bitmapOfList(index: WordIndex, list: number): Bitmap {
  const stored = listBitmap(index, list);
  if (stored) return stored;
  const bitmap = emptyBitmap(index.elementCount);
  addListTo(index, list, bitmap);
  return bitmap;
}

/** Compares word w with a prefix: < 0 before the words starting with it, 0 one of them, > 0 after. */
function compareToPrefix(index: WordIndex, w: number, prefix: string): number {
  const { wordUnits } = index;
  const start = index.wordStart[w]!;
  const length = index.wordStart[w + 1]! - start;
  for (let i = 0; i < prefix.length; i++) {
    if (i === length) return -1;
    const difference = wordUnits[start + i]! - prefix.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The words starting with `prefix` (itself included): [first, end), empty when none does. */
export function wordsStartingWith(
  index: WordIndex,
  prefix: string,
): { first: number; end: number } {
  const firstAtOrAfter = (after: boolean) => {
    let low = 0;
    let high = index.wordCount;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = compareToPrefix(index, mid, prefix);
      if (order < 0 || (after && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return { first: firstAtOrAfter(false), end: firstAtOrAfter(true) };
}

/** Whether word w is exactly `word`. */
export const isWord = (index: WordIndex, w: number, word: string) =>
  w < index.wordCount &&
  index.wordStart[w + 1]! - index.wordStart[w]! === word.length &&
  compareToPrefix(index, w, word) === 0;

/** The stored range [first, end), or -1 when its union is not stored. */
export function storedRange(index: WordIndex, first: number, end: number): number {
  const { rangeFirst, rangeEnd } = index;
  let low = 0;
  let high = rangeFirst.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (rangeFirst[mid]! < first || (rangeFirst[mid] === first && rangeEnd[mid]! < end))
      low = mid + 1;
    else high = mid;
  }
  return low < rangeFirst.length && rangeFirst[low] === first && rangeEnd[low] === end ? low : -1;
}
