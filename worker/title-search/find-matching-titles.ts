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
  /** Groups of four symbols the DFA's tables were sized for (see bindDfa). */
  sizedFor: number;
  /** Titles the gram query lets through (undefined: all), once read for a search of every title. */
  narrowed?: { titles: TitleBitmap | undefined; count: number };
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
  const binding = bindingOf(index, pattern, candidates?.length ?? index.count);
  const { bound } = binding;
  if (bound.start === DEAD) return new Uint32Array(0);
  let wanted: TitleBitmap | undefined;
  if (candidates) {
    wanted = bitmapOfTitles(index.count, candidates);
    // the posting lists are read only as far as they spare the DFA more than they cost
    const narrowed = binding.narrowed
      ? binding.narrowed.titles
      : evaluateGramQuery(index, pattern.grams, candidates.length);
    if (narrowed) intersectInto(wanted, narrowed);
  } else {
    wanted = binding.narrowed!.titles; // read by bindingOf for a search of every title
  }
  if (bound.start === MATCHED) return wanted ? titlesOf(wanted) : everyTitle(index.count);
  const matches = emptyBitmap(index.count);
  scanTitles(index, bound, wanted, matches);
  return titlesOf(matches);
}

/**
 * The pattern's DFA bound to the index, cached; bound again when a search would read many more
 * titles than its tables were sized for. `titles`: how many titles the search may read (all, or
 * its candidates'); a search of every title reads the gram query first, and it is kept.
 */
function bindingOf(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
  titles: number,
): Binding {
  let cache = bindings.get(index);
  if (!cache) bindings.set(index, (cache = new LruCache<string, Binding>(8, () => 1)));
  let binding = cache.get(pattern.source);
  let narrowed = binding?.narrowed;
  if (!narrowed && titles >= index.count) {
    const narrowedTitles = evaluateGramQuery(index, pattern.grams);
    narrowed = {
      titles: narrowedTitles,
      count: narrowedTitles ? countTitles(narrowedTitles) : index.count,
    };
  }
  const scanned =
    titles >= index.count && narrowed ? narrowed.count : Math.min(titles, index.count);
  const expectedQuads = (index.unsharedQuads * scanned) / Math.max(1, index.count);
  if (!binding || expectedQuads > binding.sizedFor * 8) {
    binding = { bound: bindDfa(pattern.dfa, index, expectedQuads), sizedFor: expectedQuads };
    cache.set(pattern.source, binding);
  }
  if (narrowed) binding.narrowed = narrowed;
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
