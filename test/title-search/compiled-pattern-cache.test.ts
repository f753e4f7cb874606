// The isolate's cache of compiled title patterns is bounded by bytes: many distinct patterns with
// the largest DFAs the caps allow must not hold more than COMPILED_PATTERN_BYTES between them.
import { describe, expect, it } from 'vitest';
import { COMPILED_PATTERN_BYTES } from '../../worker/memory.ts';
import {
  compiledPatternBytes,
  compiledPatterns,
  heldCompiledPatternBytes,
} from '../../worker/search/title-search-caches.ts';
import { compileTitlePattern } from '../../worker/title-search/pattern/compile-pattern.ts';

/**
 * Distinct patterns, each with a DFA of 256 states × 22 classes (about 22 KiB of table): 20
 * single-letter alternatives under a star, then one of them and any 7 units. `(?:)` only makes the
 * text distinct.
 */
function largePatterns(count: number): string[] {
  const pool = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: count }, (_, i) => {
    const r = i % pool.length;
    const letters = Array.from({ length: 20 }, (_, j) => pool[(r + j) % pool.length]).join('|');
    return `(${letters})*${pool[r]}.{7}${'(?:)'.repeat(Math.floor(i / pool.length))}`;
  });
}

describe('compiled pattern cache', () => {
  it('weighs a pattern by its tables', () => {
    const result = compileTitlePattern(largePatterns(1)[0]!, compiledPatterns);
    if (!result.ok) throw new Error(result.message);
    expect(compiledPatternBytes(result)).toBeGreaterThan(result.pattern.dfa.transitions.byteLength);
    expect(result.pattern.dfa.transitions.byteLength).toBeGreaterThan(20_000);
  });

  it('holds at most its byte budget of large patterns, and the latest ones', () => {
    const patterns = largePatterns(360);
    let weight = 0;
    for (const pattern of patterns) {
      const result = compileTitlePattern(pattern, compiledPatterns);
      expect(result.ok).toBe(true);
      weight += compiledPatternBytes(result);
    }
    // the patterns weigh more than the budget, so the bound is what keeps them out
    expect(weight).toBeGreaterThan(COMPILED_PATTERN_BYTES * 1.5);
    expect(heldCompiledPatternBytes()).toBeLessThanOrEqual(COMPILED_PATTERN_BYTES);
    expect(heldCompiledPatternBytes()).toBeGreaterThan(COMPILED_PATTERN_BYTES / 2);
    const latest = patterns.at(-1)!;
    expect(compileTitlePattern(latest, compiledPatterns)).toBe(
      compileTitlePattern(latest, compiledPatterns),
    );
  });
});
