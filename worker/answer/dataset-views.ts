// Elements as the DCAT pages take them (DatasetView, core/open-data/element-view.ts): read without
// their tables, which are most of their bytes and of their parsing, as a projection to every other
// key (keys.bin, as `fields=` reads); the years the tables stood for come from the index's year
// posting lists. Read through the same plan and admission as any answer (docs/operations.md §10), the
// rendering's CPU counted with it.
import { ELEMENT_KEYS } from '../../core/contract.ts';
import type { DatasetView } from '../../core/open-data/element-view.ts';
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import type { DataElement } from '../../core/schema.ts';
import type { LoadedIndex } from '../snapshot/snapshot-store.ts';
import type { AnswerRequest } from './answer-request.ts';
import { projectedElement } from './element-format.ts';
import { elementViewOf } from './element-view-of.ts';
import { readViews, type ViewsRead } from './element-views.ts';

const WITHOUT_TABLES = ELEMENT_KEYS.filter((key) => key !== 'data');

export type DatasetViewsRead = ViewsRead<DatasetView>;

export async function readDatasetViews(
  request: AnswerRequest,
  openData: OpenDataSections,
  elements: Uint32Array,
  /** CPU of parsing and rendering each dataset and each of its distributions (years), in ms. */
  cost: { dataset: number; distribution: number },
): Promise<DatasetViewsRead> {
  const { store, index } = request;
  const { elementLength } = index.sections;
  const keyStarts = await store.keyStarts(index, request);
  const format = projectedElement(elementLength, keyStarts, WITHOUT_TABLES);
  const years = yearsOf(index, elements);
  let distributions = 0;
  for (const list of years) distributions += list.length;
  return readViews(
    request,
    elements,
    format,
    {
      projected: true,
      renderCpuMs: cost.dataset * elements.length + cost.distribution * distributions,
    },
    (element: Omit<DataElement, 'data'>, i): DatasetView => ({
      ...elementViewOf(element, openData, elements[i]!),
      years: years[i]!,
    }),
  );
}

/** Each element's years with a table, ascending: in year y's posting list (sorted) or not. */
export function yearsOf(
  { sections, years }: Pick<LoadedIndex, 'sections' | 'years'>,
  elements: Uint32Array,
): number[][] {
  const { yearPostingStart: start, yearPostings: postings } = sections;
  const out = Array.from(elements, () => [] as number[]);
  years.forEach((year, y) => {
    const from = start[y]!;
    const to = start[y + 1]!;
    elements.forEach((e, i) => {
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (postings[mid]! < e) lo = mid + 1;
        else hi = mid;
      }
      if (lo < to && postings[lo] === e) out[i]!.push(year);
    });
  });
  return out;
}
