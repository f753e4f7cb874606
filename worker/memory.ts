// The isolate's memory of recent answers (element numbers per normalized query): popular
// searches repeat, and the index never changes under an isolate. Bounded by elements held.
import { LruCache } from './lru-cache.ts';

export const ANSWER_CACHE_ELEMENTS = 1_000_000; // 4 MB of Uint32

export class AnswerCache {
  private readonly answers = new LruCache<string, Uint32Array>(
    ANSWER_CACHE_ELEMENTS,
    (answer) => answer.length,
  );

  getOrCompute(key: string, compute: () => Uint32Array): Uint32Array {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = compute();
      // huge answers cost little to recompute, relative to what they would push out
      if (answer.length <= ANSWER_CACHE_ELEMENTS / 4) this.answers.set(key, answer);
    }
    return answer;
  }
}

/** Facet answers' bytes an isolate keeps (a few KiB each): counting costs milliseconds of CPU. */
export const FACET_CACHE_BYTES = 2 * 1024 * 1024;

export const facetCache = () =>
  new LruCache<string, Uint8Array>(FACET_CACHE_BYTES, (bytes) => bytes.length);
