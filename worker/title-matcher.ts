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


/** A per-request matcher with a memo, so elements sharing a title are tested once. */
export function createTitleMatcher(index: TitleIndex, pattern: CompiledPattern) {
  const memo = new Uint8Array(index.count);
  const titleEnd = (t: number) => index.titleStart[t + 1]! - 1;

  const testOne = (t: number): boolean => {
    if (memo[t] === 0) {
      const start = index.titleStart[t]!;
      const end = titleEnd(t);
      let hit: boolean;
      if (pattern.kind === 'literal') {
        const title = index.folded.slice(start, end);
        hit = pattern.anchoredStart
          ? pattern.anchoredEnd
            ? title === pattern.text
            : title.startsWith(pattern.text)
          : pattern.anchoredEnd
            ? title.endsWith(pattern.text)
            : title.includes(pattern.text);
      } else {
        hit = pattern.re2.test(index.text.slice(start, end));
      }
      memo[t] = hit ? TITLE_MATCH : NO_MATCH;
    }
    return memo[t] === TITLE_MATCH;
  };

  /** Marks every title that matches, sweeping the folded text for the literal when there is one. */
  const matchAll = (): Uint8Array => {
    const literal = pattern.kind === 'literal' ? pattern.text : pattern.requiredLiteral;
    if (literal === undefined) {
      for (let t = 0; t < index.count; t++) testOne(t);
      return memo;
    }
    let t = 0;
    let at = index.folded.indexOf(literal);
    while (at !== -1) {
      while (index.titleStart[t + 1]! <= at) t++; // `at` only grows, so t does too
      if (at + literal.length <= titleEnd(t) && memo[t] === 0) {
        if (pattern.kind === 'literal' && (pattern.anchoredStart || pattern.anchoredEnd)) testOne(t);
        else if (pattern.kind === 'literal') memo[t] = TITLE_MATCH;
        else testOne(t);
      }
      // one verdict per title is enough: go on from the next title once this one is decided
      at = index.folded.indexOf(literal, memo[t] === 0 ? at + 1 : index.titleStart[t + 1]!);
    }
    for (let t = 0; t < index.count; t++) if (memo[t] === 0) memo[t] = NO_MATCH;
    return memo;
  };

  return { testOne, matchAll };
}
