// Named cases: each refusal with its message, the places where RE2-style engines and
// JavaScript differ, the patterns a scan budget used to refuse, and ReDoS patterns.
import { describe, expect, it } from 'vitest';
import { encodeTitleSearchIndex } from '../../core/title-index/encode.ts';
import { decodeTitleSearchIndex } from '../../core/title-index/decode.ts';
import {
  compileTitlePattern,
  findMatchingTitles,
  MAX_PATTERN_LENGTH,
} from '../../worker/title-search/index.ts';
import { REDOS_PATTERNS } from '../support/redos-patterns.ts';
import { realisticTitles } from '../../tools/synth/titles.ts';

function search(titles: string[], pattern: string): string[] {
  const bytes = encodeTitleSearchIndex(titles);
  const index = decodeTitleSearchIndex(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const result = compileTitlePattern(pattern);
  if (!result.ok) throw new Error(result.message);
  return Array.from(findMatchingTitles(index, result.pattern), (t) => titles[t]!);
}

const refusal = (pattern: string) => {
  const result = compileTitlePattern(pattern);
  return result.ok ? undefined : result.message;
};

describe('refused patterns, each with its reason', () => {
  it.each([
    [
      'a'.repeat(MAX_PATTERN_LENGTH + 1),
      /^Invalid title pattern: it is 257 characters long; at most 256 are allowed\.$/,
    ],
    ['(penduduk', /^Invalid title pattern: unterminated group at the end\.$/],
    ['a**', /^Invalid title pattern: nothing to repeat at (character \d|the end)\.$/],
    ['[z-a]', /^Invalid title pattern: range out of order in character class/],
    ['(a)\\1', /^Invalid title pattern: backreferences such as \\1 are not supported/],
    ['(?<n>a)\\k<n>', /^Invalid title pattern: backreferences such as \\k<n> are not supported/],
    [
      'a(?=b)',
      /^Invalid title pattern: lookahead and lookbehind such as \(\?=b\) are not supported/,
    ],
    [
      '(?<!a)b',
      /^Invalid title pattern: lookahead and lookbehind such as \(\?<!a\) are not supported/,
    ],
    [
      '[[:alpha:]]',
      /^Invalid title pattern: POSIX classes such as \[\[:alpha:\]\] are not supported/,
    ],
    ['[[:upper:]]+', /^Invalid title pattern: POSIX classes such as \[\[:upper:\]\]/],
    ['x[a[:digit:]]', /^Invalid title pattern: POSIX classes such as \[\[:digit:\]\]/],
    ['[]a]', /^Invalid title pattern: a class that begins with \] \(such as \[\]a\]\)/],
    ['[^]]', /^Invalid title pattern: a class that begins with \]/],
    [
      '\\12',
      /^Invalid title pattern: \\12 is an octal or decimal escape in JavaScript but a backreference elsewhere; write the character as \\x0A, or itself\.$/,
    ],
    [
      '\\pL',
      /^Invalid title pattern: the escape \\p is not supported: JavaScript and RE2 read it differently; write p without the backslash/,
    ],
    [
      '\\u0041',
      /^Invalid title pattern: the escape \\u0041 is not supported: .*write the character as \\x41, or itself\.$/,
    ],
    ['\\cA', /^Invalid title pattern: the escape \\cA is not supported/],
    ['\\Q.\\E', /^Invalid title pattern: the escape \\Q is not supported/],
    ['\\01', /^Invalid title pattern: \\01 is an octal/],
    ['\\8', /^Invalid title pattern: \\8 is an octal or decimal escape/],
    ['(a|b)*a(a|b){20}', /^Invalid title pattern: it needs too large an automaton/],
    [
      '(\\w{1,60}\\s){1,60}',
      /^Invalid title pattern: it is too large once its counted repetitions are written out/,
    ],
  ])('%s', (pattern, message) => {
    expect(refusal(pattern)).toMatch(message);
  });

  it('refuses (?i:…) modifiers as syntax the engines this serves do not all read', () => {
    expect(refusal('(?i:a)')).toMatch(/^Invalid title pattern: /);
  });
});

describe('JavaScript meaning where other engines differ', () => {
  const titles = [
    'Luas\u00a0Panen',
    'Luas Panen',
    'baris\rbaru',
    'baris\nbaru',
    'baris baru',
    'a]b',
    '',
  ];
  it('\\s matches a no-break space and the other JavaScript white space', () => {
    expect(search(titles, 'luas\\spanen')).toEqual(['Luas\u00a0Panen', 'Luas Panen']);
    const spaces = ['\ufeff', '\u1680', '\u2000', '\u200a', '\u202f', '\u205f', '\u3000', '\u2028'];
    expect(search([...spaces, '\u200b', 'x'], '\\s')).toEqual(spaces);
  });
  it('. does not match \\r, \\n, \\u2028 or \\u2029; [^] matches anything', () => {
    expect(search(titles, 'baris.baru')).toEqual(['baris baru']);
    expect(search(['a\u2028b', 'a\u2029b', 'a-b'], 'a.b')).toEqual(['a-b']);
    expect(search(titles, 'baris[^]baru')).toEqual(['baris\rbaru', 'baris\nbaru', 'baris baru']);
  });
  it('an empty class never matches', () => {
    expect(search(titles, 'a[]|x')).toEqual([]);
  });
  it('^ and $ hold at the title start and end only', () => {
    expect(search(titles, '^baru')).toEqual([]);
    expect(search(titles, 'baris$')).toEqual([]);
    expect(search(titles, '^$')).toEqual(['']);
  });
  it('astral letters are surrogate pairs and do not fold; BMP letters fold as toUpperCase', () => {
    const letters = [
      '\u{10400}',
      '\u{10428}',
      'é',
      'É',
      'ß',
      'SS',
      'ſ',
      's',
      'K',
      'k',
      '\u212a',
      'ı',
      'I',
      'i',
      'İ',
    ];
    expect(search(letters, '\u{10428}')).toEqual(['\u{10428}']);
    expect(search(letters, '\ud801')).toEqual(['\u{10400}', '\u{10428}']);
    expect(search(letters, 'é')).toEqual(['é', 'É']);
    expect(search(letters, 'ß')).toEqual(['ß']);
    expect(search(letters, 'ſ')).toEqual(['ſ']);
    expect(search(letters, '\u212a')).toEqual(['\u212a']);
    expect(search(letters, 'i')).toEqual(['I', 'i']);
    expect(search(letters, '\\w')).toEqual(['SS', 's', 'K', 'k', 'I', 'i']);
  });
});

describe('patterns a scan budget used to refuse are answered', () => {
  const titles = [
    ...realisticTitles(2000, 20240601),
    'Rekap Q1 2023',
    'Laporan Triwulan q4',
    'Data 2019-2023',
    'Data 2019-2023 Revisi',
    'Pizza Hut',
    'Xz corp',
    'Luas Panen (Ha)',
  ];
  it.each(['q\\d', '\\d{4}-20[0-9]{2}$', '[xz]{2}', '\\([A-Z]{2,3}\\)', '.', '\\d$'])(
    '%s',
    (pattern) => {
      const regexp = new RegExp(pattern, 'i');
      const found = search(titles, pattern);
      expect(found).toEqual(titles.filter((title) => regexp.test(title)));
      expect(found.length).toBeGreaterThan(0);
    },
  );
});

describe('ReDoS patterns are refused by size or answered in one pass', () => {
  const titles = [
    ...realisticTitles(300, 20240601),
    'a'.repeat(40),
    `${'a'.repeat(40)}!`,
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
  ];
  it.each([...REDOS_PATTERNS, '(a+)+b'])('%s', (pattern) => {
    const result = compileTitlePattern(pattern);
    if (!result.ok) {
      expect(result.message).toMatch(
        /^Invalid title pattern: it (is too large|needs too large an automaton)/,
      );
      return;
    }
    // a backtracking engine would hang on these titles; the expectation comes from a safe reading
    const safeTitles = titles.filter((title) => title.length <= 24);
    const regexp = new RegExp(pattern, 'i');
    const bytes = encodeTitleSearchIndex(titles);
    const index = decodeTitleSearchIndex(bytes.buffer.slice(0) as ArrayBuffer);
    const found = new Set(Array.from(findMatchingTitles(index, result.pattern), (t) => titles[t]!));
    for (const title of safeTitles)
      expect(found.has(title), `${pattern} on ${title}`).toBe(regexp.test(title));
  });
});
