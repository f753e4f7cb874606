// What compiling a title pattern gives: its DFA and gram query, or why it is refused.
import type { GramQuery } from './gram-query.ts';
import type { PatternDfa } from './pattern-dfa.ts';

export interface CompiledTitlePattern {
  readonly source: string;
  readonly dfa: PatternDfa;
  /** What every matching title contains, to narrow the titles before the DFA reads them. */
  readonly grams: GramQuery;
}

export type TitlePatternResult =
  { ok: true; pattern: CompiledTitlePattern } | { ok: false; message: string };
