// The bytes of an answer, "[" + elements joined by "," + "]", produced by following a read plan:
// cached elements from memory, the others from blocks (read whole) or runs (read as a stream,
// only up to the last byte needed). The Worker never parses or re-serializes an element.
import type { ReadPlan } from '../snapshot/read-plan.ts';
import { RunReader, type OpenRun } from '../snapshot/run-reader.ts';

/** How each element is written: whole, or (later) projected to some keys. */
export interface ElementFormat {
  /** Byte length of element `e` as written. */
  length(e: number): number;
  /** Writes element `e`, given its bytes as stored. */
  write(e: number, bytes: Uint8Array, out: ChunkWriter): void;
}

export interface AnswerSource {
  elements: Uint32Array;
  /** The answer's exact byte length (answerLength). */
  length: number;
  plan: ReadPlan;
  /** Where element e sits: its byte offset in its block and in the block's run, its length. */
  placement(e: number): { start: number; runStart: number; length: number };
  readBlock(block: number): Promise<Uint8Array>;
  openRun(run: number): Promise<OpenRun>;
  /** The isolate's element cache, looked up as each element is written: nothing is held. */
  cache: { has(e: number): boolean; get(e: number): Uint8Array | undefined };
  /** Called with every element read from the snapshot, when the answer is worth remembering. */
  keep?: (e: number, bytes: Uint8Array) => void;
}

/** Steps opened ahead of the one being written out (the request's budget caps connections at 6). */
const PREFETCH = 4;

/**
 * Exact byte length of the answer: brackets (unless `bare`), elements as formatted, commas between.
 */
export function answerLength(elements: Uint32Array, format: ElementFormat, bare = false): number {
  let length = (bare ? 0 : 2) + Math.max(0, elements.length - 1);
  for (const e of elements) length += format.length(e);
  return length;
}

/**
 * The answer's bytes; `bare`: one element alone, without the array's brackets. Each element comes
 * from the cache if it holds it when written, else from its step's read, opened ahead of time
 * when the cache lacked one of the step's elements then, or when first needed. `stop` aborted:
 * every read is closed.
 */
export async function* answerChunks(
  source: AnswerSource,
  format: ElementFormat,
  bare = false,
  stop?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const { elements, plan } = source;
  const out = new ChunkWriter(source.length);
  const reads = new StepReads(source);
  // A reader that goes away while the generator waits on a read: close the reads at once (the
  // generator's own cleanup runs only once that read settles).
  const closeReads = () => reads.closeAll();
  stop?.addEventListener('abort', closeReads, { once: true });
  try {
    if (!bare) out.byte(OPEN);
    for (let step = 0; step < plan.steps.length; step++) {
      reads.openAhead(step);
      for (let i = plan.stepStart[step]!; i < plan.stepStart[step + 1]!; i++) {
        const e = elements[i]!;
        let bytes = source.cache.get(e);
        if (!bytes) {
          // from the read in hand without a promise when it holds them (most of a broad answer)
          bytes = reads.bytesInHand(step, e) ?? (await reads.bytesOf(step, e));
          source.keep?.(e, bytes);
        }
        if (i > 0) out.byte(COMMA);
        format.write(e, bytes, out);
        if (out.hasFull) yield* out.full();
      }
      reads.finish(step);
    }
    if (!bare) out.byte(CLOSE);
    yield* out.full();
    yield* out.rest();
  } finally {
    stop?.removeEventListener('abort', closeReads);
    reads.closeAll();
  }
}

type Opened =
  { kind: 'block'; bytes: Promise<Uint8Array> } | { kind: 'run'; run: Promise<OpenRun> };

/** The reads of an answer's steps: opened ahead, used in order, each closed when done with. */
class StepReads {
  private readonly opened = new Map<number, Opened>();
  private stopped = false;
  private considered = 0;
  /** The step being written and what its read gave, once it was needed. */
  private current: { step: number; bytes?: Uint8Array; reader?: RunReader } | undefined;

  constructor(private readonly source: AnswerSource) {}

  /** Opens the reads of the next few steps whose elements the cache lacks now. */
  openAhead(step: number) {
    const { steps } = this.source.plan;
    for (
      ;
      this.considered < steps.length && this.considered <= step + PREFETCH;
      this.considered++
    ) {
      if (this.needsRead(this.considered))
        this.opened.set(this.considered, this.open(this.considered));
    }
  }

  /** Element e's bytes when the step's read in hand already holds them, else undefined. */
  bytesInHand(step: number, e: number): Uint8Array | undefined {
    if (this.current?.step !== step) return undefined;
    const at = this.source.placement(e);
    const bytes = this.current.bytes
      ? this.current.bytes.subarray(at.start, at.start + at.length)
      : this.current.reader!.rangeInHand(at.runStart, at.runStart + at.length);
    // a file shorter than the index says: bytesOf reports it
    return bytes?.length === at.length ? bytes : undefined;
  }

  /** Element e's bytes from its step's read (opened now if it was not opened ahead). */
  async bytesOf(step: number, e: number): Promise<Uint8Array> {
    if (this.current?.step !== step) {
      const opened = this.opened.get(step) ?? this.open(step);
      this.opened.delete(step);
      this.current =
        opened.kind === 'block'
          ? { step, bytes: await opened.bytes }
          : { step, reader: new RunReader(await opened.run) };
    }
    const at = this.source.placement(e);
    const bytes = this.current.bytes
      ? this.current.bytes.subarray(at.start, at.start + at.length)
      : await this.current.reader!.range(at.runStart, at.runStart + at.length);
    if (bytes.length !== at.length) {
      throw new Error(`element ${e}: the snapshot file is shorter than the index says`);
    }
    return bytes;
  }

  /** Done with a step: stop its run, and drop a read opened ahead that the cache made needless. */
  finish(step: number) {
    if (this.current?.step === step) {
      this.current.reader?.cancel();
      this.current = undefined;
    }
    const unused = this.opened.get(step);
    this.opened.delete(step);
    if (unused) close(unused);
  }

  /** Closes every read; none opens after (an answer stopped midway ends at its next read). */
  closeAll() {
    this.stopped = true;
    this.current?.reader?.cancel();
    this.current = undefined;
    for (const unused of this.opened.values()) close(unused);
    this.opened.clear();
  }

  private needsRead(step: number): boolean {
    const { elements, plan, cache } = this.source;
    for (let i = plan.stepStart[step]!; i < plan.stepStart[step + 1]!; i++) {
      if (!cache.has(elements[i]!)) return true;
    }
    return false;
  }

  private open(step: number): Opened {
    if (this.stopped) throw new Error('the answer was stopped');
    const { kind, n } = this.source.plan.steps[step]!;
    if (kind === 'block') {
      const bytes = this.source.readBlock(n);
      bytes.catch(() => undefined); // awaited when used; this only silences early rejections
      return { kind, bytes };
    }
    const run = this.source.openRun(n);
    run.catch(() => undefined);
    return { kind, run };
  }
}

/** Lets go of a read that will not be used (a block's bytes are simply dropped). */
function close(opened: Opened) {
  if (opened.kind === 'run') opened.run.then(closeRun, () => undefined);
}

function closeRun(run: OpenRun) {
  run.release();
  run.body.cancel().catch(() => undefined); // nothing more is wanted from it
}

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c; // ,

/**
 * Pieces are copied into chunks of this size: one chunk per element would cost more than the copy.
 */
const CHUNK_BYTES = 128 * 1024;

/** Ranges up to this long are copied byte by byte (ChunkWriter.range). */
const SHORT_RANGE_BYTES = 64;

/**
 * Gathers small pieces into chunks; a piece larger than a chunk goes out as it is. A chunk is
 * allocated when a small piece needs room, never larger than what is left of the answer. A chunk
 * given out is valid until the consumer asks for the next one: then its buffer is used again
 * (the response body copies each chunk as it is written: fixed-length-body.ts), so a long answer
 * allocates one or two chunks, not one per 128 KiB.
 */
export class ChunkWriter {
  private left: number;
  private chunk: Uint8Array | undefined;
  private used = 0;
  private ready: Uint8Array[] = [];
  /** The full-size chunk buffers this writer allocated, and those of them free again. */
  private readonly own = new Set<ArrayBufferLike>();
  private readonly spare: Uint8Array[] = [];

  /** `total`: the bytes the pieces will add up to. */
  constructor(total: number) {
    this.left = total;
  }

  piece(bytes: Uint8Array) {
    if (bytes.length > CHUNK_BYTES) {
      this.flush();
      this.ready.push(bytes);
      this.left -= bytes.length;
      return;
    }
    this.room(bytes.length).set(bytes, this.used);
    this.used += bytes.length;
  }

  /** One byte (a comma, a bracket). */
  byte(value: number) {
    this.room(1)[this.used++] = value;
  }

  /**
   * Bytes [start, end) of `bytes`. A short range is copied byte by byte, without a view and
   * `set()` per range: a listing of 7,954 elements projected to seven keys streamed in 8–9 ms
   * this way against 10.5–11 ms with views only (Node, warm).
   */
  range(bytes: Uint8Array, start: number, end: number) {
    const length = end - start;
    if (length > SHORT_RANGE_BYTES) return this.piece(bytes.subarray(start, end));
    const chunk = this.room(length);
    let at = this.used;
    for (let i = start; i < end; i++) chunk[at++] = bytes[i]!;
    this.used = at;
  }

  get hasFull(): boolean {
    return this.ready.length > 0;
  }

  /** Chunks ready to go out, each valid until the next is asked for. */
  *full(): Generator<Uint8Array> {
    const ready = this.ready;
    this.ready = [];
    for (const chunk of ready) {
      yield chunk;
      // asked for the next one: the consumer is done with this one
      if (this.own.has(chunk.buffer)) this.spare.push(new Uint8Array(chunk.buffer));
    }
  }

  /** What is left, at the end. */
  *rest(): Generator<Uint8Array> {
    this.flush();
    yield* this.full();
  }

  /** The chunk to write `length` more bytes into: the current one if they fit, else a new one. */
  private room(length: number): Uint8Array {
    if (this.chunk && this.used + length > this.chunk.length) this.flush();
    return (this.chunk ??= this.newChunk(Math.max(length, this.left)));
  }

  private newChunk(wanted: number): Uint8Array {
    if (wanted < CHUNK_BYTES) return new Uint8Array(wanted);
    const spare = this.spare.pop();
    if (spare) return spare;
    const chunk = new Uint8Array(CHUNK_BYTES);
    this.own.add(chunk.buffer);
    return chunk;
  }

  private flush() {
    if (!this.chunk) return;
    if (this.used > 0) this.ready.push(this.chunk.subarray(0, this.used));
    this.left -= this.used;
    this.chunk = undefined;
    this.used = 0;
  }
}
