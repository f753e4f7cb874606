// The word search's startup warm-up does the search's work: every element of its made-up index
// ordered, those with every word in the title first.
import { describe, expect, it } from 'vitest';
import { warmUpWordSearch } from '../../worker/search/warm-up-words.ts';

describe('word search warm-up', () => {
  it('orders every element of its index, the best first', () => {
    const order = warmUpWordSearch();
    expect(order.length).toBe(1024);
    expect(new Set(order).size).toBe(1024);
    // "jumlah" is in every title, "kec" starts a title word of every third element from 1, "pend"
    // of every even one, "tah" of every twentieth: element 40 is the first with all four in its
    // title
    expect([...order.subarray(0, 4)]).toEqual([40, 100, 160, 220]);
  });
});
