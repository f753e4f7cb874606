// The one pass: runs the bound DFA over each listed title's symbols, stops at the first
// decided state, and writes the numbers of the titles that match. Typed arrays and integer
// codes only, so V8 keeps the loops tight.
import type { BoundDfa } from './bind-dfa.ts';
import type { TitleSearchIndex } from './decode-index.ts';
import { MATCHED } from './decided-states.ts';
import type { QuadSteps } from './quad-steps.ts';

/** Writes the matching titles among titles[0..count) into `out`; returns how many. */
export function scanTitles(index: TitleSearchIndex, bound: BoundDfa, titles: Uint32Array, count: number, out: Uint32Array): number {
  if (bound.quad && index.textWords) return scanFourAtATime(index.textWords, index.titleStart, bound, bound.quad, titles, count, out);
  return scanOneAtATime(index.text, index.titleStart, bound, titles, count, out);
}

function scanFourAtATime(
  words: Int32Array,
  titleStart: Uint32Array,
  bound: BoundDfa,
  quad: QuadSteps,
  titles: Uint32Array,
  count: number,
  out: Uint32Array,
): number {
  const { table, firstPair, secondPair, stride } = quad;
  const acceptsAtEnd = bound.acceptsAtEnd;
  const start = (bound.start / bound.columnCount) * stride;
  let found = 0;
  for (let k = 0; k < count; k++) {
    const t = titles[k]!;
    let word = titleStart[t]! >>> 2;
    const end = titleStart[t + 1]! >>> 2;
    let code = start;
    while (word < end) {
      const symbols = words[word++]!;
      code = table[code + firstPair[symbols & 0xffff]! + secondPair[symbols >>> 16]!]!;
      if (code < 0) break;
    }
    if (code === MATCHED || (code >= 0 && acceptsAtEnd[code / stride] === 1)) out[found++] = t;
  }
  return found;
}

function scanOneAtATime(
  text: Uint8Array | Uint16Array,
  titleStart: Uint32Array,
  bound: BoundDfa,
  titles: Uint32Array,
  count: number,
  out: Uint32Array,
): number {
  const { steps, columnOfSymbol, columnCount, acceptsAtEnd } = bound;
  let found = 0;
  for (let k = 0; k < count; k++) {
    const t = titles[k]!;
    let at = titleStart[t]!;
    const end = titleStart[t + 1]!;
    let code = bound.start;
    while (at < end) {
      code = steps[code + columnOfSymbol[text[at++]!]!]!;
      if (code < 0) break;
    }
    if (code === MATCHED || (code >= 0 && acceptsAtEnd[code / columnCount] === 1)) out[found++] = t;
  }
  return found;
}
