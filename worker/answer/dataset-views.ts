// Elements as the DCAT pages take them (DatasetView, core/open-data/element-view.ts): read without
// their tables, which are most of their bytes and of their parsing, as a projection to every other
// key (keys.bin, as `fields=` reads); the years the tables stood for come from the index's year
// posting lists. Read through the same plan and admission as any answer (contract §10), the
// rendering's CPU counted with it.
import { ELEMENT_KEYS } from '../../core/contract.ts';
import { isoSeconds } from '../../core/open-data/dates.ts';
import type { DatasetView } from '../../core/open-data/element-view.ts';
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import type { DataElement } from '../../core/schema.ts';
import type { AnswerOverBudget } from '../deployment-profile.ts';
import type { LoadedIndex } from '../snapshot/snapshot-store.ts';
import type { AnswerRequest } from './answer-request.ts';
import { collect } from './answer-body.ts';
import { projectedElement } from './element-format.ts';
import { nameOf } from './element-view-of.ts';
import { admitAnswer, prepareAnswer } from './prepare-answer.ts';

const WITHOUT_TABLES = ELEMENT_KEYS.filter((key) => key !== 'data');

export type DatasetViewsRead =
  { ok: true; views: DatasetView[] } | { ok: false; overBudget: AnswerOverBudget };

export async function readDatasetViews(
  request: AnswerRequest,
  openData: OpenDataSections,
  elements: Uint32Array,
  /** CPU of parsing and rendering each dataset and each of its distributions (years), in ms. */
  cost: { dataset: number; distribution: number },
): Promise<DatasetViewsRead> {
  const { profile, budget, store, index } = request;
  const { elementLength } = index.sections;
  const keyStarts = await store.keyStarts(index, request);
  const format = projectedElement(elementLength, keyStarts, WITHOUT_TABLES);
  const years = yearsOf(index, elements);
  let distributions = 0;
  for (const list of years) distributions += list.length;
  const admitted = admitAnswer(profile, index, budget, elements, format, {
    projected: true,
    renderCpuMs: cost.dataset * elements.length + cost.distribution * distributions,
  });
  if (!admitted.ok) return admitted;
  const bytes = await collect(prepareAnswer(index, store, budget, elements, format, admitted));
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Omit<DataElement, 'data'>[];
  const views = parsed.map((element, i) => ({
    element,
    years: years[i]!,
    name: nameOf(element),
    created: isoSeconds(openData.created[elements[i]!]!),
    modified: isoSeconds(openData.modified[elements[i]!]!),
  }));
  return { ok: true, views };
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
