import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../tools/synth/seeded-random.ts';
import { intersectSorted, unionSorted } from '../../../../worker/search/posting-lists.ts';

const random = seededRandom(0x717e);
const sorted = (n: number, max: number) =>
  Uint32Array.from(
    [...new Set(Array.from({ length: n }, () => random.int(max)))].sort((a, b) => a - b),
  );

describe('posting lists', () => {
  it('intersect like sets do', () => {
    for (let i = 0; i < 200; i++) {
      const a = sorted(random.int(300), 1000);
      const b = sorted(random.int(3000), 1000);
      expect([...intersectSorted(a, b)]).toEqual([...a].filter((x) => b.includes(x)));
    }
  });

  it('unite like sets do', () => {
    for (let i = 0; i < 200; i++) {
      const lists = Array.from({ length: 1 + random.int(4) }, () => sorted(random.int(100), 500));
      expect([...unionSorted(lists)]).toEqual(
        [...new Set(lists.flatMap((l) => [...l]))].sort((a, b) => a - b),
      );
    }
  });
});
