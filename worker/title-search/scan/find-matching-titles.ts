// All titles a compiled pattern matches, ascending: the gram query narrows the titles through
// the index's posting lists (as far as that pays), then the DFA's scan decides each title left.
import { LruCache } from '../../lru-cache.ts';
import { bindDfa, type BoundDfa } from './bind-dfa.ts';
import type { CompiledTitlePattern } from '../pattern/compile-pattern.ts';
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import { DEAD, MATCHED } from './decided-states.ts';
import { evaluateGramQuery, narrowTitles } from './evaluate-gram-query.ts';
import { readsEachAlone, scanTitles } from './scan-titles.ts';
import {
  bitmapOfTitles,
  bitsOf,
  countTitles,
  emptyBitmap,
  intersectInto,
  type TitleBitmap,
} from './title-bitmap.ts';

interface Binding {
  bound: BoundDfa;
  /** Groups of four symbols the DFA's tables were sized for (see bindDfa). */
  sizedFor: number;
  /** Titles the gram query lets through (undefined: all), once read for a search of every title. */
  narrowed?: { titles: TitleBitmap | undefined; count: number };
}

/** Bindings kept per index, of the latest patterns. */
export const KEPT_BINDINGS = 8;
/** What one binding holds at most: two 128 KiB pair maps, a table of at most 64 Ki cells. */
export const BINDING_BYTES_AT_MOST = 600 * 1024;

/** Per index, the bindings of the latest patterns. */
const bindings = new WeakMap<TitleSearchIndex, LruCache<string, Binding>>();

/** `candidates`: the titles to decide (any order, repeats allowed); all when undefined. */
export function findMatchingTitles(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  candidates?: Uint32Array,
): Uint32Array {
  const given = candidates && bitmapOfTitles(index.count, candidates);
  return bitsOf(matchingTitleBitmap(index, pattern, given));
}

/**
 * The titles the pattern matches among the candidates (a bitmap of their own, with their count;
 * all when undefined), as a bitmap of its own: a search that goes on to elements tests bits, with
 * no list of titles in between.
 */
export function matchingTitleBitmap(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  candidates?: { bitmap: TitleBitmap; count: number },
): TitleBitmap {
  let cache = bindings.get(index);
  if (!cache) bindings.set(index, (cache = new LruCache<string, Binding>(KEPT_BINDINGS, () => 1)));
  const kept = cache.get(pattern.source);
  // the titles to read: the candidates or all, narrowed by the posting lists as far as that pays
  let narrowed = kept?.narrowed;
  let wanted: TitleBitmap | undefined;
  let reading: number;
  if (candidates) {
    if (!narrowed) {
      const narrowing = narrowTitles(index, pattern.grams, candidates.bitmap, candidates.count);
      wanted = narrowing.titles;
      reading = narrowing.count;
    } else {
      wanted = candidates.bitmap;
      if (narrowed.titles) intersectInto(wanted, narrowed.titles);
      reading = countTitles(wanted);
    }
  } else {
    if (!narrowed) {
      const titles = evaluateGramQuery(index, pattern.grams);
      narrowed = { titles, count: titles ? countTitles(titles) : index.count };
    }
    wanted = narrowed.titles;
    reading = narrowed.count;
  }
  if (reading === 0) return emptyBitmap(index.count);
  const binding = boundFor(cache, kept, index, pattern, reading);
  if (narrowed) binding.narrowed = narrowed;
  const { bound } = binding;
  if (bound.start === DEAD) return emptyBitmap(index.count);
  // a copy: `wanted` may be the narrowing kept with the binding
  if (bound.start === MATCHED) return wanted ? wanted.slice() : everyTitle(index.count);
  const matches = emptyBitmap(index.count);
  scanTitles(index, bound, wanted, matches, reading);
  return matches;
}

/**
 * The pattern's DFA bound to the index, kept; bound again when a search reads many more titles
 * than its tables were sized for (a few titles, read one by one, need no multi-symbol tables).
 */
function boundFor(
  cache: LruCache<string, Binding>,
  kept: Binding | undefined,
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  reading: number,
): Binding {
  const expectedQuads = readsEachAlone(index, reading)
    ? 0
    : (index.unsharedQuads * reading) / Math.max(1, index.count);
  if (kept && expectedQuads <= kept.sizedFor * 8) return kept;
  const binding: Binding = {
    bound: bindDfa(pattern.dfa, index, expectedQuads),
    sizedFor: expectedQuads,
    narrowed: kept?.narrowed,
  };
  cache.set(pattern.source, binding);
  return binding;
}

function everyTitle(count: number): TitleBitmap {
  const titles = emptyBitmap(count);
  titles.fill(-1);
  if (count & 31) titles[titles.length - 1] = (1 << (count & 31)) - 1;
  return titles;
}
