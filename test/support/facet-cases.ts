// One table of facet cases (docs/api.md §6): query string → the expected counts, as [slug, count]
// per reference list and [year, count] for the years, in the answer's order. Run against the
// Worker and against the naive reference filter in test/worker/facet-cases.test.ts.
import { PUBLISHED, fixtureLists, idOf, refId, type RawRef } from './fixture-catalogue.ts';

export interface FacetCase {
  name: string;
  query: string;
  expected: {
    total: number;
    category: [string, number][];
    dataSource: [string, number][];
    sector: [string, number][];
    field: [string, number][];
    year: [number, number][];
  };
}

const yearsOf = (e: (typeof PUBLISHED)[number]) =>
  (e.data as { year: number }[]).map((entry) => entry.year);

/**
 * The counts of a whole list over the published fixture, counted here from the fixture itself:
 * count descending, ties in catalogue order (a stable sort).
 */
function wholeList(list: 'category' | 'dataSource' | 'sector' | 'field'): [string, number][] {
  return fixtureLists[list]
    .map((item): [string, number] => [
      item.slug,
      PUBLISHED.filter((e) => ([] as RawRef[]).concat(e[list]).map(refId).includes(idOf(item._id)))
        .length,
    ])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The year counts of the whole catalogue, newest first. */
const ALL_YEARS: [number, number][] = [...new Set(PUBLISHED.flatMap(yearsOf))]
  .sort((a, b) => b - a)
  .map((year) => [year, PUBLISHED.filter((e) => yearsOf(e).includes(year)).length]);
const ALL_DATA_SOURCES = wholeList('dataSource');
/** Three sectors tie at 7: catalogue order (pendidikan, kependudukan, sosial), not name order. */
const ALL_SECTORS: [string, number][] = [
  ['pendidikan', 7],
  ['kependudukan', 7],
  ['sosial', 7],
  ['infrastruktur', 5],
  ['kesehatan', 3],
];

export const FACET_CASES: FacetCase[] = [
  {
    name: 'no parameters: the whole catalogue, count descending, ties in catalogue order, years newest first',
    query: '',
    expected: {
      total: PUBLISHED.length,
      category: wholeList('category'),
      dataSource: ALL_DATA_SOURCES,
      sector: ALL_SECTORS,
      field: wholeList('field'),
      year: ALL_YEARS,
    },
  },
  {
    name: 'a chosen sector still counts every sector (disjunctive); the others count within it',
    query: 'sector=pendidikan',
    expected: {
      total: 7,
      category: [
        ['data-sektoral', 6],
        ['data-prioritas-nasional', 1],
        ['data-prioritas-daerah', 1],
      ],
      dataSource: [
        ['disdikbud', 6],
        ['bps', 1],
      ],
      sector: ALL_SECTORS,
      field: [
        ['pendidikan', 3],
        ['statistik', 1],
      ],
      year: [
        [2024, 2],
        [2023, 2],
        [2022, 4],
        [2021, 2],
        [2020, 1],
      ],
    },
  },
  {
    name: 'two chosen dimensions: each counted with the other one applied',
    query: 'sector=pendidikan&sector=kesehatan&dataSource=dinkes',
    expected: {
      total: 3,
      category: [
        ['data-prioritas-nasional', 1],
        ['data-sektoral', 1],
        ['data-prioritas-daerah', 1],
      ],
      dataSource: [
        ['disdikbud', 6],
        ['dinkes', 3],
        ['bps', 1],
      ],
      sector: [['kesehatan', 3]],
      field: [['kesehatan', 2]],
      year: [
        [2023, 1],
        [2022, 3],
      ],
    },
  },
  {
    name: 'the title pattern applies to every dimension',
    query: 'title=jumlah',
    expected: {
      total: 8,
      category: [
        ['data-prioritas-nasional', 3],
        ['data-sektoral', 3],
        ['data-prioritas-daerah', 2],
      ],
      dataSource: [
        ['bps', 4],
        ['dinkes', 2],
        ['dinsos', 2],
      ],
      sector: [
        ['kependudukan', 4],
        ['kesehatan', 2],
        ['sosial', 2],
        ['infrastruktur', 1],
      ],
      field: [
        ['sosial', 2],
        ['statistik', 2],
        ['kesehatan', 1],
        ['kominfo', 1],
        ['kominfo ', 1],
      ],
      year: [
        [2023, 3],
        [2022, 8],
      ],
    },
  },
  {
    name: 'a chosen year still counts every year',
    query: 'year=2023',
    expected: {
      total: 6,
      category: [
        ['data-sektoral', 3],
        ['data-prioritas-nasional', 2],
        ['data-prioritas-daerah', 1],
      ],
      dataSource: [
        ['disdikbud', 2],
        ['dinsos', 2],
        ['dinkes', 1],
        ['bps', 1],
      ],
      sector: [
        ['pendidikan', 2],
        ['kependudukan', 2],
        ['kesehatan', 1],
        ['sosial', 1],
      ],
      field: [
        ['sosial', 2],
        ['kesehatan', 1],
        ['pendidikan', 1],
        ['statistik', 1],
        ['kominfo ', 1],
      ],
      year: ALL_YEARS,
    },
  },
  {
    name: 'a year no element has: nothing matches, every year still counted',
    query: 'year=1999',
    expected: { total: 0, category: [], dataSource: [], sector: [], field: [], year: ALL_YEARS },
  },
  {
    name: 'repeated years with a category',
    query: 'year=2021&year=2024&category=data-sektoral',
    expected: {
      total: 3,
      category: [
        ['data-sektoral', 3],
        ['spm', 1],
      ],
      dataSource: [['disdikbud', 3]],
      sector: [['pendidikan', 3]],
      field: [['pendidikan', 1]],
      year: [
        [2024, 2],
        [2023, 3],
        [2022, 11],
        [2021, 2],
        [2020, 1],
      ],
    },
  },
  {
    name: 'a title that matches nothing: every list empty',
    query: 'title=tidak-ada-yang-cocok',
    expected: { total: 0, category: [], dataSource: [], sector: [], field: [], year: [] },
  },
  {
    name: 'paging and fields are ignored',
    query: 'limit=2&offset=1&fields=title&dataSource=dinsos',
    expected: {
      total: 5,
      category: [
        ['data-prioritas-daerah', 3],
        ['data-prioritas-nasional', 1],
        ['data-sektoral', 1],
      ],
      dataSource: ALL_DATA_SOURCES,
      sector: [
        ['sosial', 4],
        ['kependudukan', 2],
      ],
      field: [
        ['sosial', 4],
        ['kominfo ', 1],
      ],
      year: [
        [2023, 2],
        [2022, 5],
      ],
    },
  },
  {
    name: 'a slug found with surrounding white space counts as the slug',
    query: `field=${encodeURIComponent('  statistik ')}&year=2023`,
    expected: {
      total: 1,
      category: [['data-prioritas-nasional', 1]],
      dataSource: [['bps', 1]],
      sector: [['kependudukan', 1]],
      field: [
        ['sosial', 2],
        ['kesehatan', 1],
        ['pendidikan', 1],
        ['statistik', 1],
        ['kominfo ', 1],
      ],
      year: [
        [2023, 1],
        [2022, 7],
      ],
    },
  },
];
