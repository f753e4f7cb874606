import { describe, expect, it } from 'vitest';
import {
  answerChunks,
  answerLength,
  ChunkWriter,
  type AnswerSource,
} from '../../../../worker/answer/streamed-answer.ts';
import { wholeElement } from '../../../../worker/answer/element-format.ts';
import { ElementCache } from '../../../../worker/snapshot/index-caches.ts';
import { planReads, type PlacementIndex } from '../../../../worker/snapshot/read-plan.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `blocks` blocks of `perBlock` elements ("000000"…), `blocksPerRun` blocks to a run. */
function snapshot(blocks: number, perBlock: number, blocksPerRun: number) {
  const count = blocks * perBlock;
  const text = (e: number) => `"${String(e).padStart(6, '0')}"`;
  const size = text(0).length;
  const blockText = (b: number) =>
    Array.from({ length: perBlock }, (_, i) => text(b * perBlock + i)).join(',');
  const runCount = Math.ceil(blocks / blocksPerRun);
  const runText = (r: number) =>
    Array.from({ length: Math.min(blocksPerRun, blocks - r * blocksPerRun) }, (_, i) =>
      blockText(r * blocksPerRun + i),
    ).join(',');
  const blockLength = Uint32Array.from({ length: blocks }, (_, b) => blockText(b).length);
  const index: PlacementIndex = {
    sections: {
      elementBlock: Uint32Array.from({ length: count }, (_, e) => Math.floor(e / perBlock)),
      elementStart: Uint32Array.from({ length: count }, (_, e) => (e % perBlock) * (size + 1)),
      elementLength: new Uint32Array(count).fill(size),
      blockLength,
      runFirstBlock: Uint32Array.from({ length: runCount + 1 }, (_, r) =>
        Math.min(blocks, r * blocksPerRun),
      ),
    },
    blockRun: Uint32Array.from({ length: blocks }, (_, b) => Math.floor(b / blocksPerRun)),
    blockRunOffset: Uint32Array.from(
      { length: blocks },
      (_, b) => (b % blocksPerRun) * (blockLength[0]! + 1),
    ),
  };
  return { index, text, size, blockText, runText };
}

/** An answer over the fake snapshot, counting the reads it opens and those it leaves open. */
function answer(
  fake: ReturnType<typeof snapshot>,
  elements: Uint32Array,
  cache: ElementCache,
  maxReads = 1000,
  { stallAfter = Infinity } = {},
) {
  const plan = planReads(fake.index, elements, (e) => cache.has(e), maxReads)!;
  const reads = { blocks: [] as number[], runs: [] as number[], runsOpen: 0 };
  const { elementStart, elementLength, elementBlock } = fake.index.sections;
  const format = wholeElement(elementLength);
  const source: AnswerSource = {
    elements,
    length: answerLength(elements, format),
    plan,
    placement: (e) => ({
      start: elementStart[e]!,
      runStart: fake.index.blockRunOffset[elementBlock[e]!]! + elementStart[e]!,
      length: elementLength[e]!,
    }),
    readBlock: async (block) => {
      reads.blocks.push(block);
      return encoder.encode(fake.blockText(block));
    },
    openRun: async (run) => {
      reads.runs.push(run);
      reads.runsOpen++;
      const bytes = encoder.encode(fake.runText(run));
      let released = false;
      // in small chunks, as a stream arrives
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          if (at >= stallAfter) return new Promise<void>(() => undefined); // a read that never ends
          controller.enqueue(bytes.subarray(at, (at += 7)));
        },
      });
      const release = () => {
        if (!released) reads.runsOpen--;
        released = true;
      };
      return { body, release };
    },
    cache,
    keep: (e, bytes) => cache.keep(e, bytes),
  };
  const expected = `[${Array.from(elements, fake.text).join(',')}]`;
  return {
    plan,
    reads,
    chunks: (stop?: AbortSignal) => answerChunks(source, format, false, stop),
    expected,
  };
}

async function text(chunks: AsyncGenerator<Uint8Array>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += decoder.decode(chunk);
  return out;
}

const range = (from: number, to: number) =>
  Uint32Array.from({ length: to - from }, (_, i) => from + i);

describe('answerChunks', () => {
  const fake = snapshot(40, 10, 10);

  it('writes the elements read from blocks and runs, and keeps them', async () => {
    const cache = new ElementCache();
    const scattered = Uint32Array.of(3, 57, 58, 250, 399);
    const first = answer(fake, scattered, cache);
    expect(await text(first.chunks())).toBe(first.expected);
    expect(first.reads.blocks.length + first.reads.runs.length).toBe(first.plan.steps.length);
    expect(cache.has(250)).toBe(true);

    const broad = answer(fake, range(0, 400), new ElementCache());
    expect(broad.plan.steps.every((step) => step.kind === 'run')).toBe(true);
    expect(await text(broad.chunks())).toBe(broad.expected);
    expect(broad.reads.runsOpen).toBe(0);
  });

  it('writes an answer in another order than the catalogue (relevance): each ascending stretch read on its own', async () => {
    // stretches that go back within a run to elements not read yet: 99 then 5, 7 then 3
    const order = Uint32Array.of(...range(300, 400), ...range(50, 100), 5, 250, 7, 3);
    const relevance = answer(fake, order, new ElementCache());
    expect(relevance.plan.steps.filter((step) => step.kind === 'run').length).toBeGreaterThan(2);
    expect(await text(relevance.chunks())).toBe(relevance.expected);
    expect(relevance.reads.runsOpen).toBe(0);
  });

  it('skips the reads whose elements are all cached when the answer reaches them', async () => {
    const cache = new ElementCache();
    const elements = range(0, 400);
    await text(answer(fake, elements, cache).chunks());
    const again = answer(fake, elements, cache);
    expect(await text(again.chunks())).toBe(again.expected);
    expect(again.reads.blocks).toEqual([]);
    expect(again.reads.runs).toEqual([]);
  });

  it('reads what the cache dropped after the plan was made, within the plan', async () => {
    const small = new ElementCache(fake.size * 20); // holds 20 elements
    const elements = Uint32Array.of(1, 2, 3, 101, 102, 250);
    await text(answer(fake, elements, small).chunks());
    const later = answer(fake, elements, small);
    expect(later.plan.missingBytes).toBe(0);
    // another answer pushes all of them out before this one is written
    await text(answer(fake, range(300, 340), small).chunks());
    expect(small.has(1)).toBe(false);
    expect(await text(later.chunks())).toBe(later.expected);
    expect(later.reads.blocks.length + later.reads.runs.length).toBeLessThanOrEqual(
      later.plan.steps.length,
    );
  });

  it('closes its open runs when the reader stops early', async () => {
    const large = snapshot(400, 100, 10); // 40,000 elements: far more than one chunk
    const cut = answer(large, range(0, 40_000), new ElementCache());
    const chunks = cut.chunks();
    await chunks.next();
    expect(cut.reads.runsOpen).toBeGreaterThan(0);
    await chunks.return(undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cut.reads.runs.length).toBeGreaterThan(0);
    expect(cut.reads.runsOpen).toBe(0);
  });
});

describe('answerChunks stopped', () => {
  it('closes its reads at once, even while it waits on a read that never ends', async () => {
    const stalled = answer(snapshot(40, 10, 10), range(0, 400), new ElementCache(), 1000, {
      stallAfter: 100,
    });
    const stop = new AbortController();
    const chunks = stalled.chunks(stop.signal);
    const first = chunks.next(); // waits on the stalled run
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stalled.reads.runsOpen).toBeGreaterThan(0);
    stop.abort();
    await expect(first).rejects.toThrow();
    expect(stalled.reads.runsOpen).toBe(0);
  });
});

describe('ChunkWriter', () => {
  it('gives back the pieces in order, in chunks no larger than what the answer has left', () => {
    const pieces = [3, 70_000, 200_000, 5, 60_000, 1].map((size, i) =>
      new Uint8Array(size).fill(i + 1),
    );
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const out = new ChunkWriter(total);
    const chunks: Uint8Array[] = [];
    for (const piece of pieces) {
      out.piece(piece);
      chunks.push(...out.full());
    }
    chunks.push(...out.rest());
    const joined = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    expect(at).toBe(total);
    let expectedAt = 0;
    pieces.forEach((piece) => {
      expect(joined.subarray(expectedAt, expectedAt + piece.length)).toEqual(piece);
      expectedAt += piece.length;
    });
    // a small answer allocates its own size, not a whole chunk
    const small = new ChunkWriter(10);
    small.piece(new Uint8Array(10));
    expect([...small.rest()].map((chunk) => chunk.buffer.byteLength)).toEqual([10]);
  });

  it('uses a chunk buffer again once the consumer has asked for the next chunk', () => {
    const piece = new Uint8Array(100_000);
    const out = new ChunkWriter(piece.length * 6);
    const seen: { buffer: ArrayBufferLike; first: number }[] = [];
    const copies: Uint8Array[] = [];
    for (let i = 0; i < 6; i++) {
      out.piece(piece.fill(i + 1));
      for (const chunk of out.full()) {
        seen.push({ buffer: chunk.buffer, first: chunk[0]! });
        copies.push(chunk.slice()); // what a response body does: copy before asking for more
      }
    }
    for (const chunk of out.rest()) copies.push(chunk.slice());
    // six pieces of 100,000 bytes fill several 128 KiB chunks from one or two buffers
    expect(new Set(seen.map((s) => s.buffer)).size).toBeLessThanOrEqual(2);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    const joined = new Uint8Array(copies.reduce((sum, c) => sum + c.length, 0));
    let at = 0;
    for (const chunk of copies) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    expect(joined.length).toBe(600_000);
    for (let i = 0; i < 6; i++) expect(joined[i * 100_000 + 99_999]).toBe(i + 1);
  });

  it('writes single bytes and short and long ranges in order', () => {
    const source = encoder.encode('x'.repeat(10) + 'y'.repeat(200));
    const out = new ChunkWriter(1 + 5 + 1 + 150 + 1);
    out.byte(0x7b);
    out.range(source, 3, 8); // short: copied byte by byte
    out.byte(0x2c);
    out.range(source, 20, 170); // long: copied as a view
    out.byte(0x7d);
    expect([...out.rest()].map((chunk) => decoder.decode(chunk)).join('')).toBe(
      `{${'x'.repeat(5)},${'y'.repeat(150)}}`,
    );
  });
});
