// A deliberately naive search over the raw fixture catalogue: the obvious code, written
// straight from the contract, to check the Worker's indexes against.
import { fixtureElements, fixtureLists, idOf, refId, type RawItem, type RawRef } from './fixture-catalogue.ts';

const LISTS = ['category', 'dataSource', 'sector', 'field'] as const;

export function referenceFilter(query: string): string[] | { unknownSlug: string } {
  const params = new URLSearchParams(query);
  const title = params.getAll('title').find((t) => t !== '');
  const pattern = title === undefined ? undefined : new RegExp(title, 'i');
  const wanted: Record<string, string[]> = {};
  for (const list of LISTS) {
    const ids: string[] = [];
    for (const value of params.getAll(list).filter((v) => v !== '')) {
      const items: RawItem[] = fixtureLists[list];
      let hit = items.filter((item) => item.slug === value);
      if (hit.length === 0) hit = items.filter((item) => item.slug.trim() === value.trim());
      if (hit.length !== 1) return { unknownSlug: value };
      ids.push(idOf(hit[0]!._id));
    }
    wanted[list] = ids;
  }
  return fixtureElements
    .filter((e) => e.status === 'TERVERIFIKASI')
    .filter((e) => !pattern || pattern.test(e.title))
    .filter((e) =>
      LISTS.every((list) => {
        if (wanted[list]!.length === 0) return true;
        const refs = ([] as RawRef[]).concat(e[list]).map(refId);
        return refs.some((id) => wanted[list]!.includes(id));
      }),
    )
    .map((e) => idOf(e._id));
}
