// A gram's posting list in the title index (core/title-index/layout.ts): found by its key, and
// read into a bitmap of titles.
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import { alignTo, LIST_BITMAP } from '../../../core/title-index/layout.ts';
import { bitCount, type Bitmap } from '../../../core/bitmap.ts';

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
  into: Bitmap,
  only?: Bitmap,
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
