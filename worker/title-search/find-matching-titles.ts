// All titles a compiled pattern matches, ascending: the gram query narrows the titles through
// the index's posting lists, then one pass of the DFA decides each title left.
import { LruCache } from '../lru-cache.ts';
import { bindDfa, type BoundDfa } from './bind-dfa.ts';
import type { CompiledTitlePattern } from './compile-pattern.ts';
import type { TitleSearchIndex } from './decode-index.ts';
import { DEAD, MATCHED } from './decided-states.ts';
import { evaluateGramQuery } from './evaluate-gram-query.ts';
import { scanTitles } from './scan-titles.ts';
import type { TitleBitmap } from './title-bitmap.ts';

interface Binding {
  bound: BoundDfa;
  /** Titles the gram query lets through; undefined: all. */
  narrowed: TitleBitmap | undefined;
}

/** Per index, the bindings of the latest patterns (their tables are a few hundred KiB at most). */
const bindings = new WeakMap<TitleSearchIndex, LruCache<Binding>>();

export function findMatchingTitles(index: TitleSearchIndex, pattern: CompiledTitlePattern, candidates?: Uint32Array): Uint32Array {
  const { bound, narrowed } = bindingOf(index, pattern);
  if (bound.start === DEAD) return new Uint32Array(0);
  const titles = titlesToRead(index.count, narrowed, candidates);
  if (bound.start === MATCHED) return titles;
  const out = new Uint32Array(titles.length);
  return out.subarray(0, scanTitles(index, bound, titles, titles.length, out));
}

function bindingOf(index: TitleSearchIndex, pattern: CompiledTitlePattern): Binding {
  let cache = bindings.get(index);
  if (!cache) bindings.set(index, (cache = new LruCache<Binding>(16, () => 1)));
  let binding = cache.get(pattern.source);
  if (!binding) {
    binding = { bound: bindDfa(pattern.dfa, index), narrowed: evaluateGramQuery(index, pattern.grams) };
    cache.set(pattern.source, binding);
  }
  return binding;
}

function titlesToRead(count: number, narrowed: TitleBitmap | undefined, candidates: Uint32Array | undefined): Uint32Array {
  if (candidates) {
    if (!narrowed) return candidates.filter((t) => t < count);
    return candidates.filter((t) => t < count && (narrowed[t >>> 5]! & (1 << (t & 31))) !== 0);
  }
  if (!narrowed) {
    const all = new Uint32Array(count);
    for (let t = 0; t < count; t++) all[t] = t;
    return all;
  }
  let total = 0;
  for (const word of narrowed) total += bitCount(word);
  const titles = new Uint32Array(total);
  let at = 0;
  for (let w = 0; w < narrowed.length; w++) {
    for (let bits = narrowed[w]!; bits !== 0; bits &= bits - 1) titles[at++] = (w << 5) | (31 - Math.clz32(bits & -bits));
  }
  return titles;
}

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
