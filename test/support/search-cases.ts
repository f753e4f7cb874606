// One table of search cases: query string → fixture element numbers expected, in order, and the
// number of matches before paging (X-Total-Count). Run against the Worker and against the naive
// reference filter (test/support/reference-filter.ts) in test/worker/search-cases.test.ts.
import { PUBLISHED, fixtureNumber, idOf } from './fixture-catalogue.ts';

export interface SearchCase {
  name: string;
  query: string;
  expected: number[];
  /** Matches before paging; the length of `expected` when not given. */
  total?: number;
}

/** Every verified element, in catalogue order (the fixture's numbers ascend in it). */
const ALL = PUBLISHED.map((e) => fixtureNumber(idOf(e._id)));
/** Every verified element with a table for 2022. */
const YEAR_2022 = PUBLISHED.filter((e) =>
  (e.data as { year: number }[]).some((entry) => entry.year === 2022),
).map((e) => fixtureNumber(idOf(e._id)));
/** Where the last page of 5 starts. */
const LAST_PAGE_OF_5 = Math.floor((ALL.length - 1) / 5) * 5;
const enc = encodeURIComponent;

export const SEARCH_CASES: SearchCase[] = [
  { name: 'no parameters: every verified element, in catalogue order', query: '', expected: ALL },
  {
    name: 'unknown parameters are ignored',
    query: 'page=2&sort=title&_=1700000000',
    expected: ALL,
  },
  {
    name: 'empty values are the same as absent',
    query: 'title=&category=&dataSource=&sector=&field=',
    expected: ALL,
  },
  // each filter alone
  {
    name: 'category',
    query: 'category=data-prioritas-nasional',
    expected: [1, 4, 7, 14, 15, 19, 31],
  },
  {
    name: 'category with a trailing-space name',
    query: 'category=data-prioritas-daerah',
    expected: [3, 8, 11, 16, 24, 29],
  },
  { name: 'category of the long-title element only', query: 'category=spm', expected: [21] },
  { name: 'dataSource', query: 'dataSource=dinkes', expected: [6, 7, 8] },
  { name: 'sector', query: 'sector=kependudukan', expected: [1, 4, 15, 16, 17, 24, 31] },
  { name: 'field', query: 'field=statistik', expected: [1, 4, 12, 15, 19, 26, 31] },
  {
    name: 'field slug with a trailing space, exact',
    query: `field=${enc('pekerjaan-umum ')}`,
    expected: [11, 30],
  },
  {
    name: 'field slug with a trailing space, found without it',
    query: 'field=pekerjaan-umum',
    expected: [11, 30],
  },
  {
    name: 'field slug found with surrounding white space',
    query: `field=${enc('  statistik ')}`,
    expected: [1, 4, 12, 15, 19, 26, 31],
  },
  { name: 'exact slug wins over the white-space fallback', query: 'field=kominfo', expected: [13] },
  {
    name: 'exact slug with trailing space, when both exist',
    query: `field=${enc('kominfo ')}`,
    expected: [14],
  },
  // repeated parameter: OR
  {
    name: 'repeated category is OR',
    query: 'category=data-prioritas-nasional&category=data-prioritas-daerah',
    expected: [1, 3, 4, 7, 8, 11, 14, 15, 16, 19, 24, 29, 31],
  },
  {
    name: 'repeated dataSource is OR',
    query: 'dataSource=dinkes&dataSource=dpupr',
    expected: [6, 7, 8, 11, 21, 30],
  },
  {
    name: 'repeated sector is OR',
    query: 'sector=kesehatan&sector=infrastruktur',
    expected: [6, 7, 8, 11, 13, 21, 25, 30],
  },
  {
    name: 'title with nested quantifiers over a 4,000-character title',
    query: `title=${enc('^uji judul panjang (a+ )+akhir!$')}`,
    expected: [21],
  },
  {
    name: 'repeated field is OR',
    query: 'field=kominfo&field=sosial',
    expected: [13, 14, 16, 24, 29],
  },
  {
    name: 'a repeated identical value counts once',
    query: 'dataSource=dinkes&dataSource=dinkes',
    expected: [6, 7, 8],
  },
  // every combination of two filters: AND
  {
    name: 'category AND dataSource',
    query: 'category=data-sektoral&dataSource=bps',
    expected: [12, 13, 17, 25, 26],
  },
  {
    name: 'category AND sector',
    query: 'category=data-prioritas-nasional&sector=pendidikan',
    expected: [4],
  },
  {
    name: 'category AND field',
    query: 'category=data-sektoral&field=pendidikan',
    expected: [2, 27, 28],
  },
  {
    name: 'dataSource AND sector',
    query: 'dataSource=dinsos&sector=kependudukan',
    expected: [16, 24],
  },
  {
    name: 'dataSource AND field',
    query: 'dataSource=bps&field=statistik',
    expected: [1, 4, 12, 15, 19, 26, 31],
  },
  { name: 'sector AND field', query: 'sector=sosial&field=sosial', expected: [14, 16, 29] },
  {
    name: 'all four filters',
    query: 'category=data-prioritas-nasional&dataSource=bps&sector=kependudukan&field=statistik',
    expected: [1, 4, 15, 31],
  },
  {
    name: 'filters that exclude each other',
    query: 'dataSource=dinkes&sector=infrastruktur',
    expected: [],
  },
  // title patterns
  {
    name: 'title is case-insensitive and unanchored',
    query: 'title=penduduk',
    expected: [1, 4, 15, 16, 17],
  },
  { name: 'title in capitals', query: 'title=JUMLAH%20PENDUDUK', expected: [1, 15, 16, 17] },
  {
    name: 'title with escaped parentheses and percent',
    query: `title=${enc('\\(%\\)')}`,
    expected: [2, 7],
  },
  { name: 'title with an escaped plus', query: `title=${enc('15\\+')}`, expected: [4] },
  { name: 'title with a slash', query: `title=${enc('guru/murid')}`, expected: [3] },
  { name: 'title with an en dash', query: `title=${enc('budidaya – menurut')}`, expected: [12] },
  {
    name: 'title with an ampersand',
    query: `title=${enc('telekomunikasi & titik')}`,
    expected: [13],
  },
  {
    name: 'title anchored at the start',
    query: `title=${enc('^jumlah penduduk')}`,
    expected: [1, 15, 16, 17],
  },
  { name: 'title anchored at the end', query: `title=${enc('jenis kelamin$')}`, expected: [1, 17] },
  {
    name: 'title anchored at the end, trailing space is part of the title',
    query: `title=${enc('tenaga $')}`,
    expected: [6],
  },
  {
    name: 'title anchored at both ends',
    query: `title=${enc('^jumlah penduduk miskin$')}`,
    expected: [16],
  },
  { name: 'title alternation', query: `title=${enc('imunisasi|padi')}`, expected: [7, 20] },
  {
    name: 'title group and alternation',
    query: `title=${enc('^(rasio|indeks) ')}`,
    expected: [3, 19],
  },
  {
    name: 'title class and counted repetition',
    query: `title=${enc('\\([A-Z]{3}\\)')}`,
    expected: [2, 8, 14, 19],
  },
  { name: 'title dot-star between words', query: `title=${enc('jumlah.*umur')}`, expected: [15] },
  { name: 'title with \\d and \\s', query: `title=${enc('\\d+\\s*\\+')}`, expected: [4] },
  { name: 'title optional letters', query: `title=${enc('kasus?e?s')}`, expected: [8] },
  { name: 'title no match', query: 'title=tidak-ada-yang-cocok', expected: [] },
  {
    name: 'title never matches an unverified element',
    query: 'title=rahasia|tersembunyi|bocor|sembunyi',
    expected: [],
  },
  // title with filters
  { name: 'title AND category', query: 'title=penduduk&category=data-sektoral', expected: [17] },
  {
    name: 'title AND two filters',
    query: 'title=jumlah&dataSource=bps&field=statistik',
    expected: [1, 15],
  },
  {
    name: 'title AND repeated sector',
    query: 'title=^jumlah&sector=kesehatan&sector=sosial',
    expected: [6, 8, 14, 16],
  },
  {
    name: 'title regex AND filter, no match',
    query: `title=${enc('padi$')}&dataSource=dinkes`,
    expected: [],
  },
  // paging (docs/api.md §5.1): catalogue order, then the page; the total counts every match
  {
    name: 'limit alone gives the first page',
    query: 'limit=5',
    expected: [1, 2, 3, 4, 6],
    total: ALL.length,
  },
  {
    name: 'limit and offset give a later page',
    query: 'limit=5&offset=5',
    expected: [7, 8, 11, 12, 13],
    total: ALL.length,
  },
  {
    name: 'the last page may be short',
    query: `limit=5&offset=${LAST_PAGE_OF_5}`,
    expected: ALL.slice(LAST_PAGE_OF_5),
    total: ALL.length,
  },
  {
    name: 'offset alone skips, then gives the rest',
    query: 'offset=16',
    expected: ALL.slice(16),
    total: ALL.length,
  },
  { name: 'offset 0 is the start', query: 'offset=0&limit=1', expected: [1], total: ALL.length },
  {
    name: 'offset at the end gives []',
    query: `offset=${ALL.length}`,
    expected: [],
    total: ALL.length,
  },
  {
    name: 'offset past the end gives []',
    query: 'limit=5&offset=100',
    expected: [],
    total: ALL.length,
  },
  { name: 'the largest limit', query: 'limit=1000', expected: ALL },
  { name: 'a limit larger than the match', query: 'category=spm&limit=10', expected: [21] },
  { name: 'empty limit and offset are absent', query: 'limit=&offset=', expected: ALL },
  {
    name: 'paging a filtered match',
    query: 'category=data-prioritas-nasional&limit=2&offset=2',
    expected: [7, 14],
    total: 7,
  },
  {
    name: 'paging a title match',
    query: 'title=penduduk&offset=3&limit=2',
    expected: [16, 17],
    total: 5,
  },
  {
    name: 'paging a match of nothing',
    query: 'title=tidak-ada-yang-cocok&limit=5',
    expected: [],
    total: 0,
  },
  // the year filter (docs/api.md §5.2): data[].year, never a year written in the title
  { name: 'year', query: 'year=2023', expected: [1, 6, 14, 23, 24, 28] },
  { name: 'a year only one element has', query: 'year=2020', expected: [22] },
  { name: 'the year most elements have', query: 'year=2022', expected: YEAR_2022 },
  { name: 'repeated year is OR', query: 'year=2021&year=2024', expected: [21, 22, 23, 27] },
  {
    name: 'a repeated identical year counts once',
    query: 'year=2023&year=2023',
    expected: [1, 6, 14, 23, 24, 28],
  },
  { name: 'an empty year is absent', query: 'year=', expected: ALL },
  {
    name: 'year AND category',
    query: 'year=2022&category=data-prioritas-daerah',
    expected: [3, 8, 11, 16, 24, 29],
  },
  {
    name: 'year AND dataSource AND sector',
    query: 'year=2023&dataSource=disdikbud&sector=pendidikan',
    expected: [23, 28],
  },
  {
    name: 'repeated year AND repeated sector',
    query: 'year=2023&year=2024&sector=infrastruktur&sector=pendidikan',
    expected: [21, 23, 27, 28],
  },
  { name: 'year AND title', query: 'year=2023&title=jumlah', expected: [1, 6, 14] },
  { name: 'a year in the title is only text', query: `title=${enc('tahun 2023')}`, expected: [22] },
  {
    name: 'a year in the title does not make a table of that year',
    query: `title=${enc('tahun 2023')}&year=2023`,
    expected: [],
  },
  { name: 'a year no element has gives []', query: 'year=1999', expected: [] },
  {
    name: 'a year no element has, OR a year one has',
    query: 'year=1999&year=2020',
    expected: [22],
  },
  {
    name: 'year with paging',
    query: 'year=2022&limit=3&offset=14',
    expected: [19, 20, 24],
    total: YEAR_2022.length,
  },
];
