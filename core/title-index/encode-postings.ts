// Build time: each gram's titles, as LEB128 gaps between ascending title numbers or as a bitmap,
// whichever is smaller (see layout.ts).
import { LIST_BITMAP, LIST_GAPS, ListWriter } from '../packed-lists.ts';

/** Each gram's titles, as LEB128 gaps or as a bitmap, whichever is smaller. */
export function encodePostings(
  titleCount: number,
  keys: Float64Array,
  grams: Map<number, number[]>,
) {
  const bitmapBytes = Math.ceil(titleCount / 32) * 4;
  const starts = new Uint32Array(keys.length + 1);
  const kinds = new Uint8Array(keys.length);
  const out = new ListWriter();
  keys.forEach((key, k) => {
    const titles = grams.get(key)!;
    starts[k] = out.length;
    if (titles.length * 1.2 > bitmapBytes) {
      kinds[k] = LIST_BITMAP;
      out.writeBitmap(titles, bitmapBytes);
    } else {
      kinds[k] = LIST_GAPS;
      out.writeGaps(titles);
    }
    starts[k + 1] = out.length;
  });
  return { starts, kinds, bytes: out.bytes() };
}
