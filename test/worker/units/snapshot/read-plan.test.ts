import { describe, expect, it } from 'vitest';
import {
  READ_COST_BYTES,
  planReads as plannedOrNot,
  type PlacementIndex,
} from '../../../../worker/snapshot/read-plan.ts';

/** The plan, which these cases all fit. */
function planReads(...args: Parameters<typeof plannedOrNot>) {
  const plan = plannedOrNot(...args);
  expect(plan).toBeDefined();
  return plan!;
}

/** `blocks` blocks of `perBlock` elements of `size` bytes each, `blocksPerRun` blocks to a run. */
function placement(
  blocks: number,
  perBlock: number,
  size: number,
  blocksPerRun: number,
): PlacementIndex {
  const n = blocks * perBlock;
  const elementBlock = Uint32Array.from({ length: n }, (_, e) => Math.floor(e / perBlock));
  const elementStart = Uint32Array.from({ length: n }, (_, e) => (e % perBlock) * (size + 1));
  const elementLength = new Uint32Array(n).fill(size);
  const blockLength = new Uint32Array(blocks).fill(perBlock * (size + 1) - 1);
  const runs = Math.ceil(blocks / blocksPerRun);
  const runFirstBlock = Uint32Array.from({ length: runs + 1 }, (_, r) =>
    Math.min(blocks, r * blocksPerRun),
  );
  const blockRun = Uint32Array.from({ length: blocks }, (_, b) => Math.floor(b / blocksPerRun));
  const blockRunOffset = Uint32Array.from(
    { length: blocks },
    (_, b) => (b % blocksPerRun) * (blockLength[0]! + 1),
  );
  return {
    sections: { elementBlock, elementStart, elementLength, blockLength, runFirstBlock },
    blockRun,
    blockRunOffset,
  };
}

const nothingCached = () => false;
const range = (from: number, to: number, step = 1) =>
  Uint32Array.from({ length: Math.ceil((to - from) / step) }, (_, i) => from + i * step);

describe('planReads', () => {
  it('reads the blocks of a few scattered elements', () => {
    const plan = planReads(
      placement(1000, 10, 1000, 100),
      Uint32Array.of(505, 2505, 9505),
      nothingCached,
      50,
    );
    expect(plan.steps).toEqual([
      { kind: 'block', n: 50 },
      { kind: 'block', n: 250 },
      { kind: 'block', n: 950 },
    ]);
    expect(Array.from(plan.stepStart)).toEqual([0, 1, 2, 3]);
  });

  it('reads a run again for each ascending stretch of an answer in another order', () => {
    // relevance order: 5 and 90 in run 0, then 7, back in run 0; every step covers an ascending,
    // contiguous part of the answer
    const index = placement(1000, 10, 1000, 100);
    const plan = planReads(index, Uint32Array.of(5, 90, 7, 2000, 6), nothingCached, 50);
    expect(plan.steps).toEqual([
      { kind: 'run', n: 0 },
      { kind: 'run', n: 0 },
      { kind: 'run', n: 2 },
      { kind: 'run', n: 0 },
    ]);
    expect(Array.from(plan.stepStart)).toEqual([0, 2, 3, 4, 5]);
  });

  it('reads the start of a run rather than a block when the element is there', () => {
    const plan = planReads(placement(1000, 10, 1000, 100), Uint32Array.of(3), nothingCached, 50);
    expect(plan.steps).toEqual([{ kind: 'run', n: 0 }]);
    expect(plan.bytesRead).toBe(4 * 1001 - 1);
  });

  it('reads a whole run when that costs less than its blocks', () => {
    // every block of run 0 holds a match: one run read beats 100 block reads
    const plan = planReads(placement(1000, 10, 1000, 100), range(0, 1000, 10), nothingCached, 1000);
    expect(plan.steps).toEqual([{ kind: 'run', n: 0 }]);
  });

  it('stays within the read budget by reading runs whole', () => {
    const index = placement(5000, 2, 100, 50); // tiny blocks: reading blocks looks cheap
    const everyBlock = range(0, 10000, 2);
    const plan = planReads(index, everyBlock, nothingCached, 120);
    expect(plan.steps.length).toBeLessThanOrEqual(120);
    expect(plan.steps.every((step) => step.kind === 'run')).toBe(true);
  });

  it('gives cached elements a step too, and counts no bytes for them', () => {
    const plan = planReads(
      placement(100, 10, 1000, 50),
      Uint32Array.of(401, 402, 403, 901),
      (e) => e === 402 || e === 901,
      50,
    );
    expect(plan.steps).toEqual([
      { kind: 'block', n: 40 },
      { kind: 'block', n: 90 },
    ]);
    expect(Array.from(plan.stepStart)).toEqual([0, 3, 4]);
    expect(plan.missingBytes).toBe(2000);
    expect(plan.bytesRead).toBe(10 * 1001 - 1);
  });

  it('chooses blocks or a run by what the cache lacks', () => {
    const index = placement(1000, 10, 1000, 100);
    const wholeRun = range(0, 1000);
    // nothing cached: the run's prefix beats 100 block reads
    expect(planReads(index, wholeRun, nothingCached, 1000).steps).toEqual([{ kind: 'run', n: 0 }]);
    // all but one element of block 3 cached: that block alone
    const plan = planReads(index, wholeRun, (e) => e !== 35, 1000);
    expect(plan.steps.length).toBe(100);
    expect(plan.steps[3]).toEqual({ kind: 'block', n: 3 });
    expect(plan.stepStart[3]).toBe(30);
    expect(plan.bytesRead).toBe(10 * 1001 - 1);
  });

  it('keeps within the budget even if the cache drops everything it holds', () => {
    const index = placement(1000, 10, 1000, 100);
    const plan = planReads(index, range(0, 1000), (e) => e !== 35, 50);
    expect(plan.steps).toEqual([{ kind: 'run', n: 0 }]);
  });

  it('counts a run read up to its last needed byte', () => {
    const index = placement(100, 10, 1000, 100);
    const plan = planReads(index, range(0, 800), nothingCached, 1000);
    expect(plan.steps).toEqual([{ kind: 'run', n: 0 }]);
    expect(plan.bytesRead).toBe(799 * 1001 + 1000);
    expect(READ_COST_BYTES).toBeGreaterThan(0);
  });

  it('gives no plan when even every run read whole takes more than the budget', () => {
    // 10 runs, every one needed: 10 reads at the least
    const index = placement(1000, 10, 1000, 100);
    expect(plannedOrNot(index, range(0, 10000, 1000), nothingCached, 9)).toBeUndefined();
    expect(plannedOrNot(index, range(0, 10000, 1000), nothingCached, 10)?.steps).toHaveLength(10);
  });

  it("plans no bytes for the overlay's elements: their places in the files are never read", () => {
    const index = placement(100, 10, 1000, 100);
    // the last element of the answer is overlaid: the run is read up to the one before it
    const overlaid = (e: number) => e === 799;
    const plan = planReads(index, range(0, 800), overlaid, 1000, overlaid);
    expect(plan.steps).toEqual([{ kind: 'run', n: 0 }]);
    expect(plan.coldBytesRead).toBe(798 * 1001 + 1000);
    // without the overlay, the same stretch of the run is read to its end
    expect(planReads(index, range(0, 800), nothingCached, 1000).coldBytesRead).toBe(
      799 * 1001 + 1000,
    );
  });
});
