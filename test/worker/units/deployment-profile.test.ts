// What a profile leaves an answer's assembly after the search (docs/operations.md §10: 10 ms of CPU a
// request in `free`, the search's included).
import { describe, expect, it } from 'vitest';
import { answerCpuAllowed, FREE_ANSWER_CPU_MS, FREE_CPU_MS } from '../../../worker/cost-model.ts';
import { deploymentProfile } from '../../../worker/deployment-profile.ts';
import { estimateWordSearchCpuMs } from '../../../worker/search/word-search.ts';

const free = deploymentProfile({ PLAN: 'free' });
const paid = deploymentProfile({ PLAN: 'paid' });

describe('answerCpuAllowed', () => {
  it("leaves the answer its whole part after a search within the search's share", () => {
    expect(answerCpuAllowed(free, 0)).toBe(FREE_ANSWER_CPU_MS);
    expect(answerCpuAllowed(free, FREE_CPU_MS - FREE_ANSWER_CPU_MS)).toBe(FREE_ANSWER_CPU_MS);
  });

  it("takes a costlier search's excess from the answer, never more than half of its part", () => {
    expect(answerCpuAllowed(free, 5)).toBeCloseTo(FREE_ANSWER_CPU_MS - 3);
    expect(answerCpuAllowed(free, 50)).toBe(FREE_ANSWER_CPU_MS / 2);
  });

  it('sets no limit in paid', () => {
    expect(answerCpuAllowed(paid, 50)).toBeUndefined();
  });
});

describe('estimateWordSearchCpuMs', () => {
  it('grows with the words, short ones most, and with the elements matched', () => {
    const one = estimateWordSearchCpuMs(['penduduk'], 1000);
    expect(estimateWordSearchCpuMs(['penduduk', 'kecamatan'], 1000)).toBeGreaterThan(one);
    expect(estimateWordSearchCpuMs(['pe'], 1000)).toBeGreaterThan(one);
    expect(estimateWordSearchCpuMs(['penduduk'], 80_000)).toBeGreaterThan(one);
  });
});
