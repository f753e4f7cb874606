// The dates of docs/harvest.md §12 in each output's form: the byte writer the sitemap uses against Date's own.
import { describe, expect, it } from 'vitest';
import { ISO_SECONDS_LENGTH, isoSeconds, writeIsoSeconds } from '../../core/open-data/dates.ts';

const written = (seconds: number) => {
  const out = new Uint8Array(ISO_SECONDS_LENGTH + 2).fill(0x23);
  writeIsoSeconds(out, 1, seconds);
  return new TextDecoder().decode(out);
};

describe('writeIsoSeconds', () => {
  it('writes what isoSeconds gives, in place, for every kind of day and second', () => {
    const cases = [
      0,
      59,
      86_399,
      86_400,
      951_782_400, // 2000-02-29, a leap day of a year divisible by 400
      1_709_164_800, // 2024-02-29
      1_709_251_199, // 2024-02-29T23:59:59
      1_735_689_599, // 2024-12-31T23:59:59
      1_767_225_600,
      4_102_444_800, // 2100-01-01, a year divisible by 100 and not by 400
      4_107_542_400, // 2100-03-01
      2 ** 32 - 1, // the last second a Uint32 holds, in 2106
    ];
    // and seconds spread over the whole range
    for (let s = 0; s < 2 ** 32; s += 9_999_991) cases.push(s);
    for (const seconds of cases) expect(written(seconds)).toBe(`#${isoSeconds(seconds)}#`);
  });
});
