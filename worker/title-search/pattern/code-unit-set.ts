// Sets of UTF-16 code units as sorted, disjoint half-open ranges [start, end), flattened:
// [s0, e0, s1, e1, …]. Everything a pattern's characters, classes and escapes denote.
import { canonicalUnit, caseVaryingUnits } from '../../../core/title-index/canonical-case.ts';

export type CodeUnitSet = readonly number[];

export const UNIT_LIMIT = 0x10000;
export const EMPTY_SET: CodeUnitSet = [];
export const ALL_UNITS: CodeUnitSet = [0, UNIT_LIMIT];

/** Sorts and merges ranges given as [start, end) pairs. */
export function normalizeRanges(ranges: readonly (readonly [number, number])[]): CodeUnitSet {
  const sorted = ranges.filter(([start, end]) => start < end).sort((a, b) => a[0] - b[0]);
  const result: number[] = [];
  for (const [start, end] of sorted) {
    const last = result.length - 1;
    if (last > 0 && start <= result[last]!) result[last] = Math.max(result[last]!, end);
    else result.push(start, end);
  }
  return result;
}

export function unionSets(sets: readonly CodeUnitSet[]): CodeUnitSet {
  const ranges: [number, number][] = [];
  for (const set of sets)
    for (let i = 0; i < set.length; i += 2) ranges.push([set[i]!, set[i + 1]!]);
  return normalizeRanges(ranges);
}

export function complementSet(set: CodeUnitSet): CodeUnitSet {
  const result: number[] = [];
  let from = 0;
  for (let i = 0; i < set.length; i += 2) {
    if (set[i]! > from) result.push(from, set[i]!);
    from = set[i + 1]!;
  }
  if (from < UNIT_LIMIT) result.push(from, UNIT_LIMIT);
  return result;
}

export function setHas(set: CodeUnitSet, unit: number): boolean {
  let low = 0;
  let high = set.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (unit < set[2 * mid]!) high = mid - 1;
    else if (unit >= set[2 * mid + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}

export const rangeSet = (first: number, last: number): CodeUnitSet => [first, last + 1];

/**
 * What a set matches under the `i` flag, at canonical units: a canonical unit y is matched when
 * some member folds to y. Titles are stored canonicalized, so only canonical units are ever
 * looked up, and the members that are not canonical may stay in (it keeps the ranges few).
 */
export function canonicalImage(set: CodeUnitSet): CodeUnitSet {
  const varying = caseVaryingUnits();
  const ranges: [number, number][] = [];
  for (let i = 0; i < set.length; i += 2) {
    ranges.push([set[i]!, set[i + 1]!]);
    for (
      let v = firstAtLeast(varying, set[i]!);
      v < varying.length && varying[v]! < set[i + 1]!;
      v++
    ) {
      const folded = canonicalUnit(varying[v]!);
      ranges.push([folded, folded + 1]);
    }
  }
  return normalizeRanges(ranges);
}

function firstAtLeast(sorted: Uint16Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
