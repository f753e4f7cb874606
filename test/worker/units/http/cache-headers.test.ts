import { describe, expect, it } from 'vitest';
import { etagMatches, hashString } from '../../../../worker/http/cache-headers.ts';

describe('etagMatches', () => {
  it('matches a listed tag, weakly, or *', () => {
    expect(etagMatches('"x", "y"', '"y"')).toBe(true);
    expect(etagMatches('W/"y"', '"y"')).toBe(true);
    expect(etagMatches('*', '"y"')).toBe(true);
    expect(etagMatches('"x"', '"y"')).toBe(false);
    expect(etagMatches(undefined, '"y"')).toBe(false);
  });

  it('hashes different texts differently', () => {
    expect(hashString('a')).not.toBe(hashString('b'));
    expect(hashString('a')).toBe(hashString('a'));
  });
});
