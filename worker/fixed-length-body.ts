// workerd only: a response body of known length (FixedLengthStream keeps Content-Length).

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
  const { readable, writable } = new FixedLengthStream(length);
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
