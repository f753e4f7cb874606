// The isolate's memory of hot elements' bytes: a repeated or overlapping answer is written from
// memory instead of read again. Bounded in bytes, and so is what answers in flight hold on to.
import { LruCache } from './lru-cache.ts';

/** Element bytes an isolate keeps, beside the index (an isolate has 128 MB; docs/scale.md). */
export const ELEMENT_CACHE_BYTES = 24 * 1024 * 1024;
/**
 * An answer holds the cached bytes it planned to write until it has written them, even if the
 * cache drops them meanwhile. Bytes held that way, outside the cache, are memory beyond it: past
 * this much, the cache stops taking new elements (so it drops no more of the held ones).
 */
export const HELD_OUTSIDE_BYTES = 8 * 1024 * 1024;
/**
 * An answer that has not let go of its bytes after this long is taken as gone: a request whose
 * context ended without its cleanup running (workerd drops an abandoned body's pending work)
 * must not hold the count up. Short: counting a slow answer's bytes as freed early only lets the
 * cache take more for a while; counting a gone answer's bytes stops the cache taking any.
 */
export const HOLD_EXPIRES_MS = 10_000;

export class ElementCache {
  private readonly cache: LruCache<number, Uint8Array>;
  /** Cached byte arrays held by answers in flight, and by how many. */
  private readonly holders = new Map<Uint8Array, number>();
  /** Held arrays the cache has dropped. */
  private readonly outside = new Set<Uint8Array>();
  private outsideBytes = 0;
  /** Answers in flight: what each holds, and since when (in order of opening). */
  private readonly answers = new Set<{ held: Uint8Array[]; since: number }>();

  constructor(
    capacity = ELEMENT_CACHE_BYTES,
    private readonly outsideLimit = HELD_OUTSIDE_BYTES,
  ) {
    this.cache = new LruCache(
      capacity,
      (bytes) => bytes.length,
      (dropped) => {
        if (!this.holders.has(dropped)) return;
        this.outside.add(dropped);
        this.outsideBytes += dropped.length;
      },
    );
  }

  get bytesHeld(): number {
    return this.cache.size;
  }

  /** Bytes answers in flight hold that the cache no longer does. */
  get bytesHeldOutside(): number {
    return this.outsideBytes;
  }

  /** Byte arrays answers in flight hold. */
  get arraysHeld(): number {
    return this.holders.size;
  }

  /** Answers that have not let go of what they hold. */
  get answersOpen(): number {
    return this.answers.size;
  }

  /** Starts an answer: `hold` takes cached bytes for it, `release` lets go of all of them. */
  openAnswer(): { hold: (element: number) => Uint8Array | undefined; release: () => void } {
    const answer = { held: [] as Uint8Array[], since: Date.now() };
    this.answers.add(answer);
    return {
      hold: (element) => {
        const bytes = this.cache.get(element);
        if (!bytes) return undefined;
        this.holders.set(bytes, (this.holders.get(bytes) ?? 0) + 1);
        answer.held.push(bytes);
        return bytes;
      },
      release: () => {
        if (this.answers.delete(answer)) this.letGo(answer.held);
      },
    };
  }

  private expireStaleAnswers() {
    const now = Date.now();
    for (const answer of this.answers) {
      if (now - answer.since < HOLD_EXPIRES_MS) break; // in order of opening
      this.answers.delete(answer);
      this.letGo(answer.held);
    }
  }

  private letGo(held: readonly Uint8Array[]) {
    for (const bytes of held) {
      const count = this.holders.get(bytes)! - 1;
      if (count > 0) {
        this.holders.set(bytes, count);
        continue;
      }
      this.holders.delete(bytes);
      if (this.outside.delete(bytes)) this.outsideBytes -= bytes.length;
    }
  }

  /** Keeps a copy (never a view that would pin a whole block or read chunk in memory). */
  keep(element: number, bytes: Uint8Array) {
    if (this.outsideBytes >= this.outsideLimit) this.expireStaleAnswers();
    if (this.outsideBytes >= this.outsideLimit) return; // would drop more of what answers hold
    this.cache.set(element, bytes.slice());
  }

  /** Whether an answer needing this many bytes not yet held is worth keeping: not when it would not fit. */
  worthKeeping(missingBytes: number): boolean {
    return missingBytes <= this.cache.capacity;
  }
}
