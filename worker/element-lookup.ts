// One element by its _id: a binary search over the ids in code-unit order (built by the generator).
import type { IndexSections } from '../core/snapshot-layout.ts';

export function findElementById(ids: string, sections: Pick<IndexSections, 'idOrder' | 'idStart'>, id: string): number | undefined {
  const { idOrder, idStart } = sections;
  let low = 0;
  let high = idOrder.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const candidate = ids.slice(idStart[mid], idStart[mid + 1]);
    if (candidate === id) return idOrder[mid];
    if (candidate < id) low = mid + 1;
    else high = mid;
  }
  return undefined;
}
