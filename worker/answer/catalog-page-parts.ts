// A DCAT catalogue page (contract §13.2) joined from parts, as core/open-data/dcat/catalog-page.ts
// composes it: the page's head (paging, the catalog listing its datasets) and tail (the shared
// nodes) written here, and between them each dataset's part as the generator stored it
// (core/open-data/layout.ts), the origin written in. Within the profile's reads and CPU, or not at
// all (undefined: the caller writes the page from the elements, counted as such).
import {
  catalogHead,
  catalogTail,
  type CatalogExtras,
  type CatalogPaging,
  type DcatContext,
} from '../../core/open-data/dcat/catalog-page.ts';
import type { RdfSyntax } from '../../core/open-data/dcat/rdf-writer.ts';
import { elementDocument } from '../../core/open-data/dcat/catalog-page.ts';
import { publicUrls } from '../../core/open-data/element-view.ts';
import { partSections } from '../../core/open-data/part-kinds.ts';
import type { DeploymentProfile } from '../deployment-profile.ts';
import { idOfElement } from '../snapshot/element-lookup.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import type { LoadedIndex, LoadedOpenData, SnapshotStore } from '../snapshot/snapshot-store.ts';
import { joinParts, planParts, readParts, type StoredParts } from './stored-parts.ts';

/**
 * CPU of writing a page's head and tail (a few dozen triples) and encoding them, beside its
 * parts' reads and copies (stored-parts.ts); measured with bench/open-data-cpu.ts.
 */
export const PAGE_FRAME_CPU_MS = 0.3;
/** Reads of the id index (ids.bin and ids.txt), when the isolate has not loaded it. */
const ID_INDEX_READS = 2;

const encoder = new TextEncoder();

/** Where the dataset parts of a syntax lie: in catalogue order, the base's files and the build's own. */
export const storedDatasetParts = (
  store: SnapshotStore,
  index: LoadedIndex,
  openData: LoadedOpenData,
  syntax: RdfSyntax['name'],
): StoredParts => ({
  file: openData[partSections(syntax).file],
  start: openData[partSections(syntax).start],
  length: openData[partSections(syntax).length],
  open: (file, budget) => store.datasetPartFile(index, syntax, file, budget),
});

export async function storedCatalogPage(
  request: {
    profile: DeploymentProfile;
    budget: ReadBudget;
    store: SnapshotStore;
    index: LoadedIndex;
    keepAlive?: ((promise: Promise<unknown>) => void) | undefined;
  },
  openData: LoadedOpenData,
  elements: Uint32Array,
  syntax: RdfSyntax,
  ctx: DcatContext,
  paging: CatalogPaging,
  extras: CatalogExtras,
): Promise<Uint8Array | undefined> {
  const { profile, budget, store, index, keepAlive } = request;
  const parts = storedDatasetParts(store, index, openData, syntax.name);
  const plan = planParts(parts, elements);
  const cpuMs = plan.cpuMs + PAGE_FRAME_CPU_MS;
  if (plan.files.length + ID_INDEX_READS > budget.remaining) return undefined;
  if (profile.answerCpuMs !== undefined && cpuMs > profile.answerCpuMs) return undefined;

  const ids = await store.ids(index, budget, keepAlive);
  const urls = publicUrls(ctx.base);
  const datasets = Array.from(
    elements,
    (e) => `${elementDocument(urls, idOfElement(ids, e))}#dataset`,
  );
  const stored = await readParts(parts, elements, plan, budget);
  const head = catalogHead(syntax.writer(), datasets, ctx, paging, extras);
  const tail = catalogTail(syntax.writer(), ctx, extras);
  const separator = encoder.encode(syntax.separator);
  // documentOf's frame: the prologue, the parts joined by the separator, the epilogue
  return joinParts(
    [
      encoder.encode(`${syntax.prologue}${head}`),
      ...stored,
      encoder.encode(`${tail}${syntax.epilogue}`),
    ],
    encoder.encode(ctx.base),
    separator,
  );
}
