// The scan: runs the bound DFA over the titles in sorted order, each from where it stops sharing
// its start with the title read before it (the state there is kept), stops a title at the first
// decided state, and marks the titles that match; a few titles are read one by one instead, each
// from its own position. Typed arrays and int32 codes only, so V8 keeps the loops tight.
import type { BoundDfa } from './bind-dfa.ts';
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import { MATCHED } from '../pattern/pattern-dfa.ts';
import type { PairSteps, QuadSteps } from './quad-steps.ts';
import { countBits, type Bitmap } from '../../../core/bitmap.ts';

const NEVER = 0x7fffffff;

/**
 * Below this share of the titles, `wanted` titles are read one by one from their own position
 * rather than by a pass over every sorted position (the pass shares starts, but visits them all).
 */
const SPARSE_SHARE = 1 / 32;

/** Whether a scan of this many titles reads each alone (see SPARSE_SHARE). */
export const readsEachAlone = (index: TitleSearchIndex, titles: number) =>
  titles < index.count * SPARSE_SHARE;

/** Marks in `matches` every title `wanted` holds (all when undefined) that the DFA accepts. */
export function scanTitles(
  index: TitleSearchIndex,
  bound: BoundDfa,
  wanted: Bitmap | undefined,
  matches: Bitmap,
  /** How many titles `wanted` holds, when the caller has counted them already. */
  wantedCount = wanted ? countBits(wanted) : index.count,
) {
  if (wanted && readsEachAlone(index, wantedCount)) {
    scanEach(index, bound, wanted, matches);
    return;
  }
  const multi = bound.multi;
  if (multi?.kind === 'quad' && index.textWords)
    scanFourAtATime(index, index.textWords, bound, multi, wanted, matches);
  else if (multi?.kind === 'pair' && index.textPairs)
    scanTwoAtATime(index, index.textPairs, bound, multi, wanted, matches);
  else scanOneAtATime(index, bound, wanted, matches);
}

function scanFourAtATime(
  index: TitleSearchIndex,
  words: Int32Array,
  bound: BoundDfa,
  quad: QuadSteps,
  wanted: Bitmap | undefined,
  matches: Bitmap,
) {
  const { sortedTitle, sortedStart, resumeQuad } = index;
  const { table, firstPair, secondPair, stride } = quad;
  const acceptsAtEnd = bound.acceptsAtEnd;
  const matched = MATCHED; // a local: imported bindings can be slower to read in a hot loop
  /** [q]: the code after the first q groups of the title read last. */
  const codeAt = new Int32Array(index.longestQuads + 1);
  // an int32, or V8 runs the loop on doubles
  codeAt[0] = ((bound.start / bound.columnCount) * stride) | 0;
  let shared = 0; // groups the current title shares with the title read last
  let decidedAt = NEVER; // the title read last was decided by its group decidedAt−1 …
  let decided = 0; // … with this code
  for (let p = 0; p < sortedTitle.length; p++) {
    shared = Math.min(shared, resumeQuad[p]!);
    const t = sortedTitle[p]!;
    if (wanted !== undefined && (wanted[t >>> 5]! & (1 << (t & 31))) === 0) continue;
    let code = decided;
    if (shared < decidedAt) {
      let q = shared;
      code = codeAt[q]!;
      let word = (sortedStart[p]! >> 2) + q;
      const end = sortedStart[p + 1]! >> 2;
      while (word < end) {
        const symbols = words[word++]!;
        code = table[code + firstPair[symbols & 0xffff]! + secondPair[symbols >>> 16]!]!;
        if (code < 0) break;
        codeAt[++q] = code;
      }
      decidedAt = code < 0 ? q + 1 : NEVER;
      decided = code;
    }
    if (code === matched || (code >= 0 && acceptsAtEnd[(code / stride) | 0] === 1))
      matches[t >>> 5] = matches[t >>> 5]! | (1 << (t & 31));
    shared = NEVER;
  }
}

function scanTwoAtATime(
  index: TitleSearchIndex,
  pairs: Uint16Array,
  bound: BoundDfa,
  multi: PairSteps,
  wanted: Bitmap | undefined,
  matches: Bitmap,
) {
  const { sortedTitle, sortedStart, resumeQuad } = index;
  const { table, pairOf, stride } = multi;
  const acceptsAtEnd = bound.acceptsAtEnd;
  const matched = MATCHED;
  const codeAt = new Int32Array(index.longestQuads + 1);
  codeAt[0] = ((bound.start / bound.columnCount) * stride) | 0;
  let shared = 0;
  let decidedAt = NEVER;
  let decided = 0;
  for (let p = 0; p < sortedTitle.length; p++) {
    shared = Math.min(shared, resumeQuad[p]!);
    const t = sortedTitle[p]!;
    if (wanted !== undefined && (wanted[t >>> 5]! & (1 << (t & 31))) === 0) continue;
    let code = decided;
    if (shared < decidedAt) {
      let q = shared;
      code = codeAt[q]!;
      let half = (sortedStart[p]! >> 1) + 2 * q;
      const end = sortedStart[p + 1]! >> 1;
      while (half < end) {
        code = table[code + pairOf[pairs[half]!]!]!;
        if (code >= 0) code = table[code + pairOf[pairs[half + 1]!]!]!;
        if (code < 0) break;
        half += 2;
        codeAt[++q] = code;
      }
      decidedAt = code < 0 ? q + 1 : NEVER;
      decided = code;
    }
    if (code === matched || (code >= 0 && acceptsAtEnd[(code / stride) | 0] === 1))
      matches[t >>> 5] = matches[t >>> 5]! | (1 << (t & 31));
    shared = NEVER;
  }
}

function scanOneAtATime(
  index: TitleSearchIndex,
  bound: BoundDfa,
  wanted: Bitmap | undefined,
  matches: Bitmap,
) {
  const { sortedTitle, sortedStart, resumeQuad, text } = index;
  const { steps, columnOfSymbol, columnCount, acceptsAtEnd } = bound;
  const matched = MATCHED;
  const codeAt = new Int32Array(index.longestQuads + 1);
  codeAt[0] = bound.start;
  let shared = 0;
  let decidedAt = NEVER;
  let decided = 0;
  for (let p = 0; p < sortedTitle.length; p++) {
    shared = Math.min(shared, resumeQuad[p]!);
    const t = sortedTitle[p]!;
    if (wanted !== undefined && (wanted[t >>> 5]! & (1 << (t & 31))) === 0) continue;
    let code = decided;
    if (shared < decidedAt) {
      let q = shared;
      code = codeAt[q]!;
      let at = (sortedStart[p]! | 0) + 4 * q;
      const end = sortedStart[p + 1]! | 0;
      while (at < end) {
        code = steps[code + columnOfSymbol[text[at]!]!]!;
        if (code >= 0) code = steps[code + columnOfSymbol[text[at + 1]!]!]!;
        if (code >= 0) code = steps[code + columnOfSymbol[text[at + 2]!]!]!;
        if (code >= 0) code = steps[code + columnOfSymbol[text[at + 3]!]!]!;
        if (code < 0) break;
        at += 4;
        codeAt[++q] = code;
      }
      decidedAt = code < 0 ? q + 1 : NEVER;
      decided = code;
    }
    if (code === matched || (code >= 0 && acceptsAtEnd[(code / columnCount) | 0] === 1))
      matches[t >>> 5] = matches[t >>> 5]! | (1 << (t & 31));
    shared = NEVER;
  }
}

/** The wanted titles one by one, each read from its start, a symbol at a time. */
function scanEach(index: TitleSearchIndex, bound: BoundDfa, wanted: Bitmap, matches: Bitmap) {
  const { titlePosition, sortedStart, text } = index;
  const { steps, columnOfSymbol, columnCount, acceptsAtEnd } = bound;
  const matched = MATCHED;
  for (let w = 0; w < wanted.length; w++) {
    for (let bits = wanted[w]!; bits !== 0; bits &= bits - 1) {
      const t = (w << 5) | (31 - Math.clz32(bits & -bits));
      const p = titlePosition[t]!;
      let code = bound.start;
      const end = sortedStart[p + 1]! | 0;
      for (let at = sortedStart[p]! | 0; at < end && code >= 0; at++) {
        code = steps[code + columnOfSymbol[text[at]!]!]!;
      }
      if (code === matched || (code >= 0 && acceptsAtEnd[(code / columnCount) | 0] === 1))
        matches[w] = matches[w]! | (1 << (t & 31));
    }
  }
}
