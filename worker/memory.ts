// The isolate's memory: every cache and allowance shared by its requests, with its cap, and what
// they add up to. An isolate has 128 MB; the snapshot's bytes held in it (the index, with the word
// index, key offsets and ids once used, cached elements and facet answers, answers being
// gathered) are kept within 64 MiB (docs/scale.md).
// The caches drop the least recently used first (lru-cache.ts). The title search keeps no state
// of its own: the search stage hands it the caches below.
import type { TitleSearchIndex } from '../core/title-index/decode.ts';
import { LruCache } from './lru-cache.ts';
import { Overlay } from './snapshot/overlay.ts';
import type { TitlePatternResult } from './title-search/pattern/compiled-pattern.ts';
import type { KeptBinding } from './title-search/scan/bind-dfa.ts';

const MIB = 1024 * 1024;

/** Snapshot bytes an isolate may hold: its index and the caches of snapshot bytes below. */
export const SNAPSHOT_BYTES_BUDGET = 64 * MIB;

// ——— Per loaded index (dropped with it when a new snapshot is loaded) ———

/**
 * Hot elements' bytes (an element cache that fills in one answer would be no help), and the
 * snapshot's overlay (the elements changed since its base, at most 12 MiB:
 * generator/base-snapshot.ts), always held, which the cache makes room for.
 */
export const ELEMENT_CACHE_BYTES = 24 * MIB;
/** Element numbers of recent matches (Uint32 each): popular searches repeat. */
export const MATCH_CACHE_ELEMENTS = 1_000_000;
/** Facet answers' bytes (a few KiB each): counting costs milliseconds of CPU. */
export const FACET_CACHE_BYTES = 2 * MIB;

// ——— Per isolate ———

/** Compiled title patterns: about 170 of the largest seen under the caps. */
export const COMPILED_PATTERN_BYTES = 4 * MIB;
/** Bindings of the latest patterns to a title index, and what one holds at most (two 128 KiB
 * pair maps, a table of at most 64 Ki cells). */
export const KEPT_BINDINGS = 8;
export const BINDING_BYTES_AT_MOST = 600 * 1024;
/** The largest answer gathered in memory before it is written (answer/gathered-answer.ts). */
export const GATHER_MAX_BYTES = 4 * MIB;
/** What all the answers being gathered in an isolate may hold at once. */
export const GATHERING_MAX_BYTES = 8 * MIB;

// ——— The sums ———

/** Snapshot bytes the caches may hold: what they leave of SNAPSHOT_BYTES_BUDGET is the index's. */
export const SNAPSHOT_CACHE_BYTES = ELEMENT_CACHE_BYTES + FACET_CACHE_BYTES + GATHERING_MAX_BYTES;
export const INDEX_BYTES_LEFT = SNAPSHOT_BYTES_BUDGET - SNAPSHOT_CACHE_BYTES;
/** What is derived from the snapshot and kept: matches, compiled patterns, their bindings. */
export const DERIVED_CACHE_BYTES =
  MATCH_CACHE_ELEMENTS * Uint32Array.BYTES_PER_ELEMENT +
  COMPILED_PATTERN_BYTES +
  KEPT_BINDINGS * BINDING_BYTES_AT_MOST;
/** What the caches keep between requests when full (answers being gathered are let go). */
export const KEPT_CACHE_BYTES = ELEMENT_CACHE_BYTES + FACET_CACHE_BYTES + DERIVED_CACHE_BYTES;

// ——— The caches of a loaded index ———

/** Recent matches: element numbers per normalized query (the match key). */
export class MatchCache {
  private readonly matches = new LruCache<string, Uint32Array>(
    MATCH_CACHE_ELEMENTS,
    (elements) => elements.length,
  );

  getOrCompute(key: string, compute: () => Uint32Array): Uint32Array {
    let elements = this.matches.get(key);
    if (!elements) {
      elements = compute();
      // huge matches cost little to recompute, relative to what they would push out
      if (elements.length <= MATCH_CACHE_ELEMENTS / 4) this.matches.set(key, elements);
    }
    return elements;
  }
}

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

// ——— The isolate's caches ———

/** A compiled pattern's weight: its DFA's tables, and an allowance for its text and objects. */
export function compiledPatternBytes(result: TitlePatternResult): number {
  const allowance = 2048 + 2 * (result.ok ? result.pattern.source.length : result.message.length);
  if (!result.ok) return allowance;
  const { transitions, acceptsAtEnd } = result.pattern.dfa;
  return allowance + transitions.byteLength + acceptsAtEnd.byteLength;
}

/** Compiled title patterns (and refusals) by their text; distinct large ones never fill it. */
export const compiledPatterns = new LruCache<string, TitlePatternResult>(
  COMPILED_PATTERN_BYTES,
  compiledPatternBytes,
);

/** Bytes the compiled patterns held now weigh (compiledPatternBytes). */
export const heldCompiledPatternBytes = () => compiledPatterns.size;

/** Per title index, the bindings of the latest patterns (dropped with the index). */
const bindings = new WeakMap<TitleSearchIndex, LruCache<string, KeptBinding>>();

export function bindingsOf(index: TitleSearchIndex): LruCache<string, KeptBinding> {
  let kept = bindings.get(index);
  if (!kept)
    bindings.set(index, (kept = new LruCache<string, KeptBinding>(KEPT_BINDINGS, () => 1)));
  return kept;
}

/** Bytes the answers being gathered hold now. */
let gathering = 0;

/**
 * Reserves `heldBytes` (the whole elements a gathered answer holds, whatever its projection)
 * when they fit now, and gives the function that lets them go (idempotent); undefined when they
 * do not fit. Reserved when the answer is admitted, so answers admitted together cannot overrun.
 */
export function reserveGathering(heldBytes: number): (() => void) | undefined {
  if (heldBytes > GATHER_MAX_BYTES || gathering + heldBytes > GATHERING_MAX_BYTES) return undefined;
  gathering += heldBytes;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    gathering -= heldBytes;
  };
}

/** Bytes the answers being gathered hold now (for tests and measurements). */
export const gatheringHeld = () => gathering;

/**
 * Keys of the answers this isolate is storing in the edge cache now, with when each store began
 * (answer/edge-cache.ts). Not capped: an entry lives only while its store runs, and each store
 * holds a read slot of the request that began it.
 */
export const edgeCacheStores = new Map<string, number>();
