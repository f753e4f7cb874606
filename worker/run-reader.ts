// Reads byte ranges, in increasing order, out of a run as its bytes arrive: what lies between the
// ranges is skipped, and reading stops (the body is cancelled) once no more is wanted.
import type { OpenRun } from './snapshot-store.ts';

export class RunReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** The chunk in hand and the run offset of its first byte. */
  private chunk: Uint8Array = new Uint8Array(0);
  private chunkStart = 0;
  private closed = false;

  constructor(private readonly run: OpenRun) {
    this.reader = run.body.getReader();
  }

  /**
   * Bytes [start, end) of the run; `start` never goes back. A view when one chunk holds them, else
   * a copy.
   */
  async range(start: number, end: number): Promise<Uint8Array> {
    while (this.chunkStart + this.chunk.length <= start) await this.next();
    const from = start - this.chunkStart;
    if (end <= this.chunkStart + this.chunk.length)
      return this.chunk.subarray(from, end - this.chunkStart);
    const out = new Uint8Array(end - start);
    let filled = this.chunk.length - from;
    out.set(this.chunk.subarray(from), 0);
    while (filled < out.length) {
      await this.next();
      const take = Math.min(this.chunk.length, out.length - filled);
      out.set(this.chunk.subarray(0, take), filled);
      filled += take;
    }
    return out;
  }

  /** Stops reading: the rest of the run is not wanted. */
  cancel() {
    if (this.closed) return;
    this.closed = true;
    this.run.release();
    this.reader.cancel().catch(() => undefined); // nothing more is wanted from it
  }

  private async next() {
    const { value, done } = await this.reader.read();
    if (done) {
      this.closed = true;
      this.run.release();
      throw new Error('a run of the snapshot is shorter than the index says');
    }
    this.chunkStart += this.chunk.length;
    this.chunk = value;
  }
}
