// A DCAT catalogue page (contract §13.2) joined from parts, as core/open-data/dcat/catalog-page.ts
// composes it: the page's head (paging, the catalog listing its datasets) and tail (the shared
// nodes) written here, and between them each dataset's part as the generator stored it
// (core/open-data/layout.ts), the origin written in; a part stale in the base's files written
// here from the overlay's element. Within the profile's reads and CPU, or not at all (undefined:
// the caller writes the page from the elements, counted as such).
import {
  catalogHead,
  catalogTail,
  datasetPart,
  type CatalogExtras,
  type CatalogPaging,
  type DcatContext,
} from '../../core/open-data/dcat/catalog-page.ts';
import type { RdfSyntax } from '../../core/open-data/dcat/rdf-writer.ts';
import { datasetView } from '../../core/open-data/element-view.ts';
import { elementDocument } from '../../core/open-data/dcat/catalog-page.ts';
import { publicUrls } from '../../core/open-data/element-view.ts';
import type { DeploymentProfile } from '../deployment-profile.ts';
import { idOfElement } from '../snapshot/element-lookup.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import type { LoadedIndex, LoadedOpenData, SnapshotStore } from '../snapshot/snapshot-store.ts';
import { yearsOf } from './dataset-views.ts';
import { RENDER_CPU_MS_PER_ELEMENT } from './element-view-of.ts';
import { overlaidViews } from './package-answer.ts';
import { joinParts, planParts, readParts, type StoredParts } from './stored-parts.ts';

/**
 * CPU of writing a page's head and tail (a few dozen triples) and encoding them, beside its
 * parts' reads and copies (stored-parts.ts); measured with bench/open-data-cpu.ts.
 */
export const PAGE_FRAME_CPU_MS = 0.3;
/** Reads of the id index (ids.bin and ids.txt), when the isolate has not loaded it. */
const ID_INDEX_READS = 2;

const encoder = new TextEncoder();

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
  /** CPU of writing a dataset and each of its distributions, as the caller's fallback counts it. */
  cost: { dataset: number; distribution: number },
): Promise<Uint8Array | undefined> {
  const { profile, budget, store, index, keepAlive } = request;
  const parts: StoredParts = {
    file: openData[`${syntax.name}File`],
    start: openData[`${syntax.name}Start`],
    length: openData[`${syntax.name}Length`],
    stale: openData.datasetsStale,
    open: (file, readBudget) => store.datasetPartFile(index, syntax.name, file, readBudget),
  };
  const plan = planParts(parts, elements, 0);
  // a stale part is written here from its element in the overlay: parsed, then written
  const stale = elements.filter((e) => parts.stale.has(e));
  let staleCpuMs = (RENDER_CPU_MS_PER_ELEMENT + cost.dataset) * stale.length;
  for (const years of yearsOf(index, stale)) staleCpuMs += cost.distribution * years.length;
  const cpuMs = plan.cpuMs + staleCpuMs + PAGE_FRAME_CPU_MS;
  if (plan.files.length + ID_INDEX_READS > budget.remaining) return undefined;
  if (profile.answerCpuMs !== undefined && cpuMs > profile.answerCpuMs) return undefined;

  const ids = await store.ids(index, budget, keepAlive);
  const urls = publicUrls(ctx.base);
  const datasets = Array.from(
    elements,
    (e) => `${elementDocument(urls, idOfElement(ids, e))}#dataset`,
  );
  const stored = await readParts(parts, elements, plan, budget, (stale) =>
    overlaidViews(index, openData, stale).map((view) =>
      encoder.encode(datasetPart(syntax.writer(), datasetView(view), ctx)),
    ),
  );
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
