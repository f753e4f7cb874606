// The caches a loaded index carries, dropped with it when a new snapshot is loaded: recent
// matches, facet answers, and the hot elements' bytes beside the overlay. Their caps are in
// memory.ts.
import { LruCache } from '../lru-cache.ts';
import { ELEMENT_CACHE_BYTES, FACET_CACHE_BYTES, MatchCache } from '../memory.ts';
import { Overlay } from './overlay.ts';

/**
 * Hot elements' bytes: a repeated or overlapping answer is written from memory instead of read
 * again. Answers look elements up as they write them and hold none, so what it drops is freed.
 */
export class ElementCache {
  private readonly cache: LruCache<number, Uint8Array>;

  /**
   * `overlay`: the elements changed since the base (snapshot/overlay.ts), always held: the cache
   * is smaller by the overlay's bytes.
   */
  constructor(
    private readonly capacity = ELEMENT_CACHE_BYTES,
    private readonly overlay = Overlay.EMPTY,
  ) {
    this.cache = new LruCache(Math.max(0, capacity - overlay.bytes), (bytes) => bytes.length);
  }

  get bytesHeld(): number {
    return this.cache.size;
  }

  get(element: number): Uint8Array | undefined {
    return this.overlay.get(element) ?? this.cache.get(element);
  }

  has(element: number): boolean {
    return this.overlay.has(element) || this.cache.has(element);
  }

  /** Whether the element's bytes are the overlay's (its copy in the base's files is stale). */
  overlaid(element: number): boolean {
    return this.overlay.has(element);
  }

  /** An empty cache of the same size beside the same overlay (a cold isolate, in benchmarks). */
  emptied(): ElementCache {
    return new ElementCache(this.capacity, this.overlay);
  }

  get overlaidAny(): boolean {
    return this.overlay.size > 0;
  }

  /** Keeps a copy (never a view that would pin a whole block or read chunk in memory). */
  keep(element: number, bytes: Uint8Array) {
    this.cache.set(element, bytes.slice());
  }

  /** Keeps bytes that are already a copy of their own (no other copy made). */
  keepOwn(element: number, own: Uint8Array) {
    this.cache.set(element, own);
  }

  /** Whether an answer missing this many bytes is worth keeping: not when it would not fit. */
  worthKeeping(missingBytes: number): boolean {
    return missingBytes <= this.cache.capacity;
  }
}

/** The caches a loaded index carries (snapshot/snapshot-store.ts), its overlay among them. */
export const indexCaches = (overlay = Overlay.EMPTY) => ({
  /** Recent matches of this index. */
  matches: new MatchCache(),
  /** Recent facet answers' bytes, by their normalized query. */
  facets: new LruCache<string, Uint8Array>(FACET_CACHE_BYTES, (bytes) => bytes.length),
  /** Hot elements' bytes, and the overlay's. */
  elements: new ElementCache(ELEMENT_CACHE_BYTES, overlay),
});
