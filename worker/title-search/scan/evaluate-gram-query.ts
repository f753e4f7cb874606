// The titles a gram query lets through, from the index's posting lists: undefined means all.
import { symbolOfUnit, type TitleSearchIndex } from '../../../core/title-index/decode.ts';
import type { GramQuery } from '../pattern/gram-query.ts';
import { gramKey } from '../../../core/title-index/layout.ts';
import { countBits, emptyBitmap, intersectInto, type Bitmap } from '../../../core/bitmap.ts';
import { addPostings, findGram, postingBytes } from './gram-postings.ts';

/**
 * Posting bytes worth reading to spare the DFA one title (it reads one in about the time 8 take).
 */
const BYTES_WORTH_A_TITLE = 8;
/** An OR whose lists hold more bytes than this per title is not read: its union would be broad. */
const OR_BYTES_PER_TITLE = 2;

/**
 * `titlesLeft`: how many titles the DFA would read without this narrowing (fewer than all when
 * the search's filters already chose them); a posting list that costs more to read than the DFA
 * would spend on those titles is not read.
 */
export function evaluateGramQuery(
  index: TitleSearchIndex,
  query: GramQuery,
  titlesLeft = index.count,
): Bitmap | undefined {
  const notWorthIt = (part: GramQuery, left: number) =>
    left < index.count && estimate(index, part) > left * BYTES_WORTH_A_TITLE;
  if (notWorthIt(query, titlesLeft)) return undefined;
  switch (query.op) {
    case 'all':
      return undefined;
    case 'gram': {
      const bitmap = emptyBitmap(index.count);
      const gram = gramOf(index, query.units);
      if (gram >= 0) addPostings(index, gram, bitmap);
      return bitmap;
    }
    case 'or': {
      if (estimate(index, query) > index.count * OR_BYTES_PER_TITLE) return undefined;
      const bitmap = emptyBitmap(index.count);
      for (const part of query.parts) {
        if (part.op === 'gram') {
          const gram = gramOf(index, part.units);
          if (gram >= 0) addPostings(index, gram, bitmap);
          continue;
        }
        const titles = evaluateGramQuery(index, part, titlesLeft);
        if (!titles) return undefined;
        for (let w = 0; w < bitmap.length; w++) bitmap[w] = bitmap[w]! | titles[w]!;
      }
      return bitmap;
    }
    case 'and':
      return narrowByAll(index, query.parts, undefined, titlesLeft).titles;
  }
}

/** Titles, and how many. */
export interface CountedTitles {
  titles: Bitmap;
  count: number;
}

/**
 * The titles of `within` (a bitmap of `count` titles, changed in place) that the gram query lets
 * through, and how many. Posting lists are read against those titles, so the count left is known
 * after each list and the reading stops as soon as the DFA would read the few left for less.
 */
export function narrowTitles(
  index: TitleSearchIndex,
  query: GramQuery,
  within: Bitmap,
  count: number,
): CountedTitles {
  if (query.op === 'and' || query.op === 'gram') {
    const narrowed = narrowByAll(index, query.op === 'and' ? query.parts : [query], within, count);
    return { titles: narrowed.titles ?? within, count: narrowed.count };
  }
  const titles = evaluateGramQuery(index, query, count);
  if (!titles) return { titles: within, count };
  intersectInto(within, titles);
  return { titles: within, count: countBits(within) };
}

/**
 * The titles every part lets through, starting from `from` when given (changed in place); the
 * shortest posting lists first, and none once reading the next would cost more than letting the
 * DFA read the few titles left (it checks every title it is given anyway). `count`: the titles
 * the DFA is left to read, at most `titlesLeft`; exact when `from` was given with its count.
 */
function narrowByAll(
  index: TitleSearchIndex,
  parts: readonly GramQuery[],
  from: Bitmap | undefined,
  titlesLeft: number,
): { titles: Bitmap | undefined; count: number } {
  const ordered = parts
    .map((part) => {
      // a gram is looked up once, for its cost and for its read
      const gram = part.op === 'gram' ? gramOf(index, part.units) : -1;
      return {
        part,
        gram,
        cost: part.op === 'gram' ? gramCost(index, gram) : estimate(index, part),
      };
    })
    .sort((a, b) => a.cost - b.cost);
  let result = from;
  let left = titlesLeft;
  for (const { part, gram, cost } of ordered) {
    if (cost > left * BYTES_WORTH_A_TITLE && (result || left < index.count)) break;
    if (part.op === 'gram') {
      // a list read against the titles left (all at first): one pass, counted as it goes
      if (gram < 0) return { titles: emptyBitmap(index.count), count: 0 };
      const kept = emptyBitmap(index.count);
      left = Math.min(left, addPostings(index, gram, kept, result));
      result = kept;
      if (left === 0) break;
      continue;
    }
    const titles = evaluateGramQuery(index, part, left);
    if (!titles) continue;
    if (!result) result = titles;
    else intersectInto(result, titles);
    left = Math.min(left, countBits(result));
    if (left === 0) break;
  }
  return { titles: result, count: left };
}

/** Bytes a gram's list reads (at -1, a gram in no title, nothing). */
const gramCost = (index: TitleSearchIndex, gram: number) =>
  gram < 0 ? 0 : Math.min(postingBytes(index, gram), index.count);

/** The gram's position in the index, or -1 when some unit is in no title (then no title has it). */
function gramOf(index: TitleSearchIndex, units: string): number {
  const symbols: number[] = [];
  for (let i = 0; i < units.length; i++) {
    const symbol = symbolOfUnit(index, units.charCodeAt(i));
    if (symbol === 0) return -1;
    symbols.push(symbol);
  }
  return findGram(index, gramKey(index.symbolCount, symbols));
}

/** Bytes of posting lists a part reads (a bitmap counts as a full list: one byte per title). */
function estimate(index: TitleSearchIndex, query: GramQuery): number {
  if (query.op === 'all') return 0;
  if (query.op === 'gram') return gramCost(index, gramOf(index, query.units));
  const sizes = query.parts.map((part) => estimate(index, part));
  return query.op === 'or' ? sizes.reduce((sum, size) => sum + size, 0) : Math.min(...sizes);
}
