// A part's bytes written as they are made: text in chunks of a few KiB, each encoded as UTF-8 into
// one growing buffer. Measured: one string of the whole part, flattened and encoded at the end,
// cost more in garbage collection than everything else (a long-lived rope of small strings).

const encoder = new TextEncoder();
const CHUNK = 16_384;

export class ByteWriter {
  private buffer = new Uint8Array(65_536);
  private length = 0;
  private pending = '';

  /** Adds text; it is encoded once a chunk's worth is pending. */
  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= CHUNK) this.flush();
  }

  private flush(): void {
    const text = this.pending;
    this.pending = '';
    // at most 3 bytes of UTF-8 per UTF-16 unit
    const needed = this.length + text.length * 3;
    if (needed > this.buffer.length) {
      const grown = new Uint8Array(Math.max(needed, this.buffer.length * 2));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  /** The bytes written (a view of the buffer: write no more after this). */
  bytes(): Uint8Array {
    this.flush();
    return this.buffer.subarray(0, this.length);
  }
}
