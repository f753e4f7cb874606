// The isolate's memory of hot elements' bytes: a repeated or overlapping answer is written from
// memory instead of read again. Bounded in bytes; answers look elements up as they write them
// and hold none, so what the cache drops is freed.
import { LruCache } from '../lru-cache.ts';

/** Element bytes an isolate keeps, beside the index (an isolate has 128 MB; docs/scale.md). */
export const ELEMENT_CACHE_BYTES = 24 * 1024 * 1024;

export class ElementCache {
  private readonly cache: LruCache<number, Uint8Array>;

  constructor(capacity = ELEMENT_CACHE_BYTES) {
    this.cache = new LruCache(capacity, (bytes) => bytes.length);
  }

  get bytesHeld(): number {
    return this.cache.size;
  }

  get(element: number): Uint8Array | undefined {
    return this.cache.get(element);
  }

  has(element: number): boolean {
    return this.cache.has(element);
  }

  /** Keeps a copy (never a view that would pin a whole block or read chunk in memory). */
  keep(element: number, bytes: Uint8Array) {
    this.cache.set(element, bytes.slice());
  }

  /** Whether an answer missing this many bytes is worth keeping: not when it would not fit. */
  worthKeeping(missingBytes: number): boolean {
    return missingBytes <= this.cache.capacity;
  }
}
