// The gram query of a set of strings: a string that holds another of the set adds nothing (a
// title holding it holds the other), so it is left out; the query still means the same.
import { describe, expect, it } from 'vitest';
import { compileTitlePattern } from '../../worker/title-search/index.ts';
import { ALL, gramsOfStrings } from '../../worker/title-search/pattern/gram-query.ts';

describe('gramsOfStrings', () => {
  it('leaves out a string that holds another of the set', () => {
    expect(gramsOfStrings(['KECAMATAN', 'JUMLAHKECAMATAN'])).toEqual(gramsOfStrings(['KECAMATAN']));
    expect(gramsOfStrings(['DESA', 'DESA', 'XDESAX'])).toEqual(gramsOfStrings(['DESA']));
  });

  it('keeps strings that hold none of the others, as an OR', () => {
    const query = gramsOfStrings(['KOTA', 'DESA']);
    expect(query.op).toBe('or');
    expect(query).toEqual({
      op: 'or',
      parts: [gramsOfStrings(['KOTA']), gramsOfStrings(['DESA'])],
    });
  });

  it('is every title when the empty string is one of them', () => {
    expect(gramsOfStrings(['', 'KOTA'])).toEqual(ALL);
  });

  it('reads one AND for a pattern whose ends may join (`a.*b`)', () => {
    const compiled = compileTitlePattern('jumlah.*kecamatan');
    if (!compiled.ok) throw new Error(compiled.message);
    const { grams } = compiled.pattern;
    expect(grams.op).toBe('and');
    if (grams.op !== 'and') return;
    expect(grams.parts.every((part) => part.op === 'gram')).toBe(true);
    expect(grams.parts.map((part) => part.op === 'gram' && part.units)).toEqual(
      expect.arrayContaining(['JUM', 'LAH', 'KEC', 'TAN']),
    );
  });
});
