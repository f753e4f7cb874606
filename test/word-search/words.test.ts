// What a word is (docs/api.md §11), and the words of `q` with the two ways `q` is refused.
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, queryWords, wordsOf } from '../../core/word-index.ts';

describe('wordsOf', () => {
  it.each([
    ['Jumlah Penduduk Menurut Kecamatan', ['jumlah', 'penduduk', 'menurut', 'kecamatan']],
    [
      'Angka Partisipasi Kasar (APK) SD/MI (%)',
      ['angka', 'partisipasi', 'kasar', 'apk', 'sd', 'mi'],
    ],
    ['Kafé dan Restoran', ['kafe', 'dan', 'restoran']],
    ['Pénduduk', ['penduduk']],
    ['Tahun\u00a02020', ['tahun', '2020']],
    ['2019–2024', ['2019', '2024']],
    ['Usia 15+', ['usia', '15']],
    ["Jum'at", ['jum', 'at']],
    ['per km²', ['per', 'km2']],
    ['ﬁnal', ['final']],
    ['Ｆｕｌｌ ①', ['full', '1']],
    ['İSTANBUL', ['istanbul']],
    ['Straße', ['straße']],
    ['Кировский район', ['кировскии', 'раион']], // й is и with a breve, a combining mark
    ['Δήμος', ['δημος']],
    ['東京都 人口', ['東京都', '人口']],
    ['١٢٣ ٤', ['١٢٣', '٤']],
    ['a\u0301b', ['ab']],
    ['  trailing  ', ['trailing']],
    ['', []],
    [' - / ', []],
  ])('%j → %j', (text, words) => {
    expect(wordsOf(text)).toEqual(words);
  });

  it('keeps repeats (an element has a word or not; q drops them)', () => {
    expect(wordsOf('Data data DATA')).toEqual(['data', 'data', 'data']);
  });
});

describe('queryWords', () => {
  it('gives each word once, in the order first given', () => {
    expect(queryWords('Penduduk kec PENDUDUK, kec-pendud')).toEqual({
      ok: true,
      words: ['penduduk', 'kec', 'pendud'],
    });
  });

  it('keeps a word that starts another one', () => {
    expect(queryWords('pen penduduk')).toEqual({ ok: true, words: ['pen', 'penduduk'] });
  });

  it.each([' -', '%', '\u00a0', '()', '–'])('refuses %j, which has no word, naming q', (q) => {
    const parsed = queryWords(q);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^Invalid q: it has no word/);
  });

  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it(`takes ${MAX_QUERY_WORDS} different words`, () => {
    expect(queryWords(words(MAX_QUERY_WORDS))).toMatchObject({ ok: true });
  });

  it('counts a repeated word once towards the limit', () => {
    expect(queryWords(`${words(MAX_QUERY_WORDS)} w0 W1`)).toMatchObject({ ok: true });
  });

  it(`refuses ${MAX_QUERY_WORDS + 1} different words, naming q and the limit`, () => {
    expect(queryWords(words(MAX_QUERY_WORDS + 1))).toEqual({
      ok: false,
      message: `Invalid q: it has ${MAX_QUERY_WORDS + 1} different words; give at most ${MAX_QUERY_WORDS}.`,
    });
  });
});
