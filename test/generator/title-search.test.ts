// The title search's pure modules in Node: pattern compilation and matching, checked against
// JavaScript's own RegExp on random patterns and titles; posting-list operations against sets.
import { describe, expect, it } from 'vitest';
import { TITLE_SEPARATOR, foldAsciiCase } from '../../core/snapshot-layout.ts';
import { intersectSorted, unionSorted } from '../../worker/posting-lists.ts';
import { TITLE_MATCH, createTitleMatcher, type TitleIndex } from '../../worker/title-matcher.ts';
import { compileTitlePattern } from '../../worker/title-pattern.ts';
import { seededRandom } from '../../tools/synth/seeded-random.ts';

function titleIndex(titles: string[]): TitleIndex {
  const titleStart = new Uint32Array(titles.length + 1);
  let offset = 0;
  titles.forEach((t, i) => ((titleStart[i] = offset), (offset += t.length + 1)));
  titleStart[titles.length] = offset;
  const text = titles.join(TITLE_SEPARATOR) + TITLE_SEPARATOR;
  return { text, folded: foldAsciiCase(text), titleStart, count: titles.length };
}

const random = seededRandom(0x717e);
const WORDS = ['jumlah', 'penduduk', 'Kota', 'SD/MI', '(%)', '15+', 'guru', 'murid', 'a', 'aa', 'desa', 'Kecamatan', '2023', 'dan', '–', '&'];
const randomTitle = () => Array.from({ length: 1 + random.int(7) }, () => random.pick(WORDS)).join(random.pick([' ', ' ', '-', ''])) + (random.chance(0.1) ? ' ' : '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const ATOMS = () => [escape(random.pick(WORDS).toLowerCase()), escape(random.pick(WORDS).toUpperCase()), '.', '\\d', '\\s', '[a-k]', '[^ ]', `(${escape(random.pick(WORDS))}|${escape(random.pick(WORDS))})`];
function randomPattern(): string {
  const parts: string[] = [];
  for (let n = 1 + random.int(4); n > 0; n--) parts.push(random.pick(ATOMS()) + random.pick(['', '', '', '?', '*', '+', '{1,2}']));
  let pattern = parts.join(random.pick(['', ' ', '.*']));
  if (random.chance(0.2)) pattern = `^${pattern}`;
  if (random.chance(0.2)) pattern += '$';
  if (random.chance(0.2)) pattern += `|${escape(random.pick(WORDS))}`;
  return pattern;
}

describe('title patterns against JavaScript RegExp', () => {
  const titles = Array.from({ length: 300 }, randomTitle);
  const index = titleIndex(titles);

  it('agree on 600 random patterns over 300 random titles, one by one and in one sweep', () => {
    let literal = 0;
    for (let i = 0; i < 600; i++) {
      const source = randomPattern();
      const compiled = compileTitlePattern(source);
      if (!compiled.ok) throw new Error(`${source}: ${compiled.message}`);
      if (compiled.pattern.kind === 'literal') literal++;
      const expected = titles.map((t) => new RegExp(source, 'i').test(t));
      const one = createTitleMatcher(index, compiled.pattern);
      expect(titles.map((_, t) => one.testOne(t)), source).toEqual(expected);
      const all = createTitleMatcher(index, compiled.pattern).matchAll();
      expect(titles.map((_, t) => all[t] === TITLE_MATCH), source).toEqual(expected);
    }
    expect(literal).toBeGreaterThan(5); // the literal fast path was exercised too
  });

  it('treats plain words as literals and regexes as regexes', () => {
    const kind = (p: string) => {
      const r = compileTitlePattern(p);
      return r.ok ? r.pattern.kind : r.message;
    };
    expect(kind('jumlah penduduk')).toBe('literal');
    expect(kind('^jumlah$')).toBe('literal');
    expect(kind('\\(%\\)')).toBe('literal');
    expect(kind('guru/murid')).toBe('literal');
    expect(kind('jumlah.*kota')).toBe('regex');
    expect(kind('a|b')).toBe('regex');
  });
});

describe('posting lists', () => {
  const sorted = (n: number, max: number) => Uint32Array.from([...new Set(Array.from({ length: n }, () => random.int(max)))].sort((a, b) => a - b));
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
      expect([...unionSorted(lists)]).toEqual([...new Set(lists.flatMap((l) => [...l]))].sort((a, b) => a - b));
    }
  });
});
