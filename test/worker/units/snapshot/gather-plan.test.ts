import { describe, expect, it } from 'vitest';
import { wholeElement } from '../../../../worker/answer/element-format.ts';
import { planGather, type GatherIndex } from '../../../../worker/snapshot/gather-plan.ts';
import {
  gatheredAnswerChunks,
  type GatherSource,
} from '../../../../worker/answer/gathered-answer.ts';
import type { OpenRun } from '../../../../worker/snapshot/run-reader.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `n` elements of 9 bytes (`{"e":123}`), `perBlock` to a block in catalogue order; groups hold
 * them in another order (`groupOrder`), `perGroup` to a group.
 */
function snapshot(n: number, perBlock: number, groupOrder: number[], perGroup: number) {
  const text = (e: number) => `{"e":${String(e).padStart(3, ' ')}}`;
  const blocks: string[][] = [];
  const groups: string[][] = [];
  const index: GatherIndex = {
    elementBlock: new Uint32Array(n),
    elementLength: new Uint32Array(n).fill(9),
    elementGroup: new Uint32Array(n),
    elementGroupStart: new Uint32Array(n),
    blockLength: new Uint32Array(Math.ceil(n / perBlock)),
  };
  const blockStart = new Uint32Array(n);
  for (let e = 0; e < n; e++) {
    const b = Math.floor(e / perBlock);
    (blocks[b] ??= []).push(text(e));
    index.elementBlock[e] = b;
    blockStart[e] = (e % perBlock) * 10;
  }
  groupOrder.forEach((e, i) => {
    const g = Math.floor(i / perGroup);
    (groups[g] ??= []).push(text(e));
    index.elementGroup[e] = g;
    index.elementGroupStart[e] = (i % perGroup) * 10;
  });
  blocks.forEach((b, i) => (index.blockLength[i] = b.join(',').length));
  return {
    index,
    blockStart,
    blockText: (b: number) => blocks[b]!.join(','),
    groupText: (g: number) => groups[g]!.join(','),
  };
}

/** Elements 0..n-1 in groups by e % 4, then by e: what a data-source order does to them. */
const byRemainder = (n: number) =>
  Array.from({ length: n }, (_, e) => e).sort((a, b) => (a % 4) - (b % 4) || a - b);

describe('planGather', () => {
  it('reads a group whole when its elements lie scattered over many blocks', () => {
    const { index } = snapshot(400, 10, byRemainder(400), 100);
    const elements = Uint32Array.from({ length: 100 }, (_, i) => i * 4); // every e % 4 == 0
    const plan = planGather(index, elements, 50)!;
    expect(plan.reads).toEqual([{ kind: 'group', n: 0, elements: expect.any(Uint32Array) }]);
    expect(Array.from(plan.reads[0]!.elements)).toEqual(Array.from(elements));
    expect(plan.bytesRead).toBe(99 * 10 + 9);
  });

  it('reads a block rather than the long prefix of a group, once for all its elements', () => {
    const { index } = snapshot(400, 10, byRemainder(400), 100);
    // the last elements of groups 1 and 2, together in block 39
    const plan = planGather(index, Uint32Array.of(397, 398), 50)!;
    expect(
      plan.reads.map(({ kind, n, elements }) => ({ kind, n, elements: [...elements] })),
    ).toEqual([{ kind: 'block', n: 39, elements: [397, 398] }]);
    expect(plan.bytesRead).toBe(99);
  });

  it('reads groups whole to keep within the budget, or gives no plan', () => {
    // one element a block, ten a group: 40 elements over 40 blocks and 20 groups
    const { index } = snapshot(400, 1, byRemainder(400), 10);
    const elements = Uint32Array.from({ length: 40 }, (_, i) => i * 10);
    const plan = planGather(index, elements, 20)!;
    expect(plan.reads).toHaveLength(20);
    expect(plan.reads.every((read) => read.kind === 'group')).toBe(true);
    expect(plan.reads.flatMap((read) => [...read.elements]).sort((a, b) => a - b)).toEqual([
      ...elements,
    ]);
    expect(planGather(index, elements, 19)).toBeUndefined();
  });
});

describe('gatheredAnswerChunks', () => {
  function source(fake: ReturnType<typeof snapshot>, elements: Uint32Array, maxReads = 50) {
    const reads: string[] = [];
    const open = { groups: 0 };
    const released = { count: 0 };
    const plan = planGather(fake.index, elements, maxReads)!;
    const gather: GatherSource = {
      elements,
      length: 2 + elements.length * 10 - 1,
      plan,
      groupStart: (e) => fake.index.elementGroupStart[e]!,
      blockStart: (e) => fake.blockStart[e]!,
      elementLength: (e) => fake.index.elementLength[e]!,
      readBlock: async (b) => {
        reads.push(`block ${b}`);
        return encoder.encode(fake.blockText(b));
      },
      openGroup: async (g): Promise<OpenRun> => {
        reads.push(`group ${g}`);
        open.groups++;
        const bytes = encoder.encode(fake.groupText(g));
        let released = false;
        return {
          body: new ReadableStream({
            type: 'bytes',
            pull(controller) {
              controller.enqueue(bytes.slice(0, 7)); // small chunks: ranges across them
              controller.enqueue(bytes.slice(7));
              controller.close();
            },
          }),
          release: () => {
            if (!released) open.groups--;
            released = true;
          },
        };
      },
      cache: new Map<number, Uint8Array>() as unknown as GatherSource['cache'],
      release: () => void released.count++,
    };
    return { gather, reads, open, released };
  }

  const text = async (chunks: AsyncGenerator<Uint8Array>) => {
    let out = '';
    for await (const chunk of chunks) out += decoder.decode(chunk);
    return out;
  };

  it('writes the elements in the answer’s order, whatever order the groups hold them in', async () => {
    const fake = snapshot(400, 10, byRemainder(400), 100);
    const elements = Uint32Array.from([0, 1, 2, 3, 4, 5, 100, 397, 398, 399]);
    const { gather, reads, open, released } = source(fake, elements, 4);
    const answer = await text(gatheredAnswerChunks(gather, wholeElement(fake.index.elementLength)));
    expect(JSON.parse(answer)).toEqual(Array.from(elements, (e) => ({ e })));
    expect(answer.length).toBe(gather.length);
    expect(reads.length).toBeLessThanOrEqual(4);
    expect(open.groups).toBe(0);
    expect(released.count).toBeGreaterThan(0);
  });

  it('closes its reads and lets go of its memory when the reader goes away', async () => {
    const fake = snapshot(400, 10, byRemainder(400), 100);
    const elements = Uint32Array.from({ length: 100 }, (_, i) => i * 4);
    const { gather, open, released } = source(fake, elements);
    const stop = new AbortController();
    const chunks = gatheredAnswerChunks(
      gather,
      wholeElement(fake.index.elementLength),
      false,
      stop.signal,
    );
    const first = chunks.next();
    stop.abort();
    await first.catch(() => undefined);
    await chunks.return(undefined);
    expect(open.groups).toBe(0);
    expect(released.count).toBeGreaterThan(0);
  });

  it('takes what the cache holds instead of reading', async () => {
    const fake = snapshot(40, 10, byRemainder(40), 10);
    const elements = Uint32Array.of(3, 13);
    const { gather, reads } = source(fake, elements);
    const cache = new Map(
      [3, 13].map((e) => [e, encoder.encode(`{"e":${String(e).padStart(3, ' ')}}`)]),
    );
    gather.cache = cache as unknown as GatherSource['cache'];
    const answer = await text(gatheredAnswerChunks(gather, wholeElement(fake.index.elementLength)));
    expect(JSON.parse(answer)).toEqual([{ e: 3 }, { e: 13 }]);
    expect(reads).toEqual([]);
  });

  it('fails, with every read closed, when a file is shorter than the index says', async () => {
    const fake = snapshot(400, 10, byRemainder(400), 100);
    const elements = Uint32Array.from({ length: 100 }, (_, i) => i * 4);
    const { gather, open, released } = source(fake, elements);
    gather.openGroup = async () => {
      open.groups++;
      return {
        body: new ReadableStream({
          type: 'bytes',
          pull(controller) {
            controller.enqueue(encoder.encode('{"e":  0}'));
            controller.close();
          },
        }),
        release: () => void open.groups--,
      };
    };
    await expect(
      text(gatheredAnswerChunks(gather, wholeElement(fake.index.elementLength))),
    ).rejects.toThrow(/shorter/);
    expect(open.groups).toBe(0);
    expect(released.count).toBeGreaterThan(0);
  });
});
