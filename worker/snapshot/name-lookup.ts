// An element by its CKAN name (core/open-data/package-name.ts). A name whose last part is an
// element's _id leads to that element through the id index (the usual case: no names loaded);
// otherwise (an id hashed into the name) a binary search over names.txt, in name order.
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import { suffixOfName } from '../../core/open-data/package-name.ts';
import { findElementById, type IdIndex } from '../search/element-lookup.ts';

/** Separator between two names in names.txt (generator/build-open-data.ts). */
const SEPARATOR_LENGTH = 3;

/** The element whose _id ends the name, if any: the caller checks the element's name is it. */
export function elementBySuffix(ids: IdIndex, name: string): number | undefined {
  return findElementById(ids, suffixOfName(name));
}

/** The element with exactly this name, by binary search over names.txt. */
export function elementByName(
  sections: OpenDataSections,
  namesText: Uint8Array,
  name: string,
): number | undefined {
  const { nameOrder, nameTextStart } = sections;
  const wanted = new TextEncoder().encode(name);
  let low = 0;
  let high = nameOrder.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const start = nameTextStart[mid]!;
    const end = nameTextStart[mid + 1]! - SEPARATOR_LENGTH;
    const order = compareBytes(namesText.subarray(start, end), wanted);
    if (order === 0) return nameOrder[mid];
    if (order < 0) low = mid + 1;
    else high = mid;
  }
  return undefined;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
