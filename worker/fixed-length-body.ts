// workerd only: a response body of known length (FixedLengthStream keeps Content-Length).

/**
 * Bytes a body holds written but not yet sent before the generator waits. Without a high-water
 * mark workerd applies no backpressure at all: an answer was copied into the runtime as fast as
 * it was made, whatever the client read (the load test's runtime reached 936 MiB).
 */
export const BODY_QUEUE_BYTES = 256 * 1024;

/**
 * A byte stream with a known length over an async generator, pulled only as fast as it is read.
 * Each chunk is written as soon as the generator gives it, before the generator is resumed:
 * workerd's `write()` copies the bytes at once (its internal streams keep a copy of every chunk
 * written), so the generator may reuse a chunk's buffer for the next one (answer-stream.ts).
 * A body the reader cancels calls `onCancel` at once (the generator may be waiting on a read
 * that would hold its cleanup back), then returns the generator.
 */
export function fixedLengthStream(
  length: number,
  source: AsyncGenerator<Uint8Array>,
  { onError, onCancel }: { onError: (error: unknown) => void; onCancel?: () => void },
): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length, { highWaterMark: BODY_QUEUE_BYTES });
  const writer = writable.getWriter();
  let cancelled = false;
  writer.closed.catch(() => {
    cancelled = true;
    onCancel?.();
  });
  void (async () => {
    try {
      for (;;) {
        await writer.ready;
        const { value, done } = await source.next();
        if (done) break;
        if (cancelled) return;
        writer.write(value).catch(() => undefined); // its failure shows in `closed`
      }
      await writer.close();
    } catch (error) {
      if (!cancelled && !isClientGone(error)) onError(error);
      writer.abort(error).catch(() => undefined);
    } finally {
      await source.return(undefined);
    }
  })();
  return readable;
}

/** The client went away (workerd cancels the body): not an error of ours. */
const isClientGone = (error: unknown) =>
  /cancel|abort|disconnect/i.test(String((error as Error)?.message ?? error));
