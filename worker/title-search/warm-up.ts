// Startup: one title pattern compiled and bound to a small alphabet, so that V8 has compiled the
// functions of the regex parser, of the automaton builders and of the binding before the first
// search needs them. V8 compiles a function the first time it runs; for a fresh isolate's first
// search that was about 4 ms of its 12 to 15 (bench/cold-start). Workers run the global scope
// when the isolate starts, ahead of the first request where they can, within a startup limit of
// 1 s (bench/HISTORY.md, "A fresh isolate's first search"). Not the scan: that needs a title index, and encoding even a
// few titles costs several times what it would save.
import { bindDfa, type BoundDfa } from './scan/bind-dfa.ts';
import { compileUncached } from './pattern/compile-pattern.ts';
import type { CompiledTitlePattern } from './pattern/compiled-pattern.ts';

/** Groups, an alternation, classes and counted repetition: the parser's and compiler's paths. */
export const WARM_UP_PATTERN = String.raw`jumlah (penduduk|rumah tangga)\s+[a-z]{2,}`;

/** Symbols 1… of a made-up index: space, digits, lower-case letters (symbol 0 pads). */
const ALPHABET = Uint16Array.from(' 0123456789abcdefghijklmnopqrstuvwxyz', (c) => c.charCodeAt(0));

/**
 * Compiles the pattern and binds it as for a search that reads few titles (no multi-symbol
 * tables: building them would cost several times the rest), keeping nothing; returns both, for
 * the test that checks they were made.
 */
export function warmUpPatternCompiler(): { pattern: CompiledTitlePattern; bound: BoundDfa } {
  const compiled = compileUncached(WARM_UP_PATTERN);
  if (!compiled.ok) throw new Error(compiled.message);
  const alphabet = {
    symbolCount: ALPHABET.length,
    symbolUnits: Uint16Array.of(0, ...ALPHABET),
    textWords: undefined,
  };
  return { pattern: compiled.pattern, bound: bindDfa(compiled.pattern.dfa, alphabet, 0) };
}
