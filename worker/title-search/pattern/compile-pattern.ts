// Per request: a title pattern, checked and compiled to a DFA and a gram query. Whether a
// pattern is accepted depends on its text alone.
import type { LruCache } from '../../lru-cache.ts';
import type { TitlePatternResult } from './compiled-pattern.ts';
import { MESSAGE_PREFIX, parseTitlePattern } from './parse-pattern.ts';
import { buildDfa, DfaTooLarge, MAX_DFA_STATES, MAX_DFA_WORK } from './pattern-dfa.ts';
import { buildNfa, MAX_NFA_NODES, PatternTooLarge } from './pattern-nfa.ts';
import { requiredGrams } from './required-grams.ts';

/** Where compiled patterns are kept: the isolate's (memory.ts), since popular searches repeat. */
export type KeptPatterns = Pick<LruCache<string, TitlePatternResult>, 'get' | 'set'>;

/** The pattern compiled, or why it is refused; taken from `kept` and kept there when given. */
export function compileTitlePattern(source: string, kept?: KeptPatterns): TitlePatternResult {
  let result = kept?.get(source);
  if (!result) {
    result = compileUncached(source);
    kept?.set(source, result);
  }
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
