// What changed since the snapshot's base (core/snapshot-layout.ts, "Base and overlay"): the
// elements whose copies in the base's files are stale, with their bytes. Held by every isolate
// once loaded with the index (12 MiB at most: generator/base-snapshot.ts caps it), as pinned
// entries of the element cache, and served in place of the stale copies, which no read plan
// reads.

export class Overlay {
  private constructor(
    private readonly items: Map<number, Uint8Array>,
    /** Bytes held. */
    readonly bytes: number,
  ) {}

  static readonly EMPTY = new Overlay(new Map(), 0);

  /**
   * From an overlay file (its items joined by ","), the items' element numbers, where each
   * starts, and each one's length.
   */
  static of(
    file: Uint8Array,
    numbers: Uint32Array,
    starts: Uint32Array,
    lengthOf: (e: number) => number,
  ): Overlay {
    const items = new Map<number, Uint8Array>();
    numbers.forEach((e, i) => {
      const start = starts[i]!;
      const bytes = file.subarray(start, start + lengthOf(e));
      if (bytes.length !== lengthOf(e))
        throw new Error('the overlay is shorter than the index says');
      items.set(e, bytes);
    });
    return new Overlay(items, file.length);
  }

  has(e: number): boolean {
    return this.items.has(e);
  }

  get(e: number): Uint8Array | undefined {
    return this.items.get(e);
  }

  get size(): number {
    return this.items.size;
  }
}
