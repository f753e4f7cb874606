// An element named in a URL by its _id or its CKAN name (docs/harvest.md §14: `/dataset/{id}`). An _id
// is found in the id index; a name usually ends with its element's _id (package-name.ts), which
// leads there without loading the names, and the caller checks the element's name is the one
// asked for (nameMatches); any other name is looked up in names.txt.
import { suffixOfName } from '../../core/open-data/package-name.ts';
import type { ReadContext } from './read-context.ts';
import { findElementById } from '../search/element-lookup.ts';
import { elementByName } from './name-lookup.ts';
import type { LoadedIndex, SnapshotStore } from './snapshot-store.ts';

export interface Located {
  element: number;
  /** The name the URL gave, when it gave one (to check against the element's own). */
  byName: string | undefined;
}

const NAME = /^[a-z0-9_-]{2,100}$/;

export async function locateElement(
  store: SnapshotStore,
  index: LoadedIndex,
  read: ReadContext,
  idOrName: string,
): Promise<Located | undefined> {
  const ids = await store.ids(index, read);
  const byId = findElementById(ids, idOrName);
  if (byId !== undefined) return { element: byId, byName: undefined };
  if (!NAME.test(idOrName)) return undefined;
  const bySuffix = findElementById(ids, suffixOfName(idOrName));
  if (bySuffix !== undefined) return { element: bySuffix, byName: idOrName };
  return locateByName(store, index, read, idOrName);
}

/** By names.txt alone: a name whose suffix is a hash, or that the suffix led astray. */
export async function locateByName(
  store: SnapshotStore,
  index: LoadedIndex,
  read: ReadContext,
  name: string,
): Promise<Located | undefined> {
  const [openData, names] = await Promise.all([
    store.openData(index, read),
    store.packageNames(index, read),
  ]);
  const element = elementByName(openData, names, name);
  return element === undefined ? undefined : { element, byName: undefined };
}
