// Word search (docs/api.md §11), pure over a decoded word index (core/word-index.ts): the elements
// whose searchable words start with every word of `q`, and their relevance order. No I/O: the
// caller ANDs the match set with the filters and the title pattern, then orders what is left.
//
// Relevance order:
//   1. elements where every word of q starts a word of the title, first;
//   2. then more words of q equal to a whole word of the title first;
//   3. then the score, higher first: the sum, over the words of q, of the word's weight once for
//      each of these that holds: it starts a word of the title; it equals a whole word of the
//      title; it equals a whole searchable word. A word's weight is round(8 · log2(N / n)), N the
//      elements of the snapshot and n those the word matches on its own (as a prefix, anywhere):
//      a rare word weighs more than a common one, and a word every element matches weighs 0;
//   4. ties in catalogue order.
// The weight belongs to the word as typed, not to the words it expands to: an unfinished `jum`
// would otherwise put the rare "jumat" before the common "jumlah" it most likely means, and every
// expansion's list would be read on its own, the cost the stored unions of short prefixes save.
import { bitsOf, countBits, emptyBitmap, holds, type Bitmap } from '../../core/bitmap.ts';
import {
  addListTo,
  bitmapOfList,
  isWord,
  rangeList,
  storedRange,
  wordList,
  wordsStartingWith,
  type ListPlace,
  type WordIndex,
} from '../../core/word-index.ts';

/** What one word of q matches. Bitmaps may be views over the index: never to be changed. */
export interface QueryWordMatch {
  /** Elements with a searchable word (title included) that starts with it. */
  anywhere: Bitmap;
  /** Elements with a word of the title that starts with it. */
  title: Bitmap;
  /** Elements having it as a whole word in the title, and anywhere; undefined: none has. */
  wholeInTitle: Bitmap | undefined;
  wholeAnywhere: Bitmap | undefined;
  weight: number;
}

export interface WordMatches {
  /** The elements matching every word of q (a new bitmap, the caller's to change). */
  matched: Bitmap;
  count: number;
  words: QueryWordMatch[];
}

/** The elements matching every word (words as queryWords gives them: at least one, each once). */
export function matchWords(index: WordIndex, words: readonly string[]): WordMatches {
  const ranges = words.map((word) => ({ word, ...wordsStartingWith(index, word) }));
  if (ranges.some(({ first, end }) => first === end))
    return { matched: emptyBitmap(index.elementCount), count: 0, words: [] };
  const matches = ranges.map(({ word, first, end }): QueryWordMatch => {
    const anywhere = unionOfRange(index, first, end, 'anywhere');
    const whole = isWord(index, first, word); // the word itself sorts first among its expansions
    return {
      anywhere,
      title: unionOfRange(index, first, end, 'title'),
      wholeInTitle: whole ? bitmapOfList(index, wordList(first, 'title')) : undefined,
      wholeAnywhere: whole ? bitmapOfList(index, wordList(first, 'anywhere')) : undefined,
      weight: Math.round(8 * Math.log2(index.elementCount / countBits(anywhere))),
    };
  });
  const matched = matches[0]!.anywhere.slice();
  for (const { anywhere } of matches.slice(1))
    for (let w = 0; w < matched.length; w++) matched[w] = matched[w]! & anywhere[w]!;
  return { matched, count: countBits(matched), words: matches };
}

/**
 * The CPU a word search is estimated to take (the Workers runtime has no clock that moves while
 * code runs, so it cannot be measured there): per word of q, a base, more for a word of one or two
 * letters (it starts many words, whose lists are joined), and per element matched and word, the
 * standing and the sort. Fitted to what `npx tsx bench/word-search.ts DIST` measures at 100,000
 * elements (it prints both): 0.8 (a one-letter word) to 2.5 times (five two-letter words) the
 * measured median of the searches over 1 ms (bench/HISTORY.md).
 */
export function estimateWordSearchCpuMs(words: readonly string[], matched: number): number {
  let ms = 0.15 + 1.0e-5 * matched * words.length;
  for (const word of words) ms += word.length <= 2 ? 0.8 : 0.2;
  return ms;
}

/** The elements of `within` (ascending; every element when undefined) matching every word. */
export function elementsMatching(
  matches: WordMatches,
  within: Uint32Array | undefined,
): Uint32Array {
  if (!within) return bitsOf(matches.matched, matches.count);
  const kept = new Uint32Array(Math.min(within.length, matches.count));
  let n = 0;
  for (let i = 0; i < within.length && n < kept.length; i++) {
    const e = within[i]!;
    if (holds(matches.matched, e)) kept[n++] = e;
  }
  return kept.subarray(0, n);
}

/** The elements having a word of [first, end) there: a stored list when there is one. */
function unionOfRange(index: WordIndex, first: number, end: number, place: ListPlace) {
  if (end - first === 1) return bitmapOfList(index, wordList(first, place));
  const range = storedRange(index, first, end);
  if (range >= 0) return bitmapOfList(index, rangeList(index, range, place));
  const union = emptyBitmap(index.elementCount);
  for (let w = first; w < end; w++) addListTo(index, wordList(w, place), union);
  return union;
}

// Each element's standing is gathered word by word in three fields of one number:
// [words of q starting a title word][words of q equal to a title word][score].
const SCORE_BITS = 14; // 3 · 12 words · a weight of at most 8 · 32 = 9,216 < 2^14
const EQUAL_IN_TITLE = 1 << SCORE_BITS;
const STARTS_IN_TITLE = 1 << (SCORE_BITS + 4); // at most 12 words: 4 bits

/**
 * Elements of the match (ascending, as the filters leave them) in relevance order: a new array.
 */
export function orderByRelevance(matches: WordMatches, elements: Uint32Array): Uint32Array {
  const standing = new Uint32Array(elements.length);
  const none: Bitmap = new Int32Array(matches.matched.length);
  let shared = 0; // what every element of the match has
  let highestScore = 0;
  let alike = true;
  for (const { title, wholeInTitle, wholeAnywhere, weight } of matches.words) {
    const amounts = [STARTS_IN_TITLE + weight, EQUAL_IN_TITLE + weight, weight];
    // a bitmap holding all of the match or none of it is the same for every element: no pass
    const varying = [title, wholeInTitle, wholeAnywhere].map((bitmap, k) => {
      const meets = bitmap ? overlap(bitmap, matches.matched) : 'none';
      if (meets === 'all') shared += amounts[k]!;
      return meets === 'some' ? bitmap! : none;
    });
    if (varying.some((bitmap) => bitmap !== none)) {
      alike = false;
      addStanding(standing, elements, weight, varying[0]!, varying[1]!, varying[2]!);
    }
    highestScore += 3 * weight;
  }
  if (alike) return elements.slice(); // every element stands alike: catalogue order
  // each standing's place among all possible ones, first 0: the ranks span a small range
  const words = matches.words.length;
  const scores = highestScore + 1;
  const ranks = standing;
  for (let i = 0; i < standing.length; i++) {
    const value = standing[i]! + shared;
    const starts = value >>> (SCORE_BITS + 4);
    const equal = (value >>> SCORE_BITS) & 15;
    const score = value & (EQUAL_IN_TITLE - 1);
    ranks[i] = ((starts === words ? 0 : words + 1) + words - equal) * scores + highestScore - score;
  }
  return sortByRank(elements, ranks, 2 * (words + 1) * scores);
}

/** Whether a bitmap holds all of the match, none of it, or some. */
function overlap(bitmap: Bitmap, matched: Bitmap): 'all' | 'none' | 'some' {
  let some = 0;
  let all = true;
  for (let w = 0; w < matched.length; w++) {
    const held = bitmap[w]! & matched[w]!;
    some |= held;
    if (held !== matched[w]) all = false;
  }
  return all ? 'all' : some !== 0 ? 'some' : 'none';
}

/** What one word of q adds to the standing of each element (no branch: the bits are random). */
function addStanding(
  standing: Uint32Array,
  elements: Uint32Array,
  weight: number,
  title: Bitmap,
  wholeInTitle: Bitmap,
  wholeAnywhere: Bitmap,
) {
  const startsAmount = STARTS_IN_TITLE + weight;
  const equalAmount = EQUAL_IN_TITLE + weight;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const word = e >>> 5;
    const bit = e & 31;
    standing[i] =
      standing[i]! +
      (startsAmount & -((title[word]! >>> bit) & 1)) +
      (equalAmount & -((wholeInTitle[word]! >>> bit) & 1)) +
      (weight & -((wholeAnywhere[word]! >>> bit) & 1));
  }
}

/** Every element matching the words, in relevance order. */
export function searchWords(index: WordIndex, words: readonly string[]): Uint32Array {
  const matches = matchWords(index, words);
  return orderByRelevance(matches, bitsOf(matches.matched, matches.count));
}

/** Ranks up to this many are sorted in one counting pass; more take two. */
const MAX_PASS_RANKS = 1 << 16;

/**
 * The elements by rank (0 first), equal ranks in the order given: a stable counting sort, one or
 * two passes (ranks are small integers; comparing 100,000 numbers would cost several times more).
 */
function sortByRank(elements: Uint32Array, ranks: Uint32Array, rankCount: number): Uint32Array {
  const passes = rankCount > MAX_PASS_RANKS ? 2 : 1;
  const digitBits = Math.ceil(Math.log2(rankCount) / passes);
  const digitMask = (1 << digitBits) - 1;
  const counts = new Uint32Array(1 << digitBits);
  let from = elements;
  let fromRanks = ranks;
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += digitBits) {
    counts.fill(0);
    for (let i = 0; i < fromRanks.length; i++) counts[(fromRanks[i]! >>> shift) & digitMask]!++;
    if (counts.includes(fromRanks.length)) continue; // one digit for all: the order stays
    for (let d = 0, at = 0; d < counts.length; d++) {
      const count = counts[d]!;
      counts[d] = at;
      at += count;
    }
    const to = new Uint32Array(from.length);
    const toRanks = pass + 1 < passes ? new Uint32Array(from.length) : fromRanks;
    for (let i = 0; i < from.length; i++) {
      const at = counts[(fromRanks[i]! >>> shift) & digitMask]!++;
      to[at] = from[i]!;
      if (toRanks !== fromRanks) toRanks[at] = fromRanks[i]!;
    }
    [from, fromRanks] = [to, toRanks];
  }
  return from === elements ? elements.slice() : from;
}
