// Reads byte ranges, in increasing order, out of a run as its bytes arrive: what lies between the
// ranges is skipped, and reading stops (the body is cancelled) once no more is wanted.
import { moved } from '../event-loop.ts';

/**
 * A run's bytes as they arrive; `release` frees its connection (call it when done or cut short).
 */
export interface OpenRun {
  body: ReadableStream<Uint8Array>;
  release: () => void;
}

/**
 * Bytes asked of a run's body per read, into one buffer the reader reuses. workerd fills it
 * whole, where its default reader hands over a new 4 KiB chunk per read: 16 times the reads, and
 * every chunk garbage once copied into the answer.
 */
export const RUN_READ_BYTES = 64 * 1024;

export class RunReader {
  private readonly reader:
    | { kind: 'byob'; reader: ReadableStreamBYOBReader }
    | { kind: 'default'; reader: ReadableStreamDefaultReader<Uint8Array> };
  /** The chunk in hand and the run offset of its first byte. */
  private chunk: Uint8Array = new Uint8Array(0);
  private chunkStart = 0;
  /** The buffer the next read fills (given back by every read). */
  private buffer = new ArrayBuffer(RUN_READ_BYTES);
  private closed = false;

  constructor(private readonly run: OpenRun) {
    this.reader = readerOf(run.body);
  }

  /**
   * Bytes [start, end) of the run; `start` never goes back. A view when one chunk holds them, else
   * a copy. A view is valid until the next call: the next read may reuse its buffer.
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

  /** Bytes [start, end) as a view when the chunk in hand holds them all, else undefined. */
  rangeInHand(start: number, end: number): Uint8Array | undefined {
    const from = start - this.chunkStart;
    if (from < 0 || end > this.chunkStart + this.chunk.length) return undefined;
    return this.chunk.subarray(from, end - this.chunkStart);
  }

  /** Stops reading: the rest of the run is not wanted. */
  cancel() {
    if (this.closed) return;
    this.closed = true;
    this.run.release();
    this.reader.reader.cancel().catch(() => undefined); // nothing more is wanted from it
  }

  private async next() {
    this.chunkStart += this.chunk.length;
    const { value, done } =
      this.reader.kind === 'byob'
        ? await this.reader.reader.read(new Uint8Array(this.buffer))
        : await this.reader.reader.read();
    if (done || !value) {
      this.closed = true;
      this.run.release();
      throw new Error('a run of the snapshot is shorter than the index says');
    }
    if (this.reader.kind === 'byob') this.buffer = value.buffer as ArrayBuffer;
    this.chunk = value;
    await moved(value.length); // the isolate's other requests meanwhile (event-loop.ts)
  }
}

/** A reader into a buffer of ours where the body is a byte stream (workerd's are), else chunks. */
function readerOf(body: ReadableStream<Uint8Array>) {
  try {
    return { kind: 'byob' as const, reader: body.getReader({ mode: 'byob' }) };
  } catch {
    return { kind: 'default' as const, reader: body.getReader() };
  }
}
