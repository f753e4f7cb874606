// Elements as the part-three renderers take them (core/open-data/element-view.ts): read through
// the same plan and admission as any answer (docs/operations.md §10), parsed, with their CKAN names and
// dates. For the element pages and CKAN's rendered packages, which show an element's fields
// rather than its bytes (the DCAT pages read theirs without tables: dataset-views.ts).
import type { ElementView } from '../../core/open-data/element-view.ts';
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import type { DataElement } from '../../core/schema.ts';
import type { AnswerOverBudget } from '../deployment-profile.ts';
import { elementViewsCpuMs } from '../cost-model.ts';
import type { AnswerRequest } from './answer-request.ts';
import { collect } from './answer-body.ts';
import { wholeElement } from './element-format.ts';
import { admitAnswer, prepareAnswer } from './prepare-answer.ts';
import type { ElementFormat } from './streamed-answer.ts';
import { elementViewOf } from './element-view-of.ts';

export type ViewsRead<V = ElementView> =
  { ok: true; views: V[] } | { ok: false; overBudget: AnswerOverBudget };

export async function readElementViews(
  request: AnswerRequest,
  openData: OpenDataSections,
  elements: Uint32Array,
  /** What rendering them will take beside reading and parsing (a page's tables and chart). */
  { renderCpuMs = 0 } = {},
): Promise<ViewsRead> {
  const format = wholeElement(request.index.sections.elementLength);
  return readViews(
    request,
    elements,
    format,
    { searchCpuMs: elementViewsCpuMs(elements.length, renderCpuMs) },
    (element: DataElement, i) => elementViewOf(element, openData, elements[i]!),
  );
}

/**
 * The one reader of views: the elements' bytes in `format`, admitted by the profile with the
 * rendering's CPU (`cost`), read, parsed, and each made a view by `view` (element-view-of.ts).
 */
export async function readViews<P, V>(
  { profile, budget, store, index }: AnswerRequest,
  elements: Uint32Array,
  format: ElementFormat,
  cost: Parameters<typeof admitAnswer>[5],
  view: (parsed: P, i: number) => V,
): Promise<ViewsRead<V>> {
  const admitted = admitAnswer(profile, index, budget, elements, format, cost);
  if (!admitted.ok) return admitted;
  const bytes = await collect(prepareAnswer(index, store, budget, elements, format, admitted));
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as P[];
  return { ok: true, views: parsed.map(view) };
}
