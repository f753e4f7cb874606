// A built snapshot on disk read back the way the Worker reads it: the Worker's own store
// (worker/snapshot/snapshot-store.ts) over the folder. The one reader of the snapshot format, for tests
// and benchmarks too.
import { REFERENCE_LISTS, type ReferenceListName } from '../../../core/contract.ts';
import type { DataElement, ReferenceItem } from '../../../core/schema.ts';
import type { Manifest } from '../../../core/snapshot-layout.ts';
import { ReadBudget } from '../../../worker/snapshot/read-budget.ts';
import { SnapshotStore, type LoadedIndex } from '../../../worker/snapshot/snapshot-store.ts';
import { folderAssets } from './folder-assets.ts';

/** Reading a whole snapshot back is no request: no bound on the number of reads. */
const unbounded = () => new ReadBudget(Number.POSITIVE_INFINITY);

const storeOver = (dir: string) => new SnapshotStore(folderAssets(dir));

export function publishedManifest(dir: string): Promise<Manifest> {
  return storeOver(dir).manifest({ budget: unbounded() });
}

/** Every published element, in catalogue order, read run by run through the index. */
export async function publishedElements(dir: string): Promise<DataElement[]> {
  const store = storeOver(dir);
  const budget = unbounded();
  const index = await store.index({ budget });
  const { elementBlock, elementStart, elementLength } = index.sections;
  const decoder = new TextDecoder();
  const elements: DataElement[] = [];
  let run = -1;
  let runBytes: Uint8Array = new Uint8Array(0);
  for (let element = 0; element < index.elementCount; element++) {
    const overlaid = index.elements.overlaid(element) ? index.elements.get(element) : undefined;
    if (overlaid) {
      elements.push(JSON.parse(decoder.decode(overlaid)) as DataElement);
      continue;
    }
    const block = elementBlock[element]!;
    if (index.blockRun[block] !== run) {
      run = index.blockRun[block]!;
      runBytes = await wholeRun(store, index, run, budget);
    }
    const start = index.blockRunOffset[block]! + elementStart[element]!;
    const bytes = runBytes.subarray(start, start + elementLength[element]!);
    elements.push(JSON.parse(decoder.decode(bytes)) as DataElement);
  }
  return elements;
}

async function wholeRun(
  store: SnapshotStore,
  index: LoadedIndex,
  run: number,
  budget: ReadBudget,
): Promise<Uint8Array> {
  const { body, release } = await store.run(index, run, budget);
  try {
    return new Uint8Array(await new Response(body).arrayBuffer());
  } finally {
    release();
  }
}

/** Every reference list's items, by list name. */
export async function publishedLists(
  dir: string,
): Promise<Record<ReferenceListName, ReferenceItem[]>> {
  const store = storeOver(dir);
  const budget = unbounded();
  const lists = await Promise.all(
    REFERENCE_LISTS.map(
      async ({ name }) => [name, await store.listItems(name, { budget })] as const,
    ),
  );
  return Object.fromEntries(lists) as Record<ReferenceListName, ReferenceItem[]>;
}

/** One element's bytes as the Worker serves them: from the overlay, or from its block. */
export async function elementBytes(dir: string, e: number): Promise<Uint8Array> {
  const store = storeOver(dir);
  const budget = unbounded();
  const index = await store.index({ budget });
  const overlaid = index.elements.overlaid(e) ? index.elements.get(e) : undefined;
  if (overlaid) return overlaid;
  const block = await store.block(index, index.sections.elementBlock[e]!, budget);
  const start = index.sections.elementStart[e]!;
  return block.subarray(start, start + index.sections.elementLength[e]!);
}
