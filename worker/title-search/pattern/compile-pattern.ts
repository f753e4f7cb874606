// Per request: a title pattern, checked and compiled to a DFA and a gram query. Whether a
// pattern is accepted depends on its text alone. Compiled patterns are kept in an LRU bounded by
// bytes: popular searches repeat, and distinct large patterns must not fill the isolate.
import { LruCache } from '../../lru-cache.ts';
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

/** Bytes of compiled patterns an isolate keeps: about 170 of the largest seen under the caps. */
export const COMPILED_PATTERN_BYTES = 4 * 1024 * 1024;

/** A compiled pattern's weight: its DFA's tables, and an allowance for its text and objects. */
export function compiledPatternBytes(result: TitlePatternResult): number {
  const allowance = 2048 + 2 * (result.ok ? result.pattern.source.length : result.message.length);
  if (!result.ok) return allowance;
  const { transitions, acceptsAtEnd } = result.pattern.dfa;
  return allowance + transitions.byteLength + acceptsAtEnd.byteLength;
}

const compiled = new LruCache<string, TitlePatternResult>(
  COMPILED_PATTERN_BYTES,
  compiledPatternBytes,
);

/** Bytes the compiled patterns held now weigh (compiledPatternBytes). */
export const heldCompiledPatternBytes = () => compiled.size;

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
