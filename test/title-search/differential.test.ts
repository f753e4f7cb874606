// The title search against JavaScript itself: thousands of seeded random patterns over seeded
// random titles and realistic ones. Every accepted pattern must find exactly the titles
// `new RegExp(pattern, 'i')` matches; every refused one must be refused for a stated reason.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../tools/synth/seeded-random.ts';
import { bindDfa } from '../../worker/title-search/scan/bind-dfa.ts';
import type { CompiledTitlePattern } from '../../worker/title-search/pattern/compiled-pattern.ts';
import type { TitleSearchIndex } from '../../core/title-index/decode.ts';
import { encodeTitleSearchIndex } from '../../core/title-index/encode.ts';
import { decodeTitleSearchIndex } from '../../core/title-index/decode.ts';
import { compileTitlePattern, findMatchingTitles } from '../../worker/title-search/index.ts';
import { buildMultiSteps } from '../../worker/title-search/scan/quad-steps.ts';
import { scanTitles } from '../../worker/title-search/scan/scan-titles.ts';
import { bindingsOf } from '../../worker/search/title-search-caches.ts';
import { MATCHED } from '../../worker/title-search/pattern/pattern-dfa.ts';
import { DEAD } from '../../worker/title-search/scan/decided-states.ts';
import { emptyBitmap } from '../../core/bitmap.ts';
import { randomPattern, randomTitle } from './random-patterns.ts';
import { realisticTitles } from '../../tools/synth/titles.ts';

const REFUSAL_REASONS = [
  /^Invalid title pattern: (backreferences|lookahead and lookbehind|POSIX classes|a class that begins with \]|\\\d+ is an octal)/,
  /^Invalid title pattern: it (is too large|needs too large an automaton)/,
];

function indexOf(titles: string[]) {
  const bytes = encodeTitleSearchIndex(titles);
  return decodeTitleSearchIndex(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
}

/** The titles each way of reading finds (one, two, four symbols per step), sorted. */
function everyWayOfReading(
  index: TitleSearchIndex,
  pattern: CompiledTitlePattern,
): Record<string, number[]> {
  const bound = bindDfa(pattern.dfa, index, 0);
  const stateCount = bound.steps.length / bound.columnCount;
  const tables = (widest: 'quad' | 'pair') =>
    buildMultiSteps(
      stateCount,
      bound.columnCount,
      bound.steps,
      bound.columnOfSymbol,
      Infinity,
      widest,
    );
  const ways = { one: undefined, two: tables('pair'), four: tables('quad') };
  const found: Record<string, number[]> = {};
  for (const [name, multi] of Object.entries(ways)) {
    if (name !== 'one' && multi?.kind !== (name === 'two' ? 'pair' : 'quad')) continue;
    const matches = emptyBitmap(index.count);
    if (bound.start === MATCHED) found[name] = Array.from({ length: index.count }, (_, t) => t);
    else if (bound.start === DEAD) found[name] = [];
    else {
      scanTitles(index, { ...bound, multi }, undefined, matches);
      found[name] = Array.from({ length: index.count }, (_, t) => t).filter(
        (t) => (matches[t >>> 5]! & (1 << (t & 31))) !== 0,
      );
    }
  }
  return found;
}

function javaScriptReading(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'i');
  } catch {
    return undefined;
  }
}

function check(titles: string[], patterns: string[]) {
  const index = indexOf(titles);
  const bindings = bindingsOf(index); // kept as the Worker keeps them, between the searches below
  const tally = { accepted: 0, refused: 0, syntax: 0, ways: new Set<string>() };
  for (const pattern of patterns) {
    const result = compileTitlePattern(pattern);
    const regexp = javaScriptReading(pattern);
    if (!regexp) {
      expect(result.ok, `JavaScript refuses ${JSON.stringify(pattern)}`).toBe(false);
      tally.syntax++;
      continue;
    }
    if (!result.ok) {
      expect(
        REFUSAL_REASONS.some((reason) => reason.test(result.message)),
        `${JSON.stringify(pattern)}: ${result.message}`,
      ).toBe(true);
      tally.refused++;
      continue;
    }
    const expected = titles.flatMap((title, t) => (regexp.test(title) ? [t] : []));
    // restricted to candidates: titles skipped between two read ones must not break the resume
    const candidates = Uint32Array.from(titles.keys()).filter(
      (t) => (t * 7 + tally.accepted) % 3 !== 0,
    );
    const expectedAmong = expected.filter((t) => (t * 7 + tally.accepted) % 3 !== 0);
    expect(
      Array.from(findMatchingTitles(index, result.pattern, candidates, bindings)),
      `${JSON.stringify(pattern)} among candidates`,
    ).toEqual(expectedAmong);
    // a few candidates (under 1/32 of the titles): each read alone from its own position
    const few = (t: number) => (t + tally.accepted) % 41 === 0;
    expect(
      Array.from(
        findMatchingTitles(
          index,
          result.pattern,
          Uint32Array.from(titles.keys()).filter(few),
          bindings,
        ),
      ),
      `${JSON.stringify(pattern)} among a few candidates`,
    ).toEqual(expected.filter(few));
    for (const [way, found] of Object.entries(everyWayOfReading(index, result.pattern))) {
      expect(found, `${JSON.stringify(pattern)} read ${way} symbol(s) at a time`).toEqual(expected);
      tally.ways.add(way);
    }
    // the search of every title last: it keeps its narrowing with the pattern, and searches among
    // candidates after it would reuse that instead of reading the posting lists against them
    expect(
      Array.from(findMatchingTitles(index, result.pattern, undefined, bindings)),
      JSON.stringify(pattern),
    ).toEqual(expected);
    tally.accepted++;
  }
  return tally;
}

describe('title search agrees with new RegExp(pattern, "i")', () => {
  it(
    'on 3,000 random patterns over 500 random titles (with line ends, astral and special-folding letters)',
    { timeout: 180_000 },
    () => {
      const random = seededRandom(0x7175);
      const titles = Array.from({ length: 500 }, () => randomTitle(random, 10));
      titles.push('', ' ', '\u{10400}', '\u{10428}', 'ſ', 'K', 'ß', 'SS');
      const patterns = Array.from({ length: 3000 }, () => randomPattern(random));
      const tally = check(titles, patterns);
      expect(tally.accepted).toBeGreaterThan(2500);
      expect([...tally.ways].sort()).toEqual(['four', 'one', 'two']);
    },
  );

  it(
    'on 1,500 random patterns without nested loops over random and realistic titles',
    { timeout: 120_000 },
    () => {
      const random = seededRandom(0x2024);
      const titles = [
        ...realisticTitles(300, 20240601),
        ...Array.from({ length: 300 }, () => randomTitle(random, 24)),
      ];
      const patterns = Array.from({ length: 1500 }, () => randomPattern(random, 2, false));
      const tally = check(titles, patterns);
      expect(tally.accepted).toBeGreaterThan(1200);
    },
  );

  it('on 400 random patterns over titles of more than 255 distinct characters (two-byte symbols)', () => {
    const random = seededRandom(0x16);
    const wide = Array.from({ length: 300 }, (_, i) => String.fromCharCode(0x4e00 + i));
    // every wide character in some title, so that the index has more than 255 symbols
    const titles = wide.map(
      (own) => randomTitle(random, 12) + own + random.pick(wide) + randomTitle(random, 4),
    );
    expect(indexOf(titles).text).toBeInstanceOf(Uint16Array);
    const patterns = Array.from({ length: 400 }, () => randomPattern(random));
    expect(check(titles, patterns).accepted).toBeGreaterThan(300);
  });

  it('on words of realistic titles, alone, in classes, alternations and counted repetitions', () => {
    const random = seededRandom(0x5d);
    const titles = realisticTitles(1000, 20240601);
    const words = [...new Set(titles.join(' ').split(/\s+/))].filter((word) =>
      /^[\p{L}\d]+$/u.test(word),
    );
    const patterns = Array.from({ length: 400 }, () => {
      const [first, second] = [random.pick(words), random.pick(words)];
      return random.pick([
        first,
        `${first}.*${second}`,
        `^${first}`,
        `${second}$`,
        `(${first}|${second})`,
        `\\b${first.slice(0, 3)}\\w*\\s+${second.slice(0, 2)}`,
        `${first.slice(0, 2)}[aeiou]{2}`,
        `\\d{4}[–-]\\d{4}$`,
      ]);
    });
    check(titles, patterns);
  });
});
