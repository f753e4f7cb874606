// Sets of numbers (titles, elements) as bitmaps: bit n of word n >> 5, as the snapshot stores
// them. The search intersects element bitmaps; the title search narrows and marks titles.

export type Bitmap = Int32Array;

export const emptyBitmap = (count: number): Bitmap => new Int32Array((count + 31) >>> 5);

/** Every number below `count`. */
export function fullBitmap(count: number): Bitmap {
  const bitmap = emptyBitmap(count);
  bitmap.fill(-1);
  const spare = bitmap.length * 32 - count;
  if (spare > 0) bitmap[bitmap.length - 1] = -1 >>> spare;
  return bitmap;
}

/** Adds the numbers to the bitmap. */
export function addAll(bitmap: Bitmap, numbers: ArrayLike<number>) {
  for (let i = 0; i < numbers.length; i++) {
    const n = numbers[i]!;
    bitmap[n >>> 5] = bitmap[n >>> 5]! | (1 << (n & 31));
  }
}

export function intersectInto(into: Bitmap, other: Bitmap) {
  for (let w = 0; w < into.length; w++) into[w] = into[w]! & other[w]!;
}

export function uniteInto(into: Bitmap, other: Bitmap) {
  for (let w = 0; w < into.length; w++) into[w] = into[w]! | other[w]!;
}

export function subtractInto(into: Bitmap, other: Bitmap) {
  for (let w = 0; w < into.length; w++) into[w] = into[w]! & ~other[w]!;
}

/** Whether the bitmap holds number n. */
export const holds = (bitmap: Bitmap, n: number) => (bitmap[n >>> 5]! & (1 << (n & 31))) !== 0;

/**
 * The numbers as a bitmap (repeats and numbers past `count` ignored), and how many it holds;
 * `titleOf`: the numbers given are elements, and these their titles (one pass, no list between).
 */
export function bitmapOf(
  count: number,
  titles: Uint32Array,
  titleOf?: Uint32Array,
): { bitmap: Bitmap; count: number } {
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

export function countBits(bitmap: Bitmap): number {
  let count = 0;
  for (let w = 0; w < bitmap.length; w++) count += bitCount(bitmap[w]!);
  return count;
}

export function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The bitmaps' intersection, a bitmap of its own, and how many it holds: one pass, so a fresh
 * isolate's first search does not count in a second one.
 */
export function intersectionOf(bitmaps: readonly Bitmap[]): {
  bitmap: Bitmap;
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
export function bitsOf(bitmap: Bitmap, count = countBits(bitmap)): Uint32Array {
  const numbers = new Uint32Array(count);
  let at = 0;
  for (let w = 0; w < bitmap.length; w++) {
    for (let bits = bitmap[w]!; bits !== 0; bits &= bits - 1)
      numbers[at++] = (w << 5) | (31 - Math.clz32(bits & -bits));
  }
  return numbers;
}
