// A seeded random source (mulberry32): the same seed, the same sequence. For the synthetic
// catalogue and the fuzz tests.
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

export type SeededRandom = ReturnType<typeof seededRandom>;

/** Picks with a bias towards the first items (index = ⌊n·u^skew⌋): a few common, most rare. */
export function skewedPick<T>(random: SeededRandom, items: readonly T[], skew = 1.8): T {
  return items[Math.floor(items.length * random.next() ** skew)]!;
}
