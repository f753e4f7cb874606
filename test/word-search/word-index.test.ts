// The word index's bytes: encoded by the generator, read in place by the Worker. Prefix ranges,
// lists of gaps and bitmaps, stored unions, and what the reader refuses.
import { describe, expect, it } from 'vitest';
import { bitsOf } from '../../core/bitmap.ts';
import {
  bitmapOfList,
  decodeWordIndex,
  encodeWordIndex,
  isWord,
  LIST_BITMAP,
  LIST_GAPS,
  rangeList,
  storedRange,
  wordList,
  wordsStartingWith,
  type WordIndex,
  type WordIndexContent,
} from '../../core/word-index.ts';
import {
  searchableTexts,
  wordIndexContent,
  type SearchableElement,
} from '../../generator/build-word-index.ts';

const decoded = (bytes: Uint8Array): WordIndex =>
  decodeWordIndex(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );

const WORDS = ['dan', 'data', 'data2', 'database', 'datang', 'kec', 'kecamatan', 'penduduk'];
const ELEMENTS = 1000;
const every = (step: number) =>
  Uint32Array.from({ length: Math.ceil(ELEMENTS / step) }, (_, i) => i * step);

function content(): WordIndexContent {
  return {
    elementCount: ELEMENTS,
    words: WORDS,
    titleElements: WORDS.map((_, w) => every(w + 1)),
    anywhereElements: WORDS.map((_, w) => (w === 0 ? every(1) : Uint32Array.of(w, 997))),
    ranges: [{ first: 1, end: 5, title: every(2), anywhere: every(3) }],
  };
}

describe('the word index', () => {
  const index = decoded(encodeWordIndex(content()));
  const wordAt = (w: number) =>
    String.fromCharCode(...index.wordUnits.subarray(index.wordStart[w], index.wordStart[w + 1]));

  it('keeps the words in code-unit order', () => {
    expect(Array.from({ length: index.wordCount }, (_, w) => wordAt(w))).toEqual(WORDS);
  });

  it.each([
    ['dat', 1, 5],
    ['data', 1, 5],
    ['datab', 3, 4],
    ['d', 0, 5],
    ['kec', 5, 7],
    ['kecamatanx', 7, 7],
    ['a', 0, 0],
    ['z', 8, 8],
    ['', 0, 8],
  ])('finds the words starting with %j: [%i, %i)', (prefix, first, end) => {
    expect(wordsStartingWith(index, prefix)).toEqual({ first, end });
  });

  it('tells a whole word from a prefix of one', () => {
    expect(isWord(index, 1, 'data')).toBe(true);
    expect(isWord(index, 1, 'dat')).toBe(false);
    expect(isWord(index, 8, 'zz')).toBe(false);
  });

  it('stores a long list as a bitmap and a short one as gaps, and reads both back', () => {
    expect(index.listKind[wordList(0, 'anywhere')]).toBe(LIST_BITMAP);
    expect(index.listKind[wordList(1, 'anywhere')]).toBe(LIST_GAPS);
    for (const [w, lists] of [content().titleElements, content().anywhereElements].entries()) {
      lists.forEach((elements, word) => {
        const list = wordList(word, w === 0 ? 'title' : 'anywhere');
        expect(bitsOf(bitmapOfList(index, list))).toEqual(elements);
      });
    }
  });

  it('finds a stored union by its range, and only it', () => {
    expect(storedRange(index, 1, 5)).toBe(0);
    expect(storedRange(index, 1, 4)).toBe(-1);
    expect(storedRange(index, 5, 7)).toBe(-1);
    expect(bitsOf(bitmapOfList(index, rangeList(index, 0, 'title')))).toEqual(every(2));
    expect(bitsOf(bitmapOfList(index, rangeList(index, 0, 'anywhere')))).toEqual(every(3));
  });

  it('refuses bytes that are not an index of this layout', () => {
    const bytes = encodeWordIndex(content());
    expect(() => decoded(bytes.subarray(0, 40))).toThrow(/too short/);
    expect(() => decoded(bytes.subarray(0, bytes.length - 8))).toThrow(/not an index/);
    const other = bytes.slice();
    other[0] = other[0]! ^ 1;
    expect(() => decoded(other)).toThrow(/not an index/);
  });
});

describe('building the word index', () => {
  const item = (name: string) => ({ _id: name, name, slug: name });
  const element = (
    title: string,
    unit: string,
    metadata: string[],
    source: string,
  ): SearchableElement => ({
    title,
    unit,
    metadata: metadata.map((value, i) => ({ key: `k${i}`, value })),
    category: [item('Data Sektoral')],
    dataSource: item(source),
    sector: [item('Kesehatan ')],
    field: [],
  });
  const elements = [
    element('Jumlah Penduduk', 'Jiwa', ['Tahunan', ''], 'Dinas Kependudukan'),
    element('Jumlah Puskesmas', 'Unit', ['Pénduduk terdaftar'], 'Dinas Kesehatan'),
  ];

  it('searches the title, unit, every metadata value and the names of the references', () => {
    expect(searchableTexts(elements[0]!)).toEqual({
      title: 'Jumlah Penduduk',
      others: ['Jiwa', 'Tahunan', '', 'Data Sektoral', 'Dinas Kependudukan', 'Kesehatan '],
    });
  });

  it("lists each word's elements in the title and anywhere", () => {
    const built = wordIndexContent(elements);
    const lists = (word: string) => {
      const w = built.words.indexOf(word);
      return [[...built.titleElements[w]!], [...built.anywhereElements[w]!]];
    };
    expect(built.elementCount).toBe(2);
    expect(built.words).toEqual([...built.words].sort());
    expect(lists('penduduk')).toEqual([[0], [0, 1]]);
    expect(lists('jumlah')).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(lists('kesehatan')).toEqual([[], [0, 1]]);
    expect(lists('jiwa')).toEqual([[], [0]]);
  });

  it('stores the union of a costly prefix, and no union of a single word', () => {
    const built = wordIndexContent(elements, { maxUnionCost: 1 });
    const range = (prefix: string) => {
      const first = built.words.findIndex((word) => word.startsWith(prefix));
      return { first, end: first + built.words.filter((word) => word.startsWith(prefix)).length };
    };
    const stored = built.ranges.map(({ first, end }) => ({ first, end }));
    expect(stored).toContainEqual(range('d'));
    expect(stored).toContainEqual(range('ke'));
    expect(stored).not.toContainEqual(range('jumlah'));
    expect(stored).toEqual([...stored].sort((a, b) => a.first - b.first || a.end - b.end));
    const ke = built.ranges.find(({ first }) => first === range('ke').first)!;
    expect([...ke.anywhere]).toEqual([0, 1]);
    expect([...ke.title]).toEqual([]);
  });
});
