// The bytes of an answer whose elements are gathered first (snapshot/gather-plan.ts): every planned read
// (at most 6 at once, by the request's budget) hands its elements over, then the answer is
// written in its own order. A read whose elements the cache holds now is not made.
import { ChunkWriter, type ElementFormat } from './streamed-answer.ts';
import type { GatherPlan, GatherRead } from '../snapshot/gather-plan.ts';
import { RunReader, type OpenRun } from '../snapshot/run-reader.ts';

export interface GatherSource {
  elements: Uint32Array;
  length: number;
  plan: GatherPlan;
  /** Element e's byte offset in its group, in its block, and its length. */
  groupStart(e: number): number;
  blockStart(e: number): number;
  elementLength(e: number): number;
  readBlock(block: number): Promise<Uint8Array>;
  openGroup(group: number): Promise<OpenRun>;
  cache: { has(e: number): boolean; get(e: number): Uint8Array | undefined };
  /** Called with each element read, a copy of its own. */
  keep?: (e: number, own: Uint8Array) => void;
  /** Lets go of the memory reserved for this answer at admission (idempotent). */
  release: () => void;
}

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c; // ,

export async function* gatheredAnswerChunks(
  source: GatherSource,
  format: ElementFormat,
  bare = false,
  stop?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const gathered = new Map<number, Uint8Array>();
  const readers = new Set<RunReader>();
  let failed = false;
  const closeAll = () => {
    failed = true;
    for (const reader of readers) reader.cancel();
  };
  stop?.addEventListener('abort', closeAll, { once: true });
  try {
    await Promise.all(
      source.plan.reads.map((read) =>
        gatherRead(source, read, gathered, readers, () => failed).catch((error: unknown) => {
          closeAll();
          throw error;
        }),
      ),
    );
    const out = new ChunkWriter(source.length);
    if (!bare) out.byte(OPEN);
    const { elements } = source;
    for (let i = 0; i < elements.length; i++) {
      if (i > 0) out.byte(COMMA);
      // the overlay's elements are planned no read (prepare-answer.ts): the cache holds them
      const e = elements[i]!;
      format.write(e, gathered.get(e) ?? source.cache.get(e)!, out);
      if (out.hasFull) yield* out.full();
    }
    if (!bare) out.byte(CLOSE);
    yield* out.rest();
  } finally {
    stop?.removeEventListener('abort', closeAll);
    closeAll();
    source.release();
  }
}

async function gatherRead(
  source: GatherSource,
  read: GatherRead,
  gathered: Map<number, Uint8Array>,
  readers: Set<RunReader>,
  stopped: () => boolean,
) {
  const cached = Array.from(read.elements, (e) => source.cache.get(e));
  if (cached.every((bytes) => bytes !== undefined)) {
    read.elements.forEach((e, i) => gathered.set(e, cached[i]!));
    return;
  }
  if (stopped()) throw new Error('the answer was stopped');
  const take = (e: number, bytes: Uint8Array) => {
    if (bytes.length !== source.elementLength(e))
      throw new Error(`element ${e}: the snapshot file is shorter than the index says`);
    const own = bytes.slice(); // neither a whole file nor a reused read buffer is held
    gathered.set(e, own);
    source.keep?.(e, own);
  };
  if (read.kind === 'block') {
    const bytes = await source.readBlock(read.n);
    for (const e of read.elements) {
      const start = source.blockStart(e);
      take(e, bytes.subarray(start, start + source.elementLength(e)));
    }
    return;
  }
  const reader = new RunReader(await source.openGroup(read.n));
  readers.add(reader);
  try {
    for (const e of read.elements) {
      if (stopped()) throw new Error('the answer was stopped');
      const start = source.groupStart(e);
      take(e, await reader.range(start, start + source.elementLength(e)));
    }
  } finally {
    reader.cancel();
    readers.delete(reader);
  }
}
