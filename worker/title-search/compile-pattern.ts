// Per request: a title pattern, checked and compiled to a DFA and a gram query. Whether a
// pattern is accepted depends on its text alone. Compiled patterns are kept in a small LRU:
// popular searches repeat.
import { LruCache } from '../lru-cache.ts';
import { type GramQuery } from './gram-query.ts';
import { MESSAGE_PREFIX, parseTitlePattern } from './parse-pattern.ts';
import {
  buildDfa,
  DfaTooLarge,
  MAX_DFA_STATES,
  MAX_DFA_WORK,
  type PatternDfa,
} from './pattern-dfa.ts';
import { buildNfa, MAX_NFA_NODES, PatternTooLarge } from './pattern-nfa.ts';
import { requiredGrams } from './required-grams.ts';

export interface CompiledTitlePattern {
  readonly source: string;
  readonly dfa: PatternDfa;
  /** What every matching title contains, to narrow the titles before the DFA reads them. */
  readonly grams: GramQuery;
}

export type TitlePatternResult =
  { ok: true; pattern: CompiledTitlePattern } | { ok: false; message: string };

const compiled = new LruCache<string, TitlePatternResult>(256, () => 1);

export function compileTitlePattern(source: string): TitlePatternResult {
  let result = compiled.get(source);
  if (!result) compiled.set(source, (result = compileUncached(source)));
  return result;
}

export function compileUncached(source: string): TitlePatternResult {
  const parsed = parseTitlePattern(source);
  if (!parsed.ok) return parsed;
  try {
    const dfa = buildDfa(buildNfa(parsed.ast));
    return { ok: true, pattern: { source, dfa, grams: requiredGrams(parsed.ast) } };
  } catch (error) {
    if (error instanceof PatternTooLarge) {
      return refuse(
        `it is too large once its counted repetitions are written out (more than ${MAX_NFA_NODES} automaton nodes); use smaller counts.`,
      );
    }
    if (error instanceof DfaTooLarge) {
      return refuse(
        `it needs too large an automaton to match in linear time (more than ${MAX_DFA_STATES} states or ${MAX_DFA_WORK} steps to build); simplify it: fewer alternatives or smaller counts under repetitions.`,
      );
    }
    throw error;
  }
}

const refuse = (reason: string): TitlePatternResult => ({
  ok: false,
  message: MESSAGE_PREFIX + reason,
});
