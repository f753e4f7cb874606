// Build time: each gram's titles, as LEB128 gaps between ascending title numbers or as a bitmap,
// whichever is smaller (see layout.ts).
import { alignTo, LIST_BITMAP, LIST_GAPS } from './layout.ts';

/** Each gram's titles, as LEB128 gaps or as a bitmap, whichever is smaller. */
export function encodePostings(
  titleCount: number,
  keys: Float64Array,
  grams: Map<number, number[]>,
) {
  const bitmapBytes = Math.ceil(titleCount / 32) * 4;
  const starts = new Uint32Array(keys.length + 1);
  const kinds = new Uint8Array(keys.length);
  let out = new Uint8Array(1 << 20);
  let length = 0;
  const reserve = (extra: number) => {
    if (length + extra <= out.length) return;
    const grown = new Uint8Array(Math.max(out.length * 2, length + extra));
    grown.set(out.subarray(0, length));
    out = grown;
  };
  keys.forEach((key, k) => {
    const titles = grams.get(key)!;
    starts[k] = length;
    if (titles.length * 1.2 > bitmapBytes) {
      // the bitmap itself starts at the next multiple of 4: the padding is part of its list
      reserve(bitmapBytes + 3);
      length = alignTo(length, 4);
      kinds[k] = LIST_BITMAP;
      for (const t of titles) out[length + (t >> 3)] = out[length + (t >> 3)]! | (1 << (t & 7));
      length += bitmapBytes;
    } else {
      reserve(titles.length * 5);
      kinds[k] = LIST_GAPS;
      let previous = -1;
      for (const t of titles) {
        for (let gap = t - previous - 1; ; gap >>>= 7) {
          if (gap < 0x80) {
            out[length++] = gap;
            break;
          }
          out[length++] = (gap & 0x7f) | 0x80;
        }
        previous = t;
      }
    }
    starts[k + 1] = length;
  });
  return { starts, kinds, bytes: out.slice(0, length) };
}
