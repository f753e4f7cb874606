// The bytes of an answer, "[" + elements joined by "," + "]", produced by following a read plan:
// cached elements from memory, the others from blocks (read whole) or runs (read as a stream,
// only up to the last byte needed). The Worker never parses or re-serializes an element.
import type { ReadPlan, ReadStep } from './read-plan.ts';
import type { OpenRun } from './snapshot-store.ts';
import { RunReader } from './run-reader.ts';

/** How each element is written: whole, or (later) projected to some keys. */
export interface ElementFormat {
  /** Byte length of element `e` as written. */
  length(e: number): number;
  /** Writes element `e`, given its bytes as stored. */
  write(e: number, bytes: Uint8Array, out: ChunkWriter): void;
}

export interface AnswerSource {
  elements: Uint32Array;
  plan: ReadPlan;
  /** Where element e sits: its byte offset in its block and in the block's run, its length. */
  placement(e: number): { start: number; runStart: number; length: number };
  readBlock(block: number): Promise<Uint8Array>;
  openRun(run: number): Promise<OpenRun>;
  /** Called with every element read from the snapshot, when the answer is worth remembering. */
  keep?: (e: number, bytes: Uint8Array) => void;
  /** Called once when the answer is written or abandoned (it frees what the plan held). */
  done: () => void;
}

/** Steps opened ahead of the one being written out (the request's budget caps connections at 6). */
const PREFETCH = 4;

/** Exact byte length of the answer: brackets (unless `bare`), elements as formatted, commas between. */
export function answerLength(elements: Uint32Array, format: ElementFormat, bare = false): number {
  let length = (bare ? 0 : 2) + Math.max(0, elements.length - 1);
  for (const e of elements) length += format.length(e);
  return length;
}

type Opened =
  { kind: 'block'; bytes: Promise<Uint8Array> } | { kind: 'run'; run: Promise<OpenRun> };

/** The answer's bytes; `bare`: one element alone, without the array's brackets. */
export async function* answerChunks(
  source: AnswerSource,
  format: ElementFormat,
  bare = false,
): AsyncGenerator<Uint8Array> {
  const { elements, plan } = source;
  const out = new ChunkWriter();
  const opened: Opened[] = [];
  let nextToOpen = 0;
  let current: { step: number; bytes?: Uint8Array; reader?: RunReader } | undefined;
  const open = (step: ReadStep): Opened => {
    if (step.kind === 'block') {
      const bytes = source.readBlock(step.n);
      bytes.catch(() => undefined); // awaited in order below; this only silences early rejections
      return { kind: 'block', bytes };
    }
    const run = source.openRun(step.n);
    run.catch(() => undefined);
    return { kind: 'run', run };
  };
  try {
    if (!bare) out.piece(OPEN);
    for (let i = 0; i < elements.length; i++) {
      const e = elements[i]!;
      let bytes = plan.cached[i];
      if (!bytes) {
        const step = plan.stepOf[i]!;
        if (current?.step !== step) {
          current?.reader?.cancel();
          while (nextToOpen < plan.steps.length && nextToOpen <= step + PREFETCH)
            opened.push(open(plan.steps[nextToOpen++]!));
          const next = opened.shift()!;
          current =
            next.kind === 'block'
              ? { step, bytes: await next.bytes }
              : { step, reader: new RunReader(await next.run) };
        }
        const at = source.placement(e);
        bytes = current.bytes
          ? current.bytes.subarray(at.start, at.start + at.length)
          : await current.reader!.range(at.runStart, at.runStart + at.length);
        if (bytes.length !== at.length)
          throw new Error(`element ${e}: the snapshot file is shorter than the index says`);
        source.keep?.(e, bytes);
      }
      if (i > 0) out.piece(COMMA);
      format.write(e, bytes, out);
      if (out.hasFull) yield* out.full();
    }
    if (!bare) out.piece(CLOSE);
    yield* out.full();
    yield* out.rest();
  } finally {
    source.done();
    current?.reader?.cancel();
    for (const pending of opened)
      if (pending.kind === 'run') pending.run.then(closeRun, () => undefined);
  }
}

function closeRun(run: OpenRun) {
  run.release();
  run.body.cancel().catch(() => undefined); // nothing more is wanted from it
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('[');
const CLOSE = encoder.encode(']');
const COMMA = encoder.encode(',');

/** Pieces are copied into chunks of this size: one chunk per element would cost more than the copy. */
const CHUNK_BYTES = 128 * 1024;

/** Gathers small pieces into chunks; a piece larger than a chunk goes out as it is. */
export class ChunkWriter {
  private chunk = new Uint8Array(CHUNK_BYTES);
  private used = 0;
  private ready: Uint8Array[] = [];

  piece(bytes: Uint8Array) {
    if (this.used + bytes.length > CHUNK_BYTES) this.flush();
    if (bytes.length > CHUNK_BYTES) {
      this.ready.push(bytes);
      return;
    }
    this.chunk.set(bytes, this.used);
    this.used += bytes.length;
  }

  get hasFull(): boolean {
    return this.ready.length > 0;
  }

  /** Chunks ready to go out. */
  *full(): Generator<Uint8Array> {
    yield* this.ready;
    this.ready = [];
  }

  /** What is left, at the end. */
  *rest(): Generator<Uint8Array> {
    this.flush();
    yield* this.full();
  }

  private flush() {
    if (this.used === 0) return;
    this.ready.push(this.chunk.subarray(0, this.used));
    this.chunk = new Uint8Array(CHUNK_BYTES);
    this.used = 0;
  }
}
