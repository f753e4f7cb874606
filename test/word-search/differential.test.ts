// Word search against the naive reference (test/support/word-search-reference.ts): over the
// fixture catalogue and a synthetic one of a few thousand realistic elements (with a few elements
// in other scripts), queries drawn from the catalogues themselves must give the same elements in
// the same order, whole. The index is built by the generator's own function, stored unions both
// as in production and many more (a tiny union cost), so both ways of reading a prefix are used.
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../core/contract.ts';
import type { DataElement } from '../../core/schema.ts';
import { bitsOf } from '../../core/bitmap.ts';
import { decodeWordIndex, queryWords, type WordIndex } from '../../core/word-index.ts';
import { buildWordIndex, parsedElements } from '../../generator/build-word-index.ts';
import {
  compileCatalogue,
  type CatalogueSources,
  type CompiledCatalogue,
} from '../../generator/compile-catalogue.ts';
import { compareCodeUnits } from '../../generator/read-catalogue.ts';
import { generateCatalogue } from '../../tools/synth/catalogue.ts';
import { seededRandom, type SeededRandom } from '../../tools/synth/seeded-random.ts';
import { matchWords, orderByRelevance, searchWords } from '../../worker/search/word-search.ts';
import { compileCatalogueFolder } from '../support/node/generator-steps.ts';
import {
  referenceQueryWords,
  referenceWordSearch,
  type RankedElement,
} from '../support/word-search-reference.ts';

/** Texts that real catalogues hold now and then: other scripts, compatibility forms, marks. */
const FOREIGN_TITLES = [
  'Jumlah Penduduk Кировский район 2023',
  'Ελληνικά Στατιστικά Στοιχεία Δήμου',
  '東京都 人口統計 Straße',
  'Pénduduk\u00a0Lansia İstanbul ﬁnal km²',
  'Ｆｕｌｌｗｉｄｔｈ Ｄａｔａ ①②③ ١٢٣',
];

function syntheticCatalogue(): CompiledCatalogue {
  const synthetic = generateCatalogue({ elements: 3000, seed: 11, titles: 'realistic' });
  const files = [...synthetic.elementFiles].sort(([a], [b]) => compareCodeUnits(a, b));
  FOREIGN_TITLES.forEach((title, n) => {
    const element = (files[n]![1] as Record<string, any>[])[0]!;
    element.status = 'TERVERIFIKASI';
    element.title = title;
    element.metadata[0].value = `Catatan ${title.split(' ').reverse().join(' ')}`;
  });
  const listFile = { dataSource: 'data-source' } as Record<string, string>;
  const sources: CatalogueSources = {
    lists: Object.fromEntries(
      REFERENCE_LISTS.map(({ name, file }) => [
        name,
        { file, text: JSON.stringify((synthetic.lists as any)[listFile[name] ?? name]) },
      ]),
    ) as CatalogueSources['lists'],
    elementFiles: files.map(([path, content]) => ({
      file: `data-element/${path}`,
      text: JSON.stringify(content),
    })),
  };
  const catalogue = compileCatalogue(sources);
  expect(catalogue.problems).toEqual([]);
  return catalogue;
}

/** Words of the elements that only the texts `pick` chooses hold, none of the other texts. */
function wordsOnlyIn(elements: DataElement[], pick: (e: DataElement) => string[]): string[] {
  const picked = new Set(elements.flatMap((e) => pick(e).flatMap(referenceQueryWords)));
  const elsewhere = elements.flatMap((e) => {
    const all = [
      e.title,
      e.unit,
      ...e.metadata.map((m) => m.value),
      ...[...e.category, e.dataSource, ...e.sector, ...e.field].map((item) => item.name),
    ];
    const mine = new Set(pick(e));
    return all.filter((text) => !mine.has(text)).flatMap(referenceQueryWords);
  });
  for (const word of elsewhere) picked.delete(word);
  return [...picked].sort();
}

const SEPARATORS = [' ', '  ', '-', ', ', '\u00a0', '/', ' + ', '(', '.'];
const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'ï', o: 'ô', u: 'ü', n: 'ñ' };

/** Queries made of what the catalogue holds, in the ways people type them. */
function queriesFrom(elements: DataElement[], random: SeededRandom): string[] {
  const mixedCase = (text: string) =>
    [...text].map((c) => (random.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join('');
  const accented = (text: string) =>
    [...text].map((c) => (random.chance(0.5) ? (ACCENTED[c] ?? c) : c)).join('');
  const joined = (words: string[]) =>
    words.reduce((q, word) => (q === '' ? word : q + random.pick(SEPARATORS) + word), '');
  const prefix = (word: string) => word.slice(0, 1 + random.int(Math.min(word.length, 5)));
  const textsOf = (e: DataElement) => [
    e.title,
    e.unit,
    ...e.metadata.map((m) => m.value),
    e.dataSource.name,
    ...e.sector.map((item) => item.name),
  ];
  const queries: string[] = [];
  for (let n = 0; n < 60; n++) {
    const e = random.pick(elements);
    const tokens = e.title.split(' ').filter((token) => token !== '');
    const at = random.int(tokens.length);
    queries.push(tokens.slice(at, at + 1 + random.int(3)).join(' ')); // as written in the title
    const words = referenceQueryWords(random.pick(textsOf(e)));
    if (words.length === 0) continue;
    const some = Array.from({ length: 1 + random.int(5) }, () => random.pick(words));
    queries.push(joined(some.map(prefix)));
    queries.push(mixedCase(joined(some)));
    queries.push(accented(joined(some.map(prefix))));
    const everywhere = textsOf(e).flatMap(referenceQueryWords);
    queries.push(joined(Array.from({ length: 2 + random.int(4) }, () => random.pick(everywhere))));
  }
  const onlyInMetadata = wordsOnlyIn(elements, (e) => e.metadata.map((m) => m.value));
  const onlyInSources = wordsOnlyIn(elements, (e) => [e.dataSource.name]);
  expect(onlyInMetadata.length, 'words found only in metadata').toBeGreaterThan(0);
  expect(onlyInSources.length, 'words found only in data-source names').toBeGreaterThan(0);
  const titleWord = referenceQueryWords(elements[0]!.title)[0]!;
  return [
    ...queries.filter((q) => referenceQueryWords(q).length > 0), // "(%)" has no word: a 400
    ...onlyInMetadata.slice(0, 10),
    ...onlyInSources.slice(0, 10),
    ...onlyInSources.slice(0, 5).map((word) => `${prefix(word)} ${titleWord}`),
    `${onlyInMetadata[0]} ${onlyInSources[0]}`,
    'Pénduduk',
    'PENDUDUK',
    'penduduk\u00a0kecamatan',
    'kec pendud',
    'pendud kec',
    'Penduduk penduduk PENDUDUK',
    'duduk',
    'jum',
    'a',
    'j',
    'k p',
    'x',
    '2023',
    '20',
    'zzzzqx',
    'Кировский',
    'КИРОВ',
    'ελλην',
    'στατιστικα',
    '東京',
    '東京都',
    'straße',
    'istanbul',
    'İSTANBUL',
    'fi',
    'km2',
    'full data',
    '123',
    '١٢',
    'a b c d e f g h i j k l',
  ];
}

function indexOf(elements: DataElement[], maxUnionCost?: number): WordIndex {
  const bytes = buildWordIndex(elements, { maxUnionCost });
  return decodeWordIndex(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
}

const catalogues = {
  fixture: () => compileCatalogueFolder('test/fixtures/catalogue'),
  synthetic: syntheticCatalogue,
};

describe.each(Object.entries(catalogues))('word search over the %s catalogue', (_, compile) => {
  const elements = [...parsedElements(compile().published)];
  const reference = referenceWordSearch(elements);
  const queries = queriesFrom(elements, seededRandom(elements.length));
  const expected = new Map(queries.map((q) => [q, reference(q)]));

  it.each([
    ['as built', undefined],
    ['with many stored unions', 5],
  ])('finds what the reference finds, in its order (%s)', (_, maxUnionCost) => {
    const index = indexOf(elements, maxUnionCost);
    if (maxUnionCost !== undefined) expect(index.rangeFirst.length).toBeGreaterThan(10);
    for (const q of queries) {
      const parsed = queryWords(q);
      if (!parsed.ok) throw new Error(`${JSON.stringify(q)}: ${parsed.message}`);
      expect(parsed.words, q).toEqual(referenceQueryWords(q));
      const found = [...searchWords(index, parsed.words)];
      expect(found, q).toEqual(expected.get(q)!.map(({ e }) => e));
    }
  });

  it('draws queries that exercise every rule of the order', () => {
    const answers = [...expected.values()];
    const both = (answer: RankedElement[]) =>
      answer.some((r) => r.everyWordInTitle) && answer.some((r) => !r.everyWordInTitle);
    /** Whether later rules decide between two elements that earlier rules leave tied. */
    const decides = (answer: RankedElement[], rule: 'equal' | 'score') =>
      answer.some((r, i) => {
        const next = answer[i + 1];
        if (!next || next.everyWordInTitle !== r.everyWordInTitle) return false;
        return rule === 'equal'
          ? r.equal !== next.equal
          : r.equal === next.equal && r.score !== next.score && r.e > next.e;
      });
    expect(answers.filter((answer) => answer.length > 0).length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.length === 0).length).toBeGreaterThan(0);
    expect(answers.filter(both).length).toBeGreaterThan(10);
    expect(answers.filter((answer) => decides(answer, 'equal')).length).toBeGreaterThan(2);
    expect(answers.filter((answer) => decides(answer, 'score')).length).toBeGreaterThan(5);
  });

  it('orders a filtered part of the match as the whole match orders it', () => {
    const index = indexOf(elements);
    for (const q of queries.slice(0, 40)) {
      const matches = matchWords(index, referenceQueryWords(q));
      const everyThird = bitsOf(matches.matched).filter((e) => e % 3 === 0);
      const order = expected.get(q)!.map(({ e }) => e);
      expect([...orderByRelevance(matches, everyThird)], q).toEqual(
        order.filter((e) => e % 3 === 0),
      );
    }
  });
});
