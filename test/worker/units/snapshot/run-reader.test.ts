import { describe, expect, it } from 'vitest';
import { RUN_READ_BYTES, RunReader } from '../../../../worker/snapshot/run-reader.ts';

describe('RunReader', () => {
  const bodyOf = (...chunks: number[][]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
        controller.close();
      },
    });

  it('reads increasing ranges across chunk boundaries, and frees its connection when done', async () => {
    let released = 0;
    const reader = new RunReader({
      body: bodyOf([0, 1, 2], [3, 4], [5, 6, 7, 8]),
      release: () => released++,
    });
    expect(Array.from(await reader.range(1, 2))).toEqual([1]);
    expect(Array.from(await reader.range(2, 7))).toEqual([2, 3, 4, 5, 6]);
    expect(Array.from(await reader.range(8, 9))).toEqual([8]);
    reader.cancel();
    reader.cancel();
    expect(released).toBe(1);
  });

  it('fails when the run is shorter than the index says', async () => {
    const reader = new RunReader({ body: bodyOf([0, 1]), release: () => undefined });
    await expect(reader.range(1, 5)).rejects.toThrow(/shorter/);
  });

  /** A byte stream (as workerd's bodies are) of `length` bytes, byte i holding i % 251. */
  const byteBody = (length: number) => {
    let sent = 0;
    const reads: number[] = [];
    const body = new ReadableStream({
      type: 'bytes',
      pull(controller) {
        const view = controller.byobRequest!.view!;
        const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
        const n = Math.min(bytes.length, length - sent);
        for (let i = 0; i < n; i++) bytes[i] = (sent + i) % 251;
        sent += n;
        reads.push(n);
        controller.byobRequest!.respond(n);
        if (sent === length) controller.close();
      },
    }) as ReadableStream<Uint8Array>;
    return { body, reads };
  };
  const expected = (start: number, end: number) =>
    Array.from({ length: end - start }, (_, i) => (start + i) % 251);

  it('reads a byte stream into one buffer of its own, RUN_READ_BYTES at a time', async () => {
    const length = 3 * RUN_READ_BYTES + 1000;
    const { body, reads } = byteBody(length);
    const reader = new RunReader({ body, release: () => undefined });
    expect(Array.from(await reader.range(5, 20))).toEqual(expected(5, 20));
    // a range across two reads comes back as a copy, right
    const across = await reader.range(RUN_READ_BYTES - 10, RUN_READ_BYTES + 10);
    expect(Array.from(across)).toEqual(expected(RUN_READ_BYTES - 10, RUN_READ_BYTES + 10));
    const last = await reader.range(length - 3, length);
    expect(Array.from(last)).toEqual(expected(length - 3, length));
    expect(reads).toEqual([RUN_READ_BYTES, RUN_READ_BYTES, RUN_READ_BYTES, 1000]);
    // the copy made across reads outlives the reads after it
    expect(Array.from(across)).toEqual(expected(RUN_READ_BYTES - 10, RUN_READ_BYTES + 10));
    reader.cancel();
  });

  it('fails on a byte stream shorter than the index says', async () => {
    const reader = new RunReader({ body: byteBody(100).body, release: () => undefined });
    await expect(reader.range(90, 120)).rejects.toThrow(/shorter/);
  });
});
