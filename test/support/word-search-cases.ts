// One table of word search cases (docs/api.md §11): q → the fixture element numbers expected, in
// relevance order. Run against the Worker and against the naive reference in
// test/worker/word-search.test.ts; the many queries drawn from the catalogue are in
// word-search-queries.ts.
export interface WordSearchCase {
  name: string;
  q: string;
  expected: number[];
}

/** The titles that hold "penduduk" (24 writes it "Pénduduk"), then 29, which has it in metadata. */
const PENDUDUK = [1, 4, 15, 16, 17, 24, 29];

export const WORD_SEARCH_CASES: WordSearchCase[] = [
  { name: 'a whole word: titles first, then metadata', q: 'penduduk', expected: PENDUDUK },
  { name: 'an accent in q is no accent', q: 'Pénduduk', expected: PENDUDUK },
  { name: 'a decomposed accent in q, capitals', q: 'PE\u0301NDUDUK', expected: PENDUDUK },
  { name: 'an accented title found by its plain spelling', q: 'proyeksi penduduk', expected: [24] },
  { name: 'a decomposed accent in a title, found plain', q: 'cafe', expected: [25] },
  { name: 'a decomposed accent in a title, found composed', q: 'CAFÉ', expected: [25] },
  {
    name: 'the contract’s example: prefixes, in any order, all tied, catalogue order',
    q: 'pendud kec',
    expected: [1, 17, 24],
  },
  { name: 'the same words the other way round', q: 'kec pendud', expected: [1, 17, 24] },
  { name: 'no stemming', q: 'duduk', expected: [] },
  {
    name: 'more words of q equal to a title word first, then the score',
    q: 'per',
    expected: [24, 25, 4, 12, 2, 7, 29],
  },
  {
    name: 'a whole word before prefixes outside the title (the score), then catalogue order',
    q: 'tahun',
    expected: [22, 23, 3, 6, 12, 15],
  },
  { name: 'Greek, capitals and final sigma', q: 'ΚΈΡΚΥΡΑΣ', expected: [26] },
  { name: 'Cyrillic', q: 'казань', expected: [26] },
  { name: 'Javanese script, its vowel signs and pangkon ignored', q: 'ꦧꦤ꧀ꦠꦸꦭ꧀', expected: [27] },
  { name: 'Arabic script and Arabic-Indic digits', q: 'سكان ١٤٤٥', expected: [27] },
  { name: 'no-break spaces in the title and in q', q: 'sekolah\u00a0swasta', expected: [28] },
  { name: 'a word only in metadata', q: 'survei', expected: [29] },
  { name: 'a word only in the unit', q: 'megawatt', expected: [30] },
  { name: 'a compatibility character in the unit (km²)', q: 'KM²', expected: [31] },
  { name: 'a word only in a data source name', q: 'kebudayaan', expected: [2, 3, 22, 23, 27, 28] },
  { name: 'a word only in a field name', q: 'informatika', expected: [13] },
  { name: 'a word only in unverified elements: never found', q: 'zamrud', expected: [] },
  { name: 'another unverified word', q: 'rahasia', expected: [] },
  { name: 'every word must match', q: 'penduduk zzzz', expected: [] },
];
