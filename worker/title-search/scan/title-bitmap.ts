// Sets of title numbers as bitmaps (bit t of word t >> 5), and reading a gram's posting list
// into one.
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import { alignTo, LIST_BITMAP } from '../../../core/title-index/layout.ts';

export type TitleBitmap = Int32Array;

export const emptyBitmap = (count: number): TitleBitmap => new Int32Array((count + 31) >>> 5);

/** The position of a gram key in the index, or -1. */
export function findGram(index: TitleSearchIndex, key: number): number {
  const keys = index.gramKeys;
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (keys[mid]! < key) low = mid + 1;
    else if (keys[mid]! > key) high = mid - 1;
    else return mid;
  }
  return -1;
}

/** Bytes a gram's list takes: a cost estimate for ordering an AND. */
export const postingBytes = (index: TitleSearchIndex, gram: number) =>
  index.gramKinds[gram] === LIST_BITMAP
    ? Infinity
    : index.gramStart[gram + 1]! - index.gramStart[gram]!;

/**
 * Adds the titles of a gram to `into`, only those `only` holds when given, and returns how many it
 * let through: one pass over the gram's list, so narrowing against candidates needs no second pass
 * to intersect or to count (a fresh isolate's first search runs these loops before V8 has
 * optimized them, so every pass saved shows).
 */
export function addPostings(
  index: TitleSearchIndex,
  gram: number,
  into: TitleBitmap,
  only?: TitleBitmap,
): number {
  const start = index.gramStart[gram]!;
  const end = index.gramStart[gram + 1]!;
  const postings = index.postings;
  let count = 0;
  if (index.gramKinds[gram] === LIST_BITMAP) {
    const at = alignTo(postings.byteOffset + start, 4);
    const words = new Int32Array(postings.buffer, at, into.length);
    for (let w = 0; w < into.length; w++) {
      const bits = only ? words[w]! & only[w]! : words[w]!;
      into[w] = into[w]! | bits;
      count += bitCount(bits);
    }
    return count;
  }
  let title = -1;
  for (let i = start; i < end;) {
    let gap = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = postings[i++]!;
      gap |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    title += gap + 1;
    const bit = 1 << (title & 31);
    if (only === undefined || (only[title >>> 5]! & bit) !== 0) {
      into[title >>> 5] = into[title >>> 5]! | bit;
      count++;
    }
  }
  return count;
}

export function intersectInto(into: TitleBitmap, other: TitleBitmap) {
  for (let w = 0; w < into.length; w++) into[w] = into[w]! & other[w]!;
}

/** Whether the bitmap holds number n. */
export const holds = (bitmap: TitleBitmap, n: number) => (bitmap[n >>> 5]! & (1 << (n & 31))) !== 0;

/**
 * The titles as a bitmap (repeats and numbers past `count` ignored), and how many it holds;
 * `titleOf`: the numbers given are elements, and these their titles (one pass, no list between).
 */
export function bitmapOfTitles(
  count: number,
  titles: Uint32Array,
  titleOf?: Uint32Array,
): { bitmap: TitleBitmap; count: number } {
  const bitmap = emptyBitmap(count);
  let held = 0;
  for (let i = 0; i < titles.length; i++) {
    const t = titleOf ? titleOf[titles[i]!]! : titles[i]!;
    const bit = 1 << (t & 31);
    if (t < count && (bitmap[t >>> 5]! & bit) === 0) {
      bitmap[t >>> 5] = bitmap[t >>> 5]! | bit;
      held++;
    }
  }
  return { bitmap, count: held };
}

export function countTitles(bitmap: TitleBitmap): number {
  let count = 0;
  for (let w = 0; w < bitmap.length; w++) count += bitCount(bitmap[w]!);
  return count;
}

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The bitmaps' intersection, a bitmap of its own, and how many it holds: one pass, so a fresh
 * isolate's first search does not count in a second one.
 */
export function intersectionOf(bitmaps: readonly TitleBitmap[]): {
  bitmap: TitleBitmap;
  count: number;
} {
  const bitmap = bitmaps[0]!.slice();
  let count = 0;
  for (let w = 0; w < bitmap.length; w++) {
    let bits = bitmap[w]!;
    for (let b = 1; b < bitmaps.length; b++) bits &= bitmaps[b]![w]!;
    bitmap[w] = bits;
    count += bitCount(bits);
  }
  return { bitmap, count };
}

/** The numbers a bitmap holds, ascending; `count`: how many it holds, when known already. */
export function bitsOf(bitmap: TitleBitmap, count = countTitles(bitmap)): Uint32Array {
  const numbers = new Uint32Array(count);
  let at = 0;
  for (let w = 0; w < bitmap.length; w++) {
    for (let bits = bitmap[w]!; bits !== 0; bits &= bits - 1)
      numbers[at++] = (w << 5) | (31 - Math.clz32(bits & -bits));
  }
  return numbers;
}
