// A deliberately naive CKAN package_search over the fixture catalogue, written from the contract
// (docs/harvest.md §12, §13.1) and CKAN's own rules: every published element as the facts a package is filtered,
// sorted and counted by; sorting and paging by the obvious code. Query strings are not parsed
// here: each test case pairs an fq with the predicate it means, written by hand.
import { uniqueCkanNames, ckanTagName } from '../../core/open-data/ckan-names.ts';
import { packageName } from '../../core/open-data/package-name.ts';
import { parseCatalogueDate } from '../../core/open-data/catalogue-date.ts';
import { fixtureElements, fixtureLists, idOf } from './fixture-catalogue.ts';
import { publishedFixtureElements, referenceRanking } from './reference-filter.ts';

/** SOURCE_DATE_EPOCH of the tests' builds (vitest.config.ts): the date of an undated element. */
export const TEST_BUILD_TIME = 1767225600;

export interface ReferencePackage {
  /** Place in catalogue order. */
  e: number;
  id: string;
  name: string;
  title: string;
  organization: string;
  groups: string[];
  tags: string[];
  years: number[];
  created: number;
  modified: number;
}

const noHash = (id: string): string => {
  throw new Error(`fixture id ${id} is not [a-z0-9]`);
};

let packages: ReferencePackage[] | undefined;

export function referencePackages(): ReferencePackage[] {
  if (packages) return packages;
  const orgNames = uniqueCkanNames(fixtureLists.dataSource);
  const groupNames = uniqueCkanNames(fixtureLists.category);
  const nameOfItem = (list: 'dataSource' | 'category', id: string, names: string[]) =>
    names[fixtureLists[list].findIndex((item) => idOf(item._id) === id)]!;
  const raw = fixtureElements.filter((e) => e.status === 'TERVERIFIKASI');
  packages = publishedFixtureElements().map((element, e) => {
    const date = (key: 'createdAt' | 'updatedAt') => {
      const value = raw[e]![key];
      if (value === undefined) return undefined;
      const parsed = parseCatalogueDate(value);
      if (typeof parsed !== 'number') throw new Error(parsed.problem);
      return parsed;
    };
    const created = date('createdAt') ?? TEST_BUILD_TIME;
    const modified = Math.max(date('updatedAt') ?? TEST_BUILD_TIME, created);
    return {
      e,
      id: element._id,
      name: packageName(element._id, element.title, noHash),
      title: element.title,
      organization: nameOfItem('dataSource', element.dataSource._id, orgNames),
      groups: element.category.map((item) => nameOfItem('category', item._id, groupNames)),
      tags: [
        ...new Set([...element.sector, ...element.field].map((item) => ckanTagName(item.name))),
      ],
      years: element.data.map((entry) => entry.year),
      created,
      modified,
    };
  });
  return packages;
}

export type SortName = 'id' | 'name' | 'title_string' | 'metadata_modified' | 'metadata_created';

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The packages matching `keep`, in the order asked: by the key, ties in catalogue order,
 * the whole order reversed for desc; `q` words: docs/api.md §11's relevance order (CKAN's score).
 */
export function referencePackageSearch(
  keep: (p: ReferencePackage) => boolean,
  sort: { key: SortName | 'score'; descending: boolean },
  q?: string,
): ReferencePackage[] {
  const all = referencePackages().filter(keep);
  if (sort.key === 'score' && q) {
    const ranked = referenceRanking(q).map((r) => r.e);
    return ranked.map((e) => all.find((p) => p.e === e)).filter((p) => p !== undefined);
  }
  const key = sort.key === 'score' ? 'metadata_modified' : sort.key;
  const descending = sort.key === 'score' ? true : sort.descending;
  const value = (p: ReferencePackage) =>
    key === 'id'
      ? p.id
      : key === 'name'
        ? p.name
        : key === 'title_string'
          ? p.title
          : key === 'metadata_modified'
            ? p.modified
            : p.created;
  const sorted = [...all].sort((a, b) => compare(value(a), value(b)) || a.e - b.e);
  return descending ? sorted.reverse() : sorted;
}

/** Facet counts as CKAN gives them: value → count, counts ≥ 1. */
export function referenceFacet(
  matched: readonly ReferencePackage[],
  field: 'organization' | 'groups' | 'tags' | 'res_format',
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of matched) {
    const values =
      field === 'organization'
        ? [p.organization]
        : field === 'groups'
          ? p.groups
          : field === 'tags'
            ? p.tags
            : p.years.length > 0
              ? ['CSV']
              : [];
    for (const value of new Set(values)) counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}
