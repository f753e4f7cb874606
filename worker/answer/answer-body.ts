// A prepared answer as a response body: streamed at exact length, or collected whole.
import type { PreparedAnswer } from './prepare-answer.ts';
import { fixedLengthStream, type BodyOptions } from './fixed-length-body.ts';

/**
 * A prepared answer as a response body of exact length. The first chunk is awaited before the
 * 200 is answered, so an unreadable snapshot is still a clean error. `copyTo`: a consumer of the
 * same bytes, which holds the answer back at most briefly (fixed-length-body.ts).
 */
export async function streamedBody(
  answer: PreparedAnswer,
  copyTo?: BodyOptions['copyTo'],
): Promise<ReadableStream<Uint8Array>> {
  const stop = new AbortController();
  const chunks = answer.chunks(stop.signal);
  const first = await chunks.next();
  return fixedLengthStream(answer.length, prepend(first, chunks), {
    onError: (error) => console.error('answer cut short:', error),
    onCancel: () => stop.abort(),
    copyTo,
  });
}

/** The whole of a small prepared answer (one element), as bytes. */
export async function collect(answer: PreparedAnswer): Promise<Uint8Array> {
  const out = new Uint8Array(answer.length);
  let offset = 0;
  for await (const chunk of answer.chunks()) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * `first`, then the rest of the generator; returning early returns the rest too (its cleanup runs).
 */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    if (first.done) return;
    yield first.value;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}
