// Startup: the word search run over a small made-up index, so that V8 has compiled its functions
// (and tiered up their loops) before a fresh isolate's first search with `q` needs them; that
// search then spends its time on the catalogue, not on compiling (bench/cold-start, bench/HISTORY.md).
import { decodeWordIndex, encodeWordIndex } from '../../core/word-index.ts';
import { elementsMatching, matchWords, orderByRelevance } from './word-search.ts';

const ELEMENTS = 1024;
const ROUNDS = 3;

const everyNth = (n: number, from = 0) =>
  Uint32Array.from({ length: Math.ceil((ELEMENTS - from) / n) }, (_, i) => from + i * n);

/** Returns the last round's order, for the test that checks the work was done. */
export function warmUpWordSearch(): Uint32Array {
  // every element has every word somewhere; titles have them in varying measure, so every
  // element's standing is worked out and the order is sorted; "tahun" is rare in titles, so its
  // list is stored as gaps (the others as bitmaps), as most words' lists are
  const bytes = encodeWordIndex({
    elementCount: ELEMENTS,
    words: ['jumlah', 'kecamatan', 'penduduk', 'tahun'],
    titleElements: [everyNth(1), everyNth(3, 1), everyNth(2), everyNth(20)],
    anywhereElements: [everyNth(1), everyNth(1), everyNth(1), everyNth(1)],
    ranges: [],
  });
  const index = decodeWordIndex(bytes.buffer as ArrayBuffer);
  let order: Uint32Array = new Uint32Array();
  for (let round = 0; round < ROUNDS; round++) {
    const matches = matchWords(index, ['jumlah', 'kec', 'pend', 'tah']);
    order = orderByRelevance(matches, elementsMatching(matches, everyNth(1)));
  }
  return order;
}
