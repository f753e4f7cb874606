// The title search's caches, which the search stage hands it (the title search keeps no state of
// its own): compiled patterns by their text, and per title index the bindings of the latest
// patterns. Their caps are in memory.ts.
import type { TitleSearchIndex } from '../../core/title-index/decode.ts';
import { LruCache } from '../lru-cache.ts';
import { COMPILED_PATTERN_BYTES, KEPT_BINDINGS } from '../memory.ts';
import type { TitlePatternResult } from '../title-search/pattern/compiled-pattern.ts';
import type { KeptBinding } from '../title-search/scan/bind-dfa.ts';

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
