// The index bytes and the case table: a round trip through encode and decode, and the embedded
// case table against the running engine's String.prototype.toUpperCase and RegExp.
import { describe, expect, it } from 'vitest';
import { canonicalTable, canonicalUnit } from '../../core/title-index/canonical-case.ts';
import { encodeTitleSearchIndex } from '../../core/title-index/encode.ts';
import { decodeTitleSearchIndex } from '../../core/title-index/decode.ts';

describe('the embedded case table', () => {
  it('is Canonicalize of ECMAScript non-unicode `i` mode, as this engine computes it', () => {
    const table = canonicalTable();
    const differences: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      const upper = String.fromCharCode(unit).toUpperCase();
      const folded =
        upper.length !== 1 || (unit >= 128 && upper.charCodeAt(0) < 128)
          ? unit
          : upper.charCodeAt(0);
      if (table[unit] !== folded) differences.push(unit.toString(16));
    }
    expect(differences).toEqual([]);
  });

  it('gives the same canonical unit one unit at a time as the whole table', () => {
    const table = canonicalTable();
    const differences: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      if (canonicalUnit(unit) !== table[unit]) differences.push(unit.toString(16));
    }
    expect(differences).toEqual([]);
  });

  it('agrees with RegExp on every unit that folds, and folding twice changes nothing', () => {
    const table = canonicalTable();
    for (let unit = 0; unit < 0x10000; unit++) {
      if (table[unit] === unit) continue;
      expect(table[table[unit]!]).toBe(table[unit]);
      const escaped = `\\u${unit.toString(16).padStart(4, '0')}`;
      expect(new RegExp(`^${escaped}$`, 'i').test(String.fromCharCode(table[unit]!)), escaped).toBe(
        true,
      );
    }
  });
});

describe('the index bytes', () => {
  it('decode as views of the same buffer, with counts and offsets as encoded', () => {
    const titles = [
      'Jumlah Penduduk',
      '',
      'jumlah penduduk 2023',
      'Luas\u00a0Panen – 2019',
      '\u{10400}',
    ];
    const bytes = encodeTitleSearchIndex(titles);
    const buffer = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    const index = decodeTitleSearchIndex(buffer);
    expect(index.count).toBe(5);
    expect(index.text.buffer).toBe(buffer);
    expect(Array.from(index.sortedTitle).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(index.sortedStart.every((start) => start % 4 === 0)).toBe(true);
    // shares "JUMLAH PENDUDUK" with title 0
    expect(index.resumeQuad[Array.from(index.sortedTitle).indexOf(2)]).toBe(3);
  });

  it('refuses bytes of another layout', () => {
    expect(() => decodeTitleSearchIndex(new ArrayBuffer(128))).toThrow(
      /not an index of this layout/,
    );
    expect(() => decodeTitleSearchIndex(new ArrayBuffer(8))).toThrow(/too short/);
  });
});
