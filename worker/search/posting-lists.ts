// Set operations on sorted, duplicate-free lists of element numbers.

/** Past this ratio of lengths, galloping beats merging. */
const GALLOP_RATIO = 8;

/** Elements in both lists; gallops through the longer one when the lists differ a lot in size. */
export function intersectSorted(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Uint32Array(a.length);
  let n = 0;
  if (b.length > a.length * GALLOP_RATIO) {
    // a few against many: leap through the long list
    let j = 0;
    for (let i = 0; i < a.length && j < b.length; i++) {
      const value = a[i]!;
      if (b[j]! < value) j = lowerBound(b, value, j + 1);
      if (j < b.length && b[j] === value) out[n++] = value;
    }
  } else {
    // comparable lengths: one merge step each (no call per element, fast even before V8 optimizes)
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, n);
}

/** Elements in any of the lists. */
export function unionSorted(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 1) return lists[0]!;
  const all = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0));
  let offset = 0;
  for (const list of lists) {
    all.set(list, offset);
    offset += list.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (n === 0 || all[n - 1] !== all[i]) all[n++] = all[i]!;
  return all.subarray(0, n);
}

/** First index at or after `from` whose value is >= target (exponential then binary search). */
function lowerBound(list: Uint32Array, target: number, from: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < list.length && list[high]! < target) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return low;
}
