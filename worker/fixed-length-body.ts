// workerd only: a response body of known length (FixedLengthStream keeps Content-Length).

/** A byte stream with a known length over an async generator, pulled only as fast as it is read. */
export function fixedLengthStream(length: number, source: AsyncGenerator<Uint8Array>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const { readable, writable } = new FixedLengthStream(length);
  let clientLeft = false;
  const pump = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      clientLeft = true;
      await source.return(undefined);
    },
  });
  // A client that goes away cancels the body: not an error of ours.
  pump.pipeTo(writable).catch((error) => clientLeft || onError(error));
  return readable;
}
