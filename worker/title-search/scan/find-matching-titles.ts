// All titles a compiled pattern matches, ascending: the gram query narrows the titles through
// the index's posting lists (as far as that pays), then the DFA's scan decides each title left.
import type { LruCache } from '../../lru-cache.ts';
import { bindDfa, type KeptBinding } from './bind-dfa.ts';
import type { CompiledTitlePattern } from '../pattern/compiled-pattern.ts';
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import { MATCHED } from '../pattern/pattern-dfa.ts';
import { DEAD } from './decided-states.ts';
import { evaluateGramQuery, narrowTitles } from './evaluate-gram-query.ts';
import { readsEachAlone, scanTitles } from './scan-titles.ts';
import {
  bitmapOf,
  bitsOf,
  countBits,
  emptyBitmap,
  intersectInto,
  type Bitmap,
} from '../../../core/bitmap.ts';

/**
 * Where a pattern's binding to an index is kept for its next search (memory.ts: bindingsOf); none
 * is kept without it.
 */
export type KeptBindings = Pick<LruCache<string, KeptBinding>, 'get' | 'set'>;

/** `candidates`: the titles to decide (any order, repeats allowed); all when undefined. */
export function findMatchingTitles(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  candidates?: Uint32Array,
  bindings?: KeptBindings,
): Uint32Array {
  const given = candidates && bitmapOf(index.count, candidates);
  return bitsOf(matchingTitleBitmap(index, pattern, given, bindings));
}

/**
 * The titles the pattern matches among the candidates (a bitmap of their own, with their count;
 * all when undefined), as a bitmap of its own: a search that goes on to elements tests bits, with
 * no list of titles in between.
 */
export function matchingTitleBitmap(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  candidates?: { bitmap: Bitmap; count: number },
  bindings?: KeptBindings,
): Bitmap {
  const kept = bindings?.get(pattern.source);
  // the titles to read: the candidates or all, narrowed by the posting lists as far as that pays
  let narrowed = kept?.narrowed;
  let wanted: Bitmap | undefined;
  let reading: number;
  if (candidates) {
    if (!narrowed) {
      const narrowing = narrowTitles(index, pattern.grams, candidates.bitmap, candidates.count);
      wanted = narrowing.titles;
      reading = narrowing.count;
    } else {
      wanted = candidates.bitmap;
      if (narrowed.titles) intersectInto(wanted, narrowed.titles);
      reading = countBits(wanted);
    }
  } else {
    if (!narrowed) {
      const titles = evaluateGramQuery(index, pattern.grams);
      narrowed = { titles, count: titles ? countBits(titles) : index.count };
    }
    wanted = narrowed.titles;
    reading = narrowed.count;
  }
  if (reading === 0) return emptyBitmap(index.count);
  const binding = boundFor(bindings, kept, index, pattern, reading);
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
  bindings: KeptBindings | undefined,
  kept: KeptBinding | undefined,
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  reading: number,
): KeptBinding {
  const expectedQuads = readsEachAlone(index, reading)
    ? 0
    : (index.unsharedQuads * reading) / Math.max(1, index.count);
  if (kept && expectedQuads <= kept.sizedFor * 8) return kept;
  const binding: KeptBinding = {
    bound: bindDfa(pattern.dfa, index, expectedQuads),
    sizedFor: expectedQuads,
    narrowed: kept?.narrowed,
  };
  bindings?.set(pattern.source, binding);
  return binding;
}

function everyTitle(count: number): Bitmap {
  const titles = emptyBitmap(count);
  titles.fill(-1);
  if (count & 31) titles[titles.length - 1] = (1 << (count & 31)) - 1;
  return titles;
}
