// Word search queries (docs/api.md §11) drawn from the fixture catalogue itself, in the ways people
// type into a search box: whole words and prefixes of them, a last word half typed, mixed case,
// punctuation, accents, no-break spaces, other scripts, words found in one kind of text only,
// words that find nothing, 1 to 5 words and 12. Seeded: the same list on every run.
import type { DataElement } from '../../core/schema.ts';
import { seededRandom, type SeededRandom } from '../../tools/synth/seeded-random.ts';
import { fixtureElements, type RawElement } from './fixture-catalogue.ts';
import { publishedFixtureElements } from './reference-filter.ts';
import { referenceQueryWords } from './word-search-reference.ts';

export interface WordQuery {
  /** What the query is made of (one of WORD_QUERY_KINDS). */
  kind: WordQueryKind;
  q: string;
}

/** Where a searchable word of an element comes from (docs/api.md §11, "What is searched"). */
export const TEXT_PLACES = [
  'title',
  'unit',
  'metadata',
  'category',
  'dataSource',
  'sector',
  'field',
] as const;
export type TextPlace = (typeof TEXT_PLACES)[number];

export const WORD_QUERY_KINDS = [
  'title token as written',
  'prefix of a title word',
  'last word half typed',
  'mixed case',
  'punctuation around and between',
  'accents added',
  'no-break spaces',
  'other scripts',
  'only in the title',
  'only in the unit',
  'only in metadata',
  'only in a category name',
  'only in a data source name',
  'only in a sector name',
  'only in a field name',
  'finds nothing',
  'only in unverified elements',
  '1 to 5 words of one element',
  '1 to 5 words of several elements',
  '12 words',
  'repeated words',
] as const;
export type WordQueryKind = (typeof WORD_QUERY_KINDS)[number];

const words = referenceQueryWords;

/** An element's searchable texts, by where they are. */
export function textsOf(e: Pick<DataElement, TextPlace>): Record<TextPlace, string[]> {
  return {
    title: [e.title],
    unit: [e.unit],
    metadata: e.metadata.map((entry) => entry.value),
    category: e.category.map((item) => item.name),
    dataSource: [e.dataSource.name],
    sector: e.sector.map((item) => item.name),
    field: e.field.map((item) => item.name),
  };
}

/** The words found in `place` of some element, and in no other searchable text of any element. */
export function wordsOnlyIn(elements: readonly DataElement[], place: TextPlace): string[] {
  const there = new Set<string>();
  const elsewhere = new Set<string>();
  for (const e of elements) {
    const texts = textsOf(e);
    for (const p of TEXT_PLACES)
      for (const word of texts[p].flatMap(words)) (p === place ? there : elsewhere).add(word);
  }
  return [...there].filter((word) => !elsewhere.has(word)).sort();
}

/** Every searchable word of an element, each once. */
const searchableWords = (e: DataElement) => [
  ...new Set(Object.values(textsOf(e)).flat().flatMap(words)),
];

/** Letters outside the Latin script (and digits outside ASCII). */
const NOT_LATIN = /[^\p{Script=Latin}0-9]/u;

const SEPARATORS = [' ', '  ', '-', ', ', '\u00a0', '/', ' + ', '(', '.', ' – ', '_', ':', '\t'];
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'ï',
  o: 'ô',
  u: 'ü',
  n: 'ñ',
  c: 'ç',
};

const ONLY_IN: Record<TextPlace, WordQueryKind> = {
  title: 'only in the title',
  unit: 'only in the unit',
  metadata: 'only in metadata',
  category: 'only in a category name',
  dataSource: 'only in a data source name',
  sector: 'only in a sector name',
  field: 'only in a field name',
};

const prefixOf = (word: string, length: number) => [...word].slice(0, length).join('');

/** The queries, each once in each kind (a query may be of several), with 1 to 12 distinct words. */
export function wordSearchQueries(): WordQuery[] {
  const random = seededRandom(0x9e05);
  const elements = publishedFixtureElements();
  const queries = new Map<string, WordQuery>();
  const add = (kind: WordQueryKind, q: string) => {
    const count = words(q).length;
    if (count < 1 || count > 12)
      throw new Error(`${kind}: ${JSON.stringify(q)} has ${count} words`);
    queries.set(`${kind}\n${q}`, { kind, q });
  };
  const joined = (parts: string[]) =>
    parts.reduce((q, part) => (q === '' ? part : q + random.pick(SEPARATORS) + part), '');
  const mixedCase = (text: string) =>
    [...text].map((c) => (random.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join('');
  const titleWords = [...new Set(elements.flatMap((e) => words(e.title)))].sort();

  // as written: the title's own tokens, punctuation and case kept ("(APK)", "SD/MI", "Kembar:")
  for (const e of elements)
    for (const token of e.title.split(' '))
      if (words(token).length > 0) add('title token as written', token);

  for (const word of titleWords)
    for (let length = 1; length <= 4; length++)
      add('prefix of a title word', prefixOf(word, length));

  for (const e of elements) {
    const all = words(e.title);
    const count = 1 + random.int(Math.min(4, all.length));
    const typed = all.slice(0, count);
    const last = typed.pop()!;
    const half = prefixOf(last, 1 + random.int([...last].length));
    add('last word half typed', [...typed, half].join(' '));
    add('last word half typed', [half, ...typed].join(' ')); // order does not matter
    add('mixed case', mixedCase(joined(all.slice(0, 2 + random.int(2)))));
    add('no-break spaces', all.slice(0, 2 + random.int(3)).join('\u00a0'));
    const mine = searchableWords(e);
    const [a, b] = [random.pick(mine), random.pick(mine)];
    add('punctuation around and between', `"${a}", (${b})!`);
    add('punctuation around and between', `¿${prefixOf(a, 3)}?${random.pick(SEPARATORS)}-${b}-`);
    add('punctuation around and between', joined([a, b, random.pick(mine)].map((w) => `${w}.`)));
  }

  const accentable = titleWords.filter((word) => [...word].some((c) => c in ACCENTED));
  for (let n = 0; n < 40; n++) {
    const word = random.pick(accentable);
    const letters = [...word];
    const at = letters.findIndex((c) => c in ACCENTED);
    const accented = letters
      .map((c, i) => (i === at || random.chance(0.3) ? (ACCENTED[c] ?? c) : c))
      .join('');
    const written = random.chance(0.5) ? accented : mixedCase(accented);
    add('accents added', random.chance(0.5) ? written : written.normalize('NFD'));
  }
  for (const q of ['Pénduduk', 'PÉNDUDUK', 'pe\u0301nduduk', 'café', 'CAFÉ', 'Cafe\u0301', 'kafé'])
    add('accents added', q);

  const foreign = [
    ...new Set(elements.flatMap((e) => Object.values(textsOf(e)).flat().flatMap(words))),
  ].filter((word) => NOT_LATIN.test(word));
  for (const word of foreign) {
    add('other scripts', word);
    add('other scripts', word.toUpperCase());
    add('other scripts', prefixOf(word, 2));
  }
  // as written in the title, marks and final sigma included
  for (const q of [
    'Κέρκυρας',
    'ΚΈΡΚΥΡΑΣ',
    'ΔΉΜΟΣ κερκ',
    'Город',
    'КАЗАНЬ',
    'ꦧꦤ꧀ꦠꦸꦭ꧀',
    'ꦧꦤ꧀',
    'سكان',
    '١٤٤٥',
  ])
    add('other scripts', q);

  for (const place of TEXT_PLACES) {
    const only = wordsOnlyIn(elements, place);
    if (only.length === 0) throw new Error(`no word is found only in ${place}`);
    const kind = ONLY_IN[place];
    for (const word of only.slice(0, 12)) {
      add(kind, word);
      // with a prefix of another word of an element that has it
      const e = elements.find((element) => textsOf(element)[place].flatMap(words).includes(word))!;
      add(kind, `${prefixOf(word, 3)} ${prefixOf(random.pick(searchableWords(e)), 4)}`);
    }
  }

  // words that match nothing: no stemming, a letter too many, nothing like it
  for (const q of ['duduk', 'pendudukx', 'zzzz', 'qxj', '0000', 'jumlahpenduduk', 'penduduk zzzz'])
    add('finds nothing', q);
  for (let n = 0; n < 10; n++)
    add('finds nothing', [...random.pick(titleWords)].reverse().join('') + 'q');

  const unverified = fixtureElements.filter((e) => e.status !== 'TERVERIFIKASI');
  const publishedWords = new Set(elements.flatMap(searchableWords));
  const unverifiedTexts = (e: RawElement) => [
    e.title,
    e.unit as string,
    ...(e.metadata as { value: string }[]).map((entry) => entry.value),
  ];
  const hidden = [...new Set(unverified.flatMap(unverifiedTexts).flatMap(words))].filter(
    (word) => ![...publishedWords].some((w) => w.startsWith(word)),
  );
  for (const word of hidden)
    add('only in unverified elements', random.chance(0.5) ? word : mixedCase(word));

  for (let count = 1; count <= 5; count++) {
    for (let n = 0; n < 8; n++) {
      const mine = searchableWords(random.pick(elements));
      const some = Array.from({ length: count }, () => random.pick(mine));
      add('1 to 5 words of one element', joined(some.map((w) => prefixOf(w, 2 + random.int(6)))));
      const several = Array.from({ length: count }, () =>
        random.pick(searchableWords(random.pick(elements))),
      );
      add(
        '1 to 5 words of several elements',
        joined(several.map((w) => prefixOf(w, 1 + random.int(4)))),
      );
    }
  }

  for (const e of elements) {
    const mine = searchableWords(e);
    if (mine.length < 12) continue;
    const twelve = shuffled(random, mine).slice(0, 12);
    add('12 words', twelve.join(' '));
    add('12 words', joined(twelve.map((w) => prefixOf(w, 1 + random.int(5)))));
    // 15 words written, 12 of them distinct
    add('12 words', [...twelve, twelve[0]!, twelve[5]!.toUpperCase(), twelve[11]!].join(' '));
  }
  add('12 words', 'a b c d e f g h i j k l');

  for (const word of titleWords.slice(0, 60).filter((_, n) => n % 4 === 0)) {
    add('repeated words', `${word} ${word}`);
    add('repeated words', `${word.toUpperCase()} ${mixedCase(word)} ${word}`);
  }
  for (const q of ['penduduk Pénduduk PENDUDUK', 'pen penduduk', 'jumlah jum JUMLAH j'])
    add('repeated words', q);

  return [...queries.values()];
}

function shuffled<T>(random: SeededRandom, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
