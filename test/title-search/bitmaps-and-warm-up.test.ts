// Title bitmaps built from candidates (their count decides how the titles are read), the search's
// bitmap answer against its list answer, and the startup warm-up of the pattern compiler.
import { describe, expect, it } from 'vitest';
import { encodeTitleSearchIndex } from '../../core/title-index/encode.ts';
import { decodeTitleSearchIndex } from '../../core/title-index/decode.ts';
import {
  compileTitlePattern,
  findMatchingTitles,
  matchingTitleBitmap,
} from '../../worker/title-search/index.ts';
import { narrowTitles } from '../../worker/title-search/scan/evaluate-gram-query.ts';
import { bitmapOf, bitsOf, countBits } from '../../core/bitmap.ts';
import { WARM_UP_PATTERN, warmUpPatternCompiler } from '../../worker/title-search/warm-up.ts';
import { realisticTitles } from '../../tools/synth/titles.ts';

describe('bitmapOf', () => {
  it('holds each title once, ignores numbers past the count, and counts what it holds', () => {
    const { bitmap, count } = bitmapOf(70, Uint32Array.of(69, 3, 3, 40, 70, 1000, 0, 40));
    expect(Array.from(bitsOf(bitmap))).toEqual([0, 3, 40, 69]);
    expect(count).toBe(4);
  });

  it('maps elements to their titles when given titleOf', () => {
    const titleOf = Uint32Array.of(5, 5, 2, 9, 0); // element → title
    const { bitmap, count } = bitmapOf(10, Uint32Array.of(4, 1, 0, 3), titleOf);
    expect(Array.from(bitsOf(bitmap))).toEqual([0, 5, 9]);
    expect(count).toBe(3);
  });
});

describe('matchingTitleBitmap', () => {
  const titles = realisticTitles(3000, 7); // 3,000: the bitmaps' last word is partly used
  const bytes = encodeTitleSearchIndex(titles);
  // a fresh index per search: the search keeps each pattern's narrowing with its index, and a
  // kept narrowing would spare the candidates' own narrowing (and its counts) this test is after
  const freshIndex = () => decodeTitleSearchIndex(bytes.slice().buffer);

  it.each(['', 'jumlah', 'kota$', 'kecamatan kota', 'a|^b', 'zzzq', '[0-9]{4}'])(
    'holds what the list answer holds, among candidates (narrowed first) and among all: %j',
    (source) => {
      const compiled = compileTitlePattern(source);
      if (!compiled.ok) throw new Error(compiled.message);
      const expected = titles.flatMap((title, t) =>
        new RegExp(source, 'i').test(title) ? [t] : [],
      );
      const candidates = Uint32Array.from({ length: 400 }, (_, i) => (i * 7) % titles.length);
      const given = bitmapOf(titles.length, candidates);
      const among = new Set(candidates);
      expect(
        Array.from(bitsOf(matchingTitleBitmap(freshIndex(), compiled.pattern, given))),
      ).toEqual(expected.filter((t) => among.has(t)));
      expect(Array.from(bitsOf(matchingTitleBitmap(freshIndex(), compiled.pattern)))).toEqual(
        expected,
      );
      expect(Array.from(findMatchingTitles(freshIndex(), compiled.pattern))).toEqual(expected);
    },
  );

  it.each(['kecamatan kota', 'jumlah.*kecamatan', 'penduduk|sekolah', 'zzzq', '[0-9]{4}'])(
    'narrowTitles counts exactly the titles it leaves: %j',
    (source) => {
      const compiled = compileTitlePattern(source);
      if (!compiled.ok) throw new Error(compiled.message);
      for (const step of [1, 7, 61]) {
        const candidates = Uint32Array.from({ length: 2500 }, (_, i) => (i * step) % titles.length);
        const given = bitmapOf(titles.length, candidates);
        const left = narrowTitles(freshIndex(), compiled.pattern.grams, given.bitmap, given.count);
        expect(left.count).toBe(countBits(left.titles));
      }
    },
  );

  it('answers a pattern every title matches with every title, none past the last', () => {
    const compiled = compileTitlePattern('');
    if (!compiled.ok) throw new Error(compiled.message);
    const bitmap = matchingTitleBitmap(freshIndex(), compiled.pattern);
    expect(bitmap.length).toBe(Math.ceil(titles.length / 32));
    expect(Array.from(bitsOf(bitmap))).toEqual(Array.from(titles.keys()));
  });
});

describe('the pattern compiler warm-up run at startup', () => {
  it('compiles and binds its pattern, which means what JavaScript means', () => {
    const { pattern, bound } = warmUpPatternCompiler();
    expect(pattern.source).toBe(WARM_UP_PATTERN);
    expect(bound.steps.length).toBeGreaterThan(0); // bound: a table of steps over its alphabet
    const titles = [
      'Jumlah Penduduk  Kota',
      'Jumlah Rumah Tangga Miskin',
      'Jumlah Sekolah',
      'jumlah penduduk 2020',
    ];
    const bytes = encodeTitleSearchIndex(titles);
    const index = decodeTitleSearchIndex(bytes.slice().buffer);
    const expected = titles.flatMap((title, t) =>
      new RegExp(WARM_UP_PATTERN, 'i').test(title) ? [t] : [],
    );
    expect(expected).toEqual([0, 1]);
    expect(Array.from(findMatchingTitles(index, pattern))).toEqual(expected);
  });
});
