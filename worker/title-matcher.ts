// Which distinct titles a compiled pattern matches. Titles live in two big strings (original
// and ASCII-case-folded, same offsets); a literal is found with indexOf over the folded one,
// so a broad query costs one pass of the engine's substring search, not one call per title.
import type { CompiledPattern } from './title-pattern.ts';

export interface TitleIndex {
  text: string;
  folded: string;
  /** [count+1] start offset of each title; title t ends at titleStart[t+1] - 1 (separator). */
  titleStart: Uint32Array;
  count: number;
}

/** Verdicts in the memo: 0 not decided yet. */
export const TITLE_MATCH = 1;
const NO_MATCH = 2;

/**
 * Characters of title text one request may run through re2js (about 30 ms of CPU): a pattern
 * with no literal to narrow by, over a large catalogue, is refused rather than let run.
 */
export const REGEX_SCAN_BUDGET = 2_000_000;

export class PatternTooCostly extends Error {}

/** A per-request matcher with a memo, so elements sharing a title are tested once. */
export function createTitleMatcher(index: TitleIndex, pattern: CompiledPattern) {
  const memo = new Uint8Array(index.count);
  const titleEnd = (t: number) => index.titleStart[t + 1]! - 1;
  let budget = REGEX_SCAN_BUDGET;

  /** Some alternative's required literals all occur in the folded title (else it cannot match). */
  const mayMatch = (folded: string, alternatives: string[][]) =>
    alternatives.some((literals) => literals.every((literal) => folded.includes(literal)));

  const testOne = (t: number): boolean => {
    if (memo[t] === 0) {
      const start = index.titleStart[t]!;
      const end = titleEnd(t);
      const folded = index.folded.slice(start, end);
      let hit: boolean;
      if (pattern.kind === 'literal') {
        hit = pattern.anchoredStart
          ? pattern.anchoredEnd
            ? folded === pattern.text
            : folded.startsWith(pattern.text)
          : pattern.anchoredEnd
            ? folded.endsWith(pattern.text)
            : folded.includes(pattern.text);
      } else if (pattern.requiredLiterals && !mayMatch(folded, pattern.requiredLiterals)) {
        hit = false;
      } else {
        budget -= end - start;
        if (budget < 0) throw new PatternTooCostly();
        hit = pattern.re2.test(index.text.slice(start, end));
      }
      memo[t] = hit ? TITLE_MATCH : NO_MATCH;
    }
    return memo[t] === TITLE_MATCH;
  };

  /** Marks every title that matches, sweeping the folded text for literals when there are any. */
  const matchAll = (): Uint8Array => {
    const sweeps = pattern.kind === 'literal' ? [pattern.text] : pattern.requiredLiterals?.map((literals) => literals[0]!);
    if (sweeps === undefined) {
      for (let t = 0; t < index.count; t++) testOne(t);
      return memo;
    }
    for (const literal of new Set(sweeps)) sweep(literal);
    for (let t = 0; t < index.count; t++) if (memo[t] === 0) memo[t] = NO_MATCH;
    return memo;
  };

  /** Decides every title that holds `literal`, with one indexOf pass over all titles. */
  const sweep = (literal: string) => {
    const decidedByPresence = pattern.kind === 'literal' && !pattern.anchoredStart && !pattern.anchoredEnd;
    let t = 0;
    let at = index.folded.indexOf(literal);
    while (at !== -1) {
      while (index.titleStart[t + 1]! <= at) t++; // `at` only grows, so t does too
      if (at + literal.length <= titleEnd(t) && memo[t] === 0) {
        if (decidedByPresence) memo[t] = TITLE_MATCH;
        else testOne(t);
      }
      // a title holding the literal is decided at its first occurrence: go on from the next title
      at = index.folded.indexOf(literal, memo[t] === 0 ? at + 1 : index.titleStart[t + 1]!);
    }
  };

  return { testOne, matchAll };
}
