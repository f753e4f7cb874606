// workerd only: a response body of known length (FixedLengthStream keeps Content-Length).

/**
 * A byte stream with a known length over an async generator, pulled only as fast as it is read.
 * A cancelled body calls `onCancel` at once (the generator may be waiting on a read that would
 * hold its cleanup back), then returns the generator.
 */
export function fixedLengthStream(
  length: number,
  source: AsyncGenerator<Uint8Array>,
  { onError, onCancel }: { onError: (error: unknown) => void; onCancel?: () => void },
): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length);
  const pump = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      onCancel?.();
      await source.return(undefined);
    },
  });
  pump.pipeTo(writable).catch((error: unknown) => {
    if (!isClientGone(error)) onError(error);
  });
  return readable;
}

/** The client went away (workerd cancels the body): not an error of ours. */
const isClientGone = (error: unknown) =>
  /cancel|abort|disconnect/i.test(String((error as Error)?.message ?? error));
