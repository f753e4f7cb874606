// All titles a compiled pattern matches, ascending: the gram query narrows the titles through
// the index's posting lists, then one pass of the DFA decides each title left.
import { LruCache } from '../lru-cache.ts';
import { bindDfa, type BoundDfa } from './bind-dfa.ts';
import type { CompiledTitlePattern } from './compile-pattern.ts';
import type { TitleSearchIndex } from './decode-index.ts';
import { DEAD, MATCHED } from './decided-states.ts';
import { evaluateGramQuery } from './evaluate-gram-query.ts';
import { scanTitles } from './scan-titles.ts';
import {
  bitmapOfTitles,
  countTitles,
  emptyBitmap,
  intersectInto,
  type TitleBitmap,
} from './title-bitmap.ts';

interface Binding {
  bound: BoundDfa;
  /** Titles the gram query lets through; undefined: all. */
  narrowed: TitleBitmap | undefined;
}

/**
 * Per index, the bindings of the latest patterns (each under 600 KiB: two 128 KiB pair maps, a
 * table of at most 64 Ki cells).
 */
const bindings = new WeakMap<TitleSearchIndex, LruCache<string, Binding>>();

/** `candidates`: the titles to decide (any order, repeats allowed); all when undefined. */
export function findMatchingTitles(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  candidates?: Uint32Array,
): Uint32Array {
  const { bound, narrowed } = bindingOf(index, pattern);
  if (bound.start === DEAD) return new Uint32Array(0);
  let wanted = narrowed;
  if (candidates) {
    const asked = bitmapOfTitles(index.count, candidates);
    if (wanted) intersectInto(asked, wanted);
    wanted = asked;
  }
  if (bound.start === MATCHED) return wanted ? titlesOf(wanted) : everyTitle(index.count);
  const matches = emptyBitmap(index.count);
  scanTitles(index, bound, wanted, matches);
  return titlesOf(matches);
}

function bindingOf(index: TitleSearchIndex, pattern: CompiledTitlePattern): Binding {
  let cache = bindings.get(index);
  if (!cache) bindings.set(index, (cache = new LruCache<string, Binding>(8, () => 1)));
  let binding = cache.get(pattern.source);
  if (!binding) {
    const narrowed = evaluateGramQuery(index, pattern.grams);
    const share = narrowed ? countTitles(narrowed) / Math.max(1, index.count) : 1;
    binding = { bound: bindDfa(pattern.dfa, index, index.unsharedQuads * share), narrowed };
    cache.set(pattern.source, binding);
  }
  return binding;
}

function everyTitle(count: number): Uint32Array {
  const titles = new Uint32Array(count);
  for (let t = 0; t < count; t++) titles[t] = t;
  return titles;
}

/** The titles of a bitmap, ascending. */
function titlesOf(bitmap: TitleBitmap): Uint32Array {
  const titles = new Uint32Array(countTitles(bitmap));
  let at = 0;
  for (let w = 0; w < bitmap.length; w++) {
    for (let bits = bitmap[w]!; bits !== 0; bits &= bits - 1)
      titles[at++] = (w << 5) | (31 - Math.clz32(bits & -bits));
  }
  return titles;
}
