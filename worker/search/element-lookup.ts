// One element by its _id: a binary search over the ids in code-unit order (built by the generator).
import type { IdSections } from '../../core/snapshot-layout.ts';

/** The loaded id index: ids.bin's sections and the ids' text. */
export interface IdIndex extends IdSections {
  text: string;
}

export function findElementById(ids: IdIndex, id: string): number | undefined {
  const { idOrder, idStart, text } = ids;
  let low = 0;
  let high = idOrder.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const candidate = text.slice(idStart[mid], idStart[mid + 1]);
    if (candidate === id) return idOrder[mid];
    if (candidate < id) low = mid + 1;
    else high = mid;
  }
  return undefined;
}

/** Each element's rank in id order (idOrder inverted), made once per loaded id index. */
const ranks = new WeakMap<IdIndex, Uint32Array>();

/** The _id of element `e`. */
export function idOfElement(ids: IdIndex, e: number): string {
  let rankOf = ranks.get(ids);
  if (!rankOf) {
    rankOf = new Uint32Array(ids.idOrder.length);
    ids.idOrder.forEach((element, rank) => (rankOf![element] = rank));
    ranks.set(ids, rankOf);
  }
  const rank = rankOf[e]!;
  return ids.text.slice(ids.idStart[rank], ids.idStart[rank + 1]);
}
