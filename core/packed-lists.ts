// The byte formats the two search indexes share (the title index, core/title-index/, and the word
// index, core/word-index.ts): ascending number lists stored as LEB128 gaps or as a bitmap, and
// sections packed after a header of Uint32 words, each at a multiple of 8 bytes so that readers
// take typed-array views over them. Runtime-neutral: no node:*, no Workers APIs.

/** A list's kind: ascending numbers as LEB128 gaps, or a bitmap (from the next multiple of 4). */
export const LIST_GAPS = 0;
export const LIST_BITMAP = 1;

export const alignTo = (offset: number, alignment: number) =>
  Math.ceil(offset / alignment) * alignment;

/** Writes lists one after the other into one growing buffer. */
export class ListWriter {
  private out = new Uint8Array(1 << 16);
  /** Bytes written so far: where the next list starts. */
  length = 0;

  /** Makes room for `extra` more bytes. */
  reserve(extra: number) {
    if (this.length + extra <= this.out.length) return;
    const grown = new Uint8Array(Math.max(this.out.length * 2, this.length + extra));
    grown.set(this.out.subarray(0, this.length));
    this.out = grown;
  }

  /** Ascending numbers as LEB128 gaps (each number less the one before, less one). */
  writeGaps(values: ArrayLike<number>) {
    this.reserve(values.length * 5);
    const out = this.out;
    let length = this.length;
    let previous = -1;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      for (let gap = value - previous - 1; ; gap >>>= 7) {
        if (gap < 0x80) {
          out[length++] = gap;
          break;
        }
        out[length++] = (gap & 0x7f) | 0x80;
      }
      previous = value;
    }
    this.length = length;
  }

  /**
   * The numbers as a bitmap of `bitmapBytes` from `start` (or, when later, the current end)
   * rounded up to a multiple of 4: the padding is part of the list. Bytes written after `start`
   * are overwritten.
   */
  writeBitmap(values: ArrayLike<number>, bitmapBytes: number, start = this.length) {
    this.reserve(start + bitmapBytes + 3 - this.length);
    this.out.fill(0, start, start + bitmapBytes + 3);
    const at = alignTo(start, 4);
    const out = this.out;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      out[at + (value >>> 3)] = out[at + (value >>> 3)]! | (1 << (value & 7));
    }
    this.length = at + bitmapBytes;
  }

  /** A copy of what was written. */
  bytes(): Uint8Array {
    return this.out.slice(0, this.length);
  }
}

/**
 * Sections after a header of `headerWords` Uint32 words, each at a multiple of 8 bytes; the
 * caller fills the header (it gets each section's byte offset).
 */
export function packSections(
  headerWords: number,
  sections: readonly ArrayBufferView[],
): { bytes: Uint8Array; header: Uint32Array; offsets: number[] } {
  let offset = headerWords * 4;
  const offsets = sections.map((data) => {
    const at = alignTo(offset, 8);
    offset = at + data.byteLength;
    return at;
  });
  const bytes = new Uint8Array(alignTo(offset, 8));
  sections.forEach((data, i) =>
    bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offsets[i]!),
  );
  return { bytes, header: new Uint32Array(bytes.buffer, 0, headerWords), offsets };
}
