// A deliberately naive word search, written straight from docs/api.md §11 and the score documented
// in worker/search/word-search.ts, to check the word index and its search against: every element's
// texts cut into words afresh, every word of q looked for in them.
import type { DataElement } from '../../core/schema.ts';

type Searchable = Pick<
  DataElement,
  'title' | 'unit' | 'metadata' | 'category' | 'dataSource' | 'sector' | 'field'
>;

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** The words of q, each once. */
export const referenceQueryWords = (q: string) => [...new Set(words(q))];

/** A matching element (its number in catalogue order) and what decides its place. */
export interface RankedElement {
  e: number;
  everyWordInTitle: boolean;
  equal: number;
  score: number;
}

/** A search over the elements (catalogue order): q → the matching elements, in order. */
export function referenceWordSearch(elements: readonly Searchable[]) {
  const texts = elements.map((e) => {
    const title = words(e.title);
    const names = [...e.category, e.dataSource, ...e.sector, ...e.field].map((item) => item.name);
    const others = [e.unit, ...e.metadata.map((entry) => entry.value), ...names].flatMap(words);
    return { title, all: [...title, ...others] };
  });
  const startsOne = (list: string[], word: string) => list.some((w) => w.startsWith(word));
  return (q: string): RankedElement[] => {
    const query = referenceQueryWords(q);
    const weight = (word: string) => {
      const n = texts.filter((text) => startsOne(text.all, word)).length;
      return Math.round(8 * Math.log2(elements.length / n));
    };
    const weights = query.map(weight);
    return texts
      .map((text, e) => ({ text, e }))
      .filter(({ text }) => query.every((word) => startsOne(text.all, word)))
      .map(({ text, e }): RankedElement => {
        const startsInTitle = query.map((word) => startsOne(text.title, word));
        const equalInTitle = query.map((word) => text.title.includes(word));
        const equalAnywhere = query.map((word) => text.all.includes(word));
        const score = query.reduce(
          (sum, _, i) =>
            sum +
            weights[i]! *
              (Number(startsInTitle[i]) + Number(equalInTitle[i]) + Number(equalAnywhere[i])),
          0,
        );
        return {
          e,
          everyWordInTitle: startsInTitle.every(Boolean),
          equal: equalInTitle.filter(Boolean).length,
          score,
        };
      })
      .sort(
        (a, b) =>
          Number(b.everyWordInTitle) - Number(a.everyWordInTitle) ||
          b.equal - a.equal ||
          b.score - a.score ||
          a.e - b.e,
      );
  };
}
