import { describe, expect, it, vi } from 'vitest';
import { etagMatches, hashString } from '../../../worker/http/cache-headers.ts';
import { csvAttachment } from '../../../worker/http/csv-attachment.ts';
import {
  BODY_QUEUE_BYTES,
  COPY_QUEUE_BYTES,
  COPY_WAIT_MS,
  fixedLengthStream,
} from '../../../worker/answer/fixed-length-body.ts';
import { LruCache } from '../../../worker/lru-cache.ts';
import { pagingLinks } from '../../../worker/http/paging-links.ts';
import { RUN_READ_BYTES, RunReader } from '../../../worker/snapshot/run-reader.ts';

describe('LruCache', () => {
  it('drops the least recently used entries past its capacity', () => {
    const cache = new LruCache<string, string>(5, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'yy');
    cache.get('a'); // a is now the most recent
    cache.set('c', 'zz');
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe('xx');
    expect(cache.size).toBe(4);
  });

  it('keeps an entry read since it was added over older unread ones, through many evictions', () => {
    const cache = new LruCache<number, string>(10, () => 1);
    for (let i = 0; i < 10; i++) cache.set(i, `v${i}`);
    for (let i = 10; i < 40; i++) {
      cache.get(0); // read before each addition: always the most recently used
      cache.set(i, `v${i}`);
    }
    expect(cache.get(0)).toBe('v0');
    expect(cache.has(39)).toBe(true);
    expect(cache.has(1)).toBe(false);
    expect(cache.size).toBe(10);
  });

  it('does not keep a value larger than its capacity, nor drop others for it', () => {
    const cache = new LruCache<string, string>(5, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('big', 'xxxxxx');
    expect(cache.has('big')).toBe(false);
    expect(cache.get('a')).toBe('xx');
    expect(cache.size).toBe(2);
  });

  it('replaces an entry and counts its new size', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('a', 'x');
    expect(cache.size).toBe(1);
  });
});

describe('etagMatches', () => {
  it('matches a listed tag, weakly, or *', () => {
    expect(etagMatches('"x", "y"', '"y"')).toBe(true);
    expect(etagMatches('W/"y"', '"y"')).toBe(true);
    expect(etagMatches('*', '"y"')).toBe(true);
    expect(etagMatches('"x"', '"y"')).toBe(false);
    expect(etagMatches(undefined, '"y"')).toBe(false);
  });

  it('hashes different texts differently', () => {
    expect(hashString('a')).not.toBe(hashString('b'));
    expect(hashString('a')).toBe(hashString('a'));
  });
});

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
    // the stall guard's timer never fires here: only the consumer's settling can free the body
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

describe('pagingLinks', () => {
  const url = new URL('https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=20&x=1');
  it('changes only offset, keeping the other parameters as written', () => {
    const links = pagingLinks(url, 45, 10, 20);
    expect(links).toBe(
      [
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=0&x=1>; rel="first"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=10&x=1>; rel="prev"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=30&x=1>; rel="next"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=40&x=1>; rel="last"',
      ].join(', '),
    );
  });

  it('has no prev on the first page and no next on the last', () => {
    const links = pagingLinks(new URL('https://api.test/p?limit=10'), 5, 10, 0);
    expect(links).not.toContain('rel="prev"');
    expect(links).not.toContain('rel="next"');
    expect(links).toContain('<https://api.test/p?limit=10&offset=0>; rel="last"');
  });
});

describe('pagingLinks, edge cases', () => {
  it('collapses repeated empty offsets into one, so following a link never gives "offset twice"', () => {
    const links = pagingLinks(new URL('https://api.test/p?offset=&offset=10&limit=5'), 30, 5, 10);
    expect(links).toContain('<https://api.test/p?offset=15&limit=5>; rel="next"');
    expect(links.match(/offset=/g)!.length).toBe(4);
  });

  it('gives as last the final page counted from the first, whatever the current offset', () => {
    expect(pagingLinks(new URL('https://api.test/p?limit=4&offset=1'), 10, 4, 1)).toContain(
      'offset=8>; rel="last"',
    );
  });
});

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

describe('csvAttachment', () => {
  it('names the file <id>-<year>.csv as it is when a quoted string can carry the id', () => {
    expect(csvAttachment('65a1f0c2e4b0a1b2c3d4e5f6', 2023)).toBe(
      'attachment; filename="65a1f0c2e4b0a1b2c3d4e5f6-2023.csv"',
    );
    expect(csvAttachment('id with space;x=1', 1999)).toBe(
      'attachment; filename="id with space;x=1-1999.csv"',
    );
  });

  it('gives an ASCII fallback and the exact name in filename* otherwise (RFC 6266, RFC 8187)', () => {
    const header = csvAttachment('emoji😀 "q"\\é', 2021);
    expect(header).toBe(
      `attachment; filename="emoji__ _q___-2021.csv"; filename*=UTF-8''emoji%F0%9F%98%80%20%22q%22%5C%C3%A9-2021.csv`,
    );
    // the exact name, decoded back
    const ext = header.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(ext)).toBe('emoji😀 "q"\\é-2021.csv');
  });

  it('encodes the characters encodeURIComponent leaves but attr-char does not allow', () => {
    expect(csvAttachment("é*'()", 2020)).toBe(
      `attachment; filename="_*'()-2020.csv"; filename*=UTF-8''%C3%A9%2A%27%28%29-2020.csv`,
    );
  });

  it('keeps line breaks and lone surrogates out of the header', () => {
    const header = csvAttachment('a\r\nSet-Cookie: x\ud800', 2020);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain("filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%EF%BF%BD-2020.csv");
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
  });
});
