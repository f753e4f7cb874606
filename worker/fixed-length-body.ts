// workerd only: a response body of known length (FixedLengthStream keeps Content-Length).

/**
 * A byte stream with a known length over an async generator, pulled only as fast as it is read;
 * a cancelled body returns the generator (its cleanup closes its reads).
 */
export function fixedLengthStream(
  length: number,
  source: AsyncGenerator<Uint8Array>,
  { onError }: { onError: (error: unknown) => void },
): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length);
  const pump = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
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
