// The isolate's memory: every cache and allowance shared by its requests, with its cap, and what
// they add up to. An isolate has 128 MB; the snapshot's bytes held in it (the index, with the word
// index, key offsets and ids once used, cached elements and facet answers, answers being
// gathered) are kept within 64 MiB (docs/architecture.md, "Isolate memory").
// The caches drop the least recently used first (lru-cache.ts). Every cap is here; a cache that
// holds a stage's types lives in that stage: the element cache and a loaded index's caches in
// snapshot/index-caches.ts, the title search's in search/title-search-caches.ts (the title search
// keeps no state of its own: the search stage hands it its caches).
import { LruCache } from './lru-cache.ts';

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

// ——— The caches of a loaded index (snapshot/index-caches.ts makes them) ———

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

// ——— The isolate's caches ———

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
