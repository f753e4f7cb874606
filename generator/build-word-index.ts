// build: the word index of the published elements (docs/api.md §11; layout in core/word-index.ts).
// Pure: elements in, bytes out. Element number = position among the published, catalogue order.
import type { DataElement } from '../core/schema.ts';
import { bitmapWords } from '../core/snapshot-layout.ts';
import { encodeWordIndex, wordsOf, type WordIndexContent } from '../core/word-index.ts';
import type { PublishedElement } from './compile-catalogue.ts';

/** What word search reads of an element. */
export type SearchableElement = Pick<
  DataElement,
  'title' | 'unit' | 'metadata' | 'category' | 'dataSource' | 'sector' | 'field'
>;

/**
 * A range of words (those starting with one prefix) whose lists together cost more than this to
 * read at query time has its union stored as well: then no query word, however short (`a`, `ke`),
 * reads more than this. Cost: a posting of a list of gaps is 1, a stored bitmap its words.
 * About 0.2 ms of CPU; lower stores more unions (measured in bench/word-search.ts).
 */
export const MAX_UNION_COST = 60_000;

/** The texts an element is searched in: its title, and everything else searchable. */
export function searchableTexts(element: SearchableElement): { title: string; others: string[] } {
  return {
    title: element.title,
    others: [
      element.unit,
      ...element.metadata.map((entry) => entry.value),
      ...element.category.map((item) => item.name),
      element.dataSource.name,
      ...element.sector.map((item) => item.name),
      ...element.field.map((item) => item.name),
    ],
  };
}

/** The published elements as the data they serialize, parsed one at a time. */
export function* parsedElements(
  published: readonly Pick<PublishedElement, 'json'>[],
): Iterable<DataElement> {
  for (const element of published) yield JSON.parse(element.json) as DataElement;
}

export interface WordIndexOptions {
  /** Tests store many unions with a small one, so that reading them is tested too. */
  maxUnionCost?: number;
}

export function buildWordIndex(
  elements: Iterable<SearchableElement>,
  options: WordIndexOptions = {},
): Uint8Array {
  return encodeWordIndex(wordIndexContent(elements, options));
}

export function wordIndexContent(
  elements: Iterable<SearchableElement>,
  { maxUnionCost = MAX_UNION_COST }: WordIndexOptions = {},
): WordIndexContent {
  const inTitle = new Map<string, number[]>();
  const anywhere = new Map<string, number[]>();
  const note = (words: Set<string>, lists: Map<string, number[]>, e: number) => {
    for (const word of words) {
      const list = lists.get(word);
      if (list) list.push(e);
      else lists.set(word, [e]);
    }
  };
  let elementCount = 0;
  for (const element of elements) {
    const e = elementCount++;
    const texts = searchableTexts(element);
    const titleWords = new Set(wordsOf(texts.title));
    const allWords = new Set(titleWords);
    for (const text of texts.others) for (const word of wordsOf(text)) allWords.add(word);
    note(titleWords, inTitle, e);
    note(allWords, anywhere, e);
  }
  const words = [...anywhere.keys()].sort(); // code-unit order
  const titleElements = words.map((word) => Uint32Array.from(inTitle.get(word) ?? []));
  const anywhereElements = words.map((word) => Uint32Array.from(anywhere.get(word)!));
  const ranges = costlyRanges(
    words,
    maxUnionCost,
    (w) =>
      readCost(titleElements[w]!.length, elementCount) +
      readCost(anywhereElements[w]!.length, elementCount),
  ).map(({ first, end }) => ({
    first,
    end,
    title: unionOf(titleElements.slice(first, end), elementCount),
    anywhere: unionOf(anywhereElements.slice(first, end), elementCount),
  }));
  return { elementCount, words, titleElements, anywhereElements, ranges };
}

/**
 * About what reading a list of this length into a bitmap costs (see MAX_UNION_COST): a list is
 * stored as a bitmap when its gaps (a byte or more each) would take more bytes.
 */
function readCost(length: number, elementCount: number): number {
  const words = bitmapWords(elementCount);
  return length > words * 4 ? words : length;
}

/**
 * Every range of two or more words sharing a prefix whose lists cost more than maxCost to read,
 * each once, sorted by first then end. The words starting with a prefix of length L are a run of
 * the sorted words (shorter words aside), so each length is one pass.
 */
function costlyRanges(
  words: readonly string[],
  maxCost: number,
  costOf: (w: number) => number,
): { first: number; end: number }[] {
  const costBefore = new Float64Array(words.length + 1);
  words.forEach((_, w) => (costBefore[w + 1] = costBefore[w]! + costOf(w)));
  const found = new Map<string, { first: number; end: number }>();
  // a range of prefix length L + 1 lies inside one of length L: once none is costly, none will be
  for (let length = 1, costly = true; costly; length++) {
    costly = false;
    let first = 0;
    while (first < words.length) {
      if (words[first]!.length < length) {
        first++;
        continue;
      }
      const prefix = words[first]!.slice(0, length);
      let end = first + 1;
      while (end < words.length && words[end]!.startsWith(prefix)) end++;
      if (costBefore[end]! - costBefore[first]! > maxCost) {
        costly = true;
        if (end - first > 1) found.set(`${first}:${end}`, { first, end });
      }
      first = end;
    }
  }
  return [...found.values()].sort((a, b) => a.first - b.first || a.end - b.end);
}

function unionOf(lists: readonly Uint32Array[], elementCount: number): Uint32Array {
  const held = new Uint8Array(elementCount);
  for (const list of lists) for (const e of list) held[e] = 1;
  const union: number[] = [];
  held.forEach((isHeld, e) => {
    if (isHeld) union.push(e);
  });
  return Uint32Array.from(union);
}
