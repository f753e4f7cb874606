// A DCAT catalogue page (docs/harvest.md §13.2) joined from parts, as core/open-data/dcat/catalog-page.ts
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
import { idOfElement } from '../search/element-lookup.ts';
import type { LoadedIndex, LoadedOpenData, SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { AnswerRequest } from './answer-request.ts';
import { joinParts, planParts, readParts, type StoredParts } from './stored-parts.ts';
import { storedCatalogPageFits } from '../cost-model.ts';

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
  request: AnswerRequest,
  openData: LoadedOpenData,
  elements: Uint32Array,
  syntax: RdfSyntax,
  ctx: DcatContext,
  paging: CatalogPaging,
  extras: CatalogExtras,
): Promise<Uint8Array | undefined> {
  const { profile, budget, store, index } = request;
  const parts = storedDatasetParts(store, index, openData, syntax.name);
  const plan = planParts(parts, elements);
  if (!storedCatalogPageFits(profile, plan, budget.remaining)) return undefined;

  const ids = await store.ids(index, request);
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
