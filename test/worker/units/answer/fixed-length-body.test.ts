import { describe, expect, it, vi } from 'vitest';
import {
  BODY_QUEUE_BYTES,
  COPY_QUEUE_BYTES,
  COPY_WAIT_MS,
  fixedLengthStream,
} from '../../../../worker/answer/fixed-length-body.ts';
import { TURN_BYTES, moved } from '../../../../worker/event-loop.ts';

describe('fixedLengthStream', () => {
  function counted() {
    const state = { finished: false };
    async function* source() {
      try {
        yield new Uint8Array([1, 2]);
        yield new Uint8Array([3]);
      } finally {
        state.finished = true;
      }
    }
    return { state, source: source() };
  }

  it('streams the generator with its length', async () => {
    const { state, source } = counted();
    const body = fixedLengthStream(3, source, { onError: () => undefined });
    expect(new Uint8Array(await new Response(body).arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    expect(state.finished).toBe(true);
  });

  it('streams a generator that fills one buffer again for every chunk', async () => {
    // workerd copies each chunk as it is written, so streamed-answer.ts reuses its chunk buffers
    async function* reused() {
      const buffer = new Uint8Array(3);
      for (let i = 0; i < 4; i++) yield buffer.fill(i + 1);
    }
    const body = fixedLengthStream(12, reused(), { onError: () => undefined });
    expect(new Uint8Array(await new Response(body).arrayBuffer())).toEqual(
      new Uint8Array([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]),
    );
  });

  it('waits for the reader: a body nobody reads takes no more than its queue from the generator', async () => {
    const chunk = new Uint8Array(16 * 1024);
    let given = 0;
    async function* many() {
      for (let i = 0; i < 1000; i++) {
        given++;
        yield chunk;
      }
    }
    const body = fixedLengthStream(chunk.length * 1000, many(), { onError: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(given * chunk.length).toBeLessThanOrEqual(BODY_QUEUE_BYTES + 2 * chunk.length);
    await body.cancel();
  });

  it('returns the generator when the reader cancels', async () => {
    const { state, source } = counted();
    const reader = fixedLengthStream(3, source, { onError: () => undefined }).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.finished).toBe(true);
  });
});

describe('fixedLengthStream with a copy', () => {
  /** `count` chunks of `size` bytes, each from one buffer filled again (as answers do). */
  async function* chunks(count: number, size: number) {
    const buffer = new Uint8Array(size);
    for (let i = 0; i < count; i++) yield buffer.fill(i % 251);
  }
  const expected = (count: number, size: number) => {
    const bytes = new Uint8Array(count * size);
    for (let i = 0; i < count; i++) bytes.fill(i % 251, i * size, (i + 1) * size);
    return bytes;
  };
  const bytesOf = async (body: ReadableStream<Uint8Array>) =>
    new Uint8Array(await new Response(body).arrayBuffer());
  // (toEqual on megabytes takes seconds)
  const sameBytes = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((byte, i) => byte === b[i]);

  it('gives the copy the same bytes as the body', async () => {
    let copied: Promise<Uint8Array> | undefined;
    const body = fixedLengthStream(40 * 1000, chunks(40, 1000), {
      onError: () => undefined,
      copyTo: (copy) => (copied = bytesOf(copy)),
    });
    expect(await bytesOf(body)).toEqual(expected(40, 1000));
    expect(await copied).toEqual(expected(40, 1000));
  });

  it('goes at the pace of a copy read slower than the body', async () => {
    const size = 64 * 1024;
    const count = Math.ceil((4 * COPY_QUEUE_BYTES) / size);
    let given = 0;
    async function* counted() {
      for await (const chunk of chunks(count, size)) {
        given++;
        yield chunk;
      }
    }
    let copyRead = 0;
    let pausedAt = -1;
    let copied: Promise<void> | undefined;
    const body = fixedLengthStream(count * size, counted(), {
      onError: () => undefined,
      copyTo: (copy) =>
        (copied = (async () => {
          const reader = copy.getReader();
          // reads the first half, then pauses (well within the wait allowed), then the rest
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            copyRead += value.length;
            if (pausedAt < 0 && copyRead >= (count * size) / 2) {
              pausedAt = given;
              await new Promise((resolve) => setTimeout(resolve, 100));
              // while the copy was not read, the body took no more than the copy's queue holds
              expect((given - pausedAt) * size).toBeLessThanOrEqual(COPY_QUEUE_BYTES + 2 * size);
            }
          }
        })()),
    });
    expect(sameBytes(await bytesOf(body), expected(count, size))).toBe(true);
    await copied;
    expect(pausedAt).toBeGreaterThan(0);
    expect(copyRead).toBe(count * size);
  });

  it('gives up a copy read slowly all along once the body has waited long enough', async () => {
    const size = 64 * 1024;
    const count = Math.ceil((4 * COPY_QUEUE_BYTES) / size);
    let copy: Promise<Uint8Array> | undefined;
    const body = fixedLengthStream(count * size, chunks(count, size), {
      onError: () => undefined,
      copyTo: (stream) =>
        (copy = (async () => {
          // each pause is short, but together they come to more than the wait allowed
          const reader = stream.getReader();
          const parts: Uint8Array[] = [];
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return new Uint8Array(await new Blob(parts).arrayBuffer());
            parts.push(value);
            await new Promise((resolve) => setTimeout(resolve, COPY_WAIT_MS / 10));
          }
        })()),
    });
    expect(sameBytes(await bytesOf(body), expected(count, size))).toBe(true);
    await expect(copy).rejects.toThrow();
  });

  it(`gives up a copy nobody reads once the body has waited ${COPY_WAIT_MS} ms for it, and finishes the body`, async () => {
    let copy: ReadableStream<Uint8Array> | undefined;
    const size = 64 * 1024;
    const count = Math.ceil((2 * COPY_QUEUE_BYTES) / size);
    const body = fixedLengthStream(count * size, chunks(count, size), {
      onError: () => undefined,
      copyTo: (stream) => {
        copy = stream;
        return new Promise(() => undefined); // never reads, never settles
      },
    });
    expect(sameBytes(await bytesOf(body), expected(count, size))).toBe(true);
    await expect(bytesOf(copy!)).rejects.toThrow();
  });

  it('gives up the copy when its consumer settles first, and finishes the body', async () => {
    // the stall guard's timer never fires here: only the consumer's settling can free the body;
    // the body (2 × COPY_QUEUE_BYTES) asks for no turn of the event loop, a timer too, once the
    // isolate's count of bytes moved starts from zero (worker/event-loop.ts)
    await moved(TURN_BYTES);
    vi.useFakeTimers();
    let copy: ReadableStream<Uint8Array> | undefined;
    const size = 64 * 1024;
    const count = Math.ceil((2 * COPY_QUEUE_BYTES) / size);
    const body = fixedLengthStream(count * size, chunks(count, size), {
      onError: () => undefined,
      copyTo: async (stream) => {
        copy = stream;
      },
    });
    try {
      expect(sameBytes(await bytesOf(body), expected(count, size))).toBe(true);
      await expect(bytesOf(copy!)).rejects.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up the copy when the body is cancelled: no short copy ends cleanly', async () => {
    let copied: Promise<Uint8Array> | undefined;
    const reader = fixedLengthStream(40 * 1000, chunks(40, 1000), {
      onError: () => undefined,
      copyTo: (copy) => (copied = bytesOf(copy)),
    }).getReader();
    await reader.read();
    await reader.cancel();
    await expect(copied).rejects.toThrow();
  });
});
