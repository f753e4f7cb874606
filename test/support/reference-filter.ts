// A deliberately naive search over the raw fixture catalogue: the obvious code, written
// straight from the docs (docs/api.md §3, §5.1, §5.2, §6, §11), to check the Worker's indexes against.
// Word search (`q`) is the naive word search of word-search-reference.ts over the published
// elements, their references populated from the lists. Valid queries only: the Worker's tests
// check the answers to invalid ones.
import type { DataElement, ReferenceItem } from '../../core/schema.ts';
import {
  fixtureElements,
  fixtureLists,
  idOf,
  refId,
  type RawElement,
  type RawItem,
  type RawRef,
} from './fixture-catalogue.ts';
import { referenceWordSearch, type RankedElement } from './word-search-reference.ts';

const LISTS = ['category', 'dataSource', 'sector', 'field'] as const;
type List = (typeof LISTS)[number];
type Dimension = List | 'year';

interface ReferenceQuery {
  pattern: RegExp | undefined;
  /** With `q`: each matching element's id → its place in relevance order. */
  ranked: Map<string, number> | undefined;
  /** Per list, the ids of the items asked for (empty: no filter). */
  wanted: Record<List, string[]>;
  /** The years asked for (empty: no filter). */
  years: number[];
  limit: number | undefined;
  offset: number;
}

export type UnknownSlug = { unknownSlug: string };

/**
 * The search's answer: the page of matching ids, and how many match before paging (X-Total-Count).
 * In catalogue order; with `q`, in the word search's relevance order.
 */
export function referenceSearch(query: string): { ids: string[]; total: number } | UnknownSlug {
  const q = readQuery(query);
  if ('unknownSlug' in q) return q;
  const matching = published().filter((e) => passes(e, q));
  const { ranked } = q;
  if (ranked) matching.sort((a, b) => ranked.get(idOf(a._id))! - ranked.get(idOf(b._id))!);
  const end = q.limit === undefined ? matching.length : q.offset + q.limit;
  return { ids: matching.slice(q.offset, end).map((e) => idOf(e._id)), total: matching.length };
}

/** The reference's answer to a query with no unknown slug (thrown for one). */
export function expectedSearch(query: string): { ids: string[]; total: number } {
  const answer = referenceSearch(query);
  if ('unknownSlug' in answer) throw new Error(`unknown slug ${answer.unknownSlug}`);
  return answer;
}

export interface ReferenceFacets {
  total: number;
  category: FacetItem[];
  dataSource: FacetItem[];
  sector: FacetItem[];
  field: FacetItem[];
  year: { year: number; count: number }[];
}
type FacetItem = { _id: string; name: string; slug: string; count: number };

/** The facet counts: each dimension counted with every filter but its own; paging ignored. */
export function referenceFacets(query: string): ReferenceFacets | UnknownSlug {
  const q = readQuery(query);
  if ('unknownSlug' in q) return q;
  const elements = published();
  const facets = { total: elements.filter((e) => passes(e, q)).length } as ReferenceFacets;
  for (const list of LISTS) {
    const items = fixtureLists[list].map((item) => {
      const id = idOf(item._id);
      const count = elements.filter(
        (e) => passes(e, q, list) && refsOf(e, list).includes(id),
      ).length;
      return { _id: id, name: item.name, slug: item.slug, count };
    });
    // Array.prototype.sort is stable: ties keep catalogue order
    facets[list] = items.filter((item) => item.count >= 1).sort((a, b) => b.count - a.count);
  }
  const allYears = [...new Set(elements.flatMap(yearsOf))].sort((a, b) => b - a);
  facets.year = allYears
    .map((year) => ({
      year,
      count: elements.filter((e) => passes(e, q, 'year') && yearsOf(e).includes(year)).length,
    }))
    .filter((item) => item.count >= 1);
  return facets;
}

function readQuery(query: string): ReferenceQuery | UnknownSlug {
  const params = new URLSearchParams(query);
  const values = (name: string) => params.getAll(name).filter((v) => v !== '');
  const title = values('title')[0];
  const wanted = {} as Record<List, string[]>;
  for (const list of LISTS) {
    wanted[list] = [];
    for (const value of values(list)) {
      const items: RawItem[] = fixtureLists[list];
      let hit = items.filter((item) => item.slug === value);
      if (hit.length === 0) hit = items.filter((item) => item.slug.trim() === value.trim());
      if (hit.length !== 1) return { unknownSlug: value };
      wanted[list].push(idOf(hit[0]!._id));
    }
  }
  const limit = values('limit')[0];
  const q = values('q')[0];
  return {
    pattern: title === undefined ? undefined : new RegExp(title, 'i'),
    ranked: q === undefined ? undefined : new Map(referenceRanking(q).map(({ id }, n) => [id, n])),
    wanted,
    years: values('year').map(Number),
    limit: limit === undefined ? undefined : Number(limit),
    offset: Number(values('offset')[0] ?? 0),
  };
}

const published = () => fixtureElements.filter((e) => e.status === 'TERVERIFIKASI');

/** The published elements as the Worker serves them: every reference populated from its list. */
export function publishedFixtureElements(): DataElement[] {
  const item = (list: List, ref: RawRef): ReferenceItem => {
    const listed = fixtureLists[list].find((i) => idOf(i._id) === refId(ref))!;
    return { _id: idOf(listed._id), name: listed.name, slug: listed.slug };
  };
  return published().map((e) => ({
    ...(e as unknown as DataElement),
    _id: idOf(e._id),
    category: e.category.map((ref) => item('category', ref)),
    dataSource: item('dataSource', e.dataSource),
    sector: e.sector.map((ref) => item('sector', ref)),
    field: e.field.map((ref) => item('field', ref)),
  }));
}

let wordSearch: ((q: string) => RankedElement[]) | undefined;

/**
 * The word search alone over the whole catalogue: every element matching `q`, in relevance order,
 * with what decides its place.
 */
export function referenceRanking(q: string): (RankedElement & { id: string })[] {
  const elements = publishedFixtureElements();
  wordSearch ??= referenceWordSearch(elements);
  return wordSearch(q).map((ranked) => ({ ...ranked, id: elements[ranked.e]!._id }));
}

const refsOf = (e: RawElement, list: List) => ([] as RawRef[]).concat(e[list]).map(refId);
const yearsOf = (e: RawElement) => (e.data as { year: number }[]).map((entry) => entry.year);

/** Does the element pass the title and every filter (but `except`'s)? */
function passes(e: RawElement, q: ReferenceQuery, except?: Dimension): boolean {
  if (q.pattern && !q.pattern.test(e.title)) return false;
  if (q.ranked && !q.ranked.has(idOf(e._id))) return false;
  for (const list of LISTS) {
    if (list === except || q.wanted[list].length === 0) continue;
    if (!refsOf(e, list).some((id) => q.wanted[list].includes(id))) return false;
  }
  if (except !== 'year' && q.years.length > 0 && !yearsOf(e).some((year) => q.years.includes(year)))
    return false;
  return true;
}
