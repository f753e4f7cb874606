// The isolate's memory of hot elements' bytes: a repeated or overlapping answer is written from
// memory instead of read again. Bounded in bytes; a scan too large to keep is not kept.
import { LruCache } from './lru-cache.ts';

/** Element bytes an isolate keeps, beside the index (an isolate has 128 MB; docs/scale.md). */
export const ELEMENT_CACHE_BYTES = 28 * 1024 * 1024;
/**
 * Cached bytes that answers in flight may hold on to (the cache may drop them meanwhile, but an
 * answer keeps what it planned to write): bounded too, so many concurrent answers cannot pile up
 * memory; past it, an answer reads its elements instead.
 */
export const PINNED_BYTES = 24 * 1024 * 1024;

export class ElementCache {
  private readonly cache: LruCache<number, Uint8Array>;
  private pinned = 0;

  constructor(capacity = ELEMENT_CACHE_BYTES, private readonly pinLimit = PINNED_BYTES) {
    this.cache = new LruCache(capacity, (bytes) => bytes.length);
  }

  /** Bytes held by answers in flight. */
  get bytesPinned(): number {
    return this.pinned;
  }

  /** The cached bytes of an element, held for an answer until `unpin`; undefined when not cached or over the pin limit. */
  pin(element: number): Uint8Array | undefined {
    const bytes = this.cache.get(element);
    if (!bytes || this.pinned + bytes.length > this.pinLimit) return undefined;
    this.pinned += bytes.length;
    return bytes;
  }

  unpin(bytes: number) {
    this.pinned -= bytes;
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

  /** Whether an answer needing this many bytes not yet held is worth keeping: not when it would not fit. */
  worthKeeping(missingBytes: number): boolean {
    return missingBytes <= this.cache.capacity;
  }
}
