// workerd only: a response body of known length (FixedLengthStream keeps Content-Length), and
// optionally a second body of the same bytes, for a consumer that may hold the first back only
// briefly.
import { moved } from '../event-loop.ts';

/**
 * Bytes a body holds written but not yet sent before the generator waits. Without a high-water
 * mark workerd applies no backpressure at all: an answer was copied into the runtime as fast as
 * it was made, whatever the client read (the load test's runtime reached 936 MiB).
 */
export const BODY_QUEUE_BYTES = 256 * 1024;

/**
 * Bytes the copy may hold written but not yet taken by its consumer (well under the smallest
 * answer the edge cache keeps: no whole answer waits in it).
 */
export const COPY_QUEUE_BYTES = 256 * 1024;
/**
 * The most time, in all, the body waits for its copy before giving the copy up: its consumer
 * (the edge cache) is local and fast, and a slow or stopped one must not hold the client.
 */
export const COPY_WAIT_MS = 1000;

export interface BodyOptions {
  onError: (error: unknown) => void;
  onCancel?: () => void;
  /**
   * Given a second body with the same chunks, and returns a promise that settles once it is done
   * with it. The body goes at the pace of the slower of the two. The copy is best effort: it is
   * given up (its body errors) when the first body fails or is cancelled, when its consumer
   * settles before the end, or once the body has waited `COPY_WAIT_MS` for it. The copy's length
   * is not declared (a chunked body): wrangler dev's cache stored a fixed-length copy given up
   * halfway as if whole, and stores nothing of a chunked one.
   */
  copyTo?: (copy: ReadableStream<Uint8Array>) => Promise<unknown>;
}

/**
 * A byte stream with a known length over an async generator, pulled only as fast as it is read.
 * Each chunk is written as soon as the generator gives it, before the generator is resumed:
 * workerd's `write()` copies the bytes at once (its internal streams keep a copy of every chunk
 * written), so the generator may reuse a chunk's buffer for the next one (streamed-answer.ts).
 * A body the reader cancels calls `onCancel` at once (the generator may be waiting on a read
 * that would hold its cleanup back), then returns the generator.
 */
export function fixedLengthStream(
  length: number,
  source: AsyncGenerator<Uint8Array>,
  { onError, onCancel, copyTo }: BodyOptions,
): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length, { highWaterMark: BODY_QUEUE_BYTES });
  const writer = writable.getWriter();
  let copy = copyTo ? new BodyCopy(copyTo) : undefined;
  let cancelled = false;
  writer.closed.catch(() => {
    cancelled = true;
    onCancel?.();
  });
  void (async () => {
    try {
      for (;;) {
        await writer.ready;
        if (copy && !(await copy.ready())) copy = copy.abandon();
        const { value, done } = await source.next();
        if (done) break;
        if (cancelled) return;
        copy?.write(value);
        writer.write(value).catch(() => undefined); // its failure shows in `closed`
        await moved(value.length); // the isolate's other requests meanwhile (event-loop.ts)
      }
      await writer.close();
      copy?.close();
      copy = undefined;
    } catch (error) {
      if (!cancelled && !isClientGone(error)) onError(error);
      writer.abort(error).catch(() => undefined);
    } finally {
      copy?.abandon();
      await source.return(undefined);
    }
  })();
  return readable;
}

/** The second body of `fixedLengthStream`'s `copyTo`. */
class BodyCopy {
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly consumed: Promise<void>;
  private consumerDone = false;
  /** What is left of the time the body may wait for this copy. */
  private waitLeftMs = COPY_WAIT_MS;

  constructor(consume: (copy: ReadableStream<Uint8Array>) => Promise<unknown>) {
    const { readable, writable } = new IdentityTransformStream({ highWaterMark: COPY_QUEUE_BYTES });
    this.writer = writable.getWriter();
    const settle = () => {
      this.consumerDone = true;
    };
    this.consumed = consume(readable).then(settle, settle);
  }

  /**
   * Waits for room in the copy's queue: false when its consumer is done, or when the body has
   * waited for it `COPY_WAIT_MS` in all.
   */
  async ready(): Promise<boolean> {
    if (this.consumerDone) return false;
    if ((this.writer.desiredSize ?? 0) > 0) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.waitLeftMs);
    });
    const started = Date.now();
    const ready = this.writer.ready.then(
      () => !this.consumerDone,
      () => false,
    );
    const done = this.consumed.then(() => false);
    try {
      return await Promise.race([ready, done, stalled]);
    } finally {
      clearTimeout(timer);
      this.waitLeftMs -= Date.now() - started;
    }
  }

  write(chunk: Uint8Array): void {
    this.writer.write(chunk).catch(() => undefined);
  }

  close(): void {
    this.writer.close().catch(() => undefined);
  }

  abandon(): undefined {
    this.writer.abort(new Error('copy given up')).catch(() => undefined);
    return undefined;
  }
}

/** The client went away (workerd cancels the body): not an error of ours. */
const isClientGone = (error: unknown) =>
  /cancel|abort|disconnect/i.test(String((error as Error)?.message ?? error));
