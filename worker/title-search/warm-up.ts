// Startup: one title pattern compiled, so that V8 has compiled the functions of the regex parser
// and of the automaton builders before the first search needs them. V8 compiles a function the
// first time it runs; for a fresh isolate's first search that was about 4 ms of its 12 to 15
// (bench/cold-start). Workers run the global scope when the isolate starts, ahead of the first
// request where they can, within a startup limit of 1 s (docs/scale.md, "Cold start").
// Only the compiler: warming the search itself would need a title index, and encoding even a few
// titles costs three times what it would save.
import { compileUncached } from './compile-pattern.ts';

/** Groups, an alternation, classes and counted repetition: the parser's and compiler's paths. */
export const WARM_UP_PATTERN = String.raw`jumlah (penduduk|rumah tangga)\s+[a-z]{2,}`;

/** Compiles the pattern (and keeps nothing); returns it, for the test that checks it compiled. */
export function warmUpPatternCompiler() {
  const compiled = compileUncached(WARM_UP_PATTERN);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.pattern;
}
