// Which snapshot files an answer may read, decided before the first byte is sent. Every element
// of the answer has a step (a small block or a large run) so that the plan holds whatever the
// cache drops meanwhile; the answer skips, as it reaches them, the steps whose elements are then
// cached. Per run (per ascending stretch of it, for an answer in relevance order), blocks or the
// run's prefix, whichever costs less for the elements the cache lacks now; then as many runs as
// needed read whole so that the reads stay within the budget.
import type { IndexSections } from '../../core/snapshot-layout.ts';

/**
 * What one read costs beyond its bytes, as bytes: in workerd an ASSETS read costs about as much
 * as reading 256 KiB more of a file (bench/RESULTS.md), and every read is a subrequest.
 */
export const READ_COST_BYTES = 256 * 1024;

export type ReadStep = { kind: 'block' | 'run'; n: number };

export interface ReadPlan {
  steps: ReadStep[];
  /**
   * Answer positions of each step: step s writes positions stepStart[s] to stepStart[s + 1] - 1.
   */
  stepStart: Uint32Array;
  /** Bytes the steps would read for the elements the cache lacked when planned. */
  bytesRead: number;
  /** Bytes the steps would read had the cache nothing (what a request may find once others ran). */
  coldBytesRead: number;
  /** Bytes of the answer's elements the cache lacked when planned. */
  missingBytes: number;
}

export interface PlacementIndex {
  sections: Pick<
    IndexSections,
    'elementBlock' | 'elementStart' | 'elementLength' | 'blockLength' | 'runFirstBlock'
  >;
  blockRun: Uint32Array;
  blockRunOffset: Uint32Array;
}

interface BlockNeed {
  block: number;
  /** First answer position in this block. */
  from: number;
  /** Whether the cache lacks one of its elements. */
  missing: boolean;
}

interface RunNeed {
  run: number;
  from: number;
  blocks: BlockNeed[];
  /**
   * Bytes of the run up to the end of the last element in the answer, and of the last missing one.
   */
  prefixBytes: number;
  missingPrefixBytes: number;
  whole: boolean;
}

/**
 * Plans the reads for `elements` (in catalogue order, or in ascending stretches: each stretch has
 * reads of its own): at most `maxReads` of them, whatever is cached. `isOverlaid`: elements the
 * snapshot's overlay holds (always cached; their place in the files is a neighbour's, not read).
 * Undefined when no plan fits: even with every run read whole, it would take more.
 */
export function planReads(
  index: PlacementIndex,
  elements: Uint32Array,
  isCached: (element: number) => boolean,
  maxReads: number,
  isOverlaid: (element: number) => boolean = () => false,
): ReadPlan | undefined {
  const { elementBlock, elementStart, elementLength } = index.sections;
  const needs: RunNeed[] = [];
  let missingBytes = 0;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const block = elementBlock[e]!;
    const run = index.blockRun[block]!;
    let need = needs[needs.length - 1];
    // a run is read forwards: an answer in another order (relevance, docs/api.md §11) reads it again
    // for each ascending stretch of its elements
    if (need?.run !== run || e < elements[i - 1]!) {
      need = { run, from: i, blocks: [], prefixBytes: 0, missingPrefixBytes: 0, whole: false };
      needs.push(need);
    }
    let blockNeed = need.blocks[need.blocks.length - 1];
    if (blockNeed?.block !== block) {
      blockNeed = { block, from: i, missing: false };
      need.blocks.push(blockNeed);
    }
    if (isOverlaid(e)) continue;
    need.prefixBytes = index.blockRunOffset[block]! + elementStart[e]! + elementLength[e]!;
    if (isCached(e)) continue;
    missingBytes += elementLength[e]!;
    blockNeed.missing = true;
    need.missingPrefixBytes = need.prefixBytes;
  }

  let reads = 0;
  for (const need of needs) {
    need.whole = runCosts(index, need, true) < runCosts(index, need, false);
    reads += need.whole ? 1 : need.blocks.length;
  }
  // Over budget (counting a read for every block, in case the cache drops what it holds): read
  // whole the runs that would take the most block reads.
  const byBlockReads = needs
    .filter((need) => !need.whole)
    .sort((a, b) => b.blocks.length - a.blocks.length);
  for (const need of byBlockReads) {
    if (reads <= maxReads) break;
    need.whole = true;
    reads -= need.blocks.length - 1;
  }
  if (reads > maxReads) return undefined;

  const steps: ReadStep[] = [];
  const stepStart: number[] = [];
  let bytesRead = 0;
  let coldBytesRead = 0;
  for (const need of needs) {
    if (need.whole) {
      steps.push({ kind: 'run', n: need.run });
      stepStart.push(need.from);
      bytesRead += need.missingPrefixBytes;
      coldBytesRead += need.prefixBytes;
      continue;
    }
    for (const { block, from, missing } of need.blocks) {
      steps.push({ kind: 'block', n: block });
      stepStart.push(from);
      if (missing) bytesRead += index.sections.blockLength[block]!;
      coldBytesRead += index.sections.blockLength[block]!;
    }
  }
  stepStart.push(elements.length);
  return {
    steps,
    stepStart: Uint32Array.from(stepStart),
    bytesRead,
    coldBytesRead,
    missingBytes,
  };
}

/**
 * What a run's elements cost read whole (its prefix) or by blocks: for the elements the cache
 * lacks, or, when it holds them all, for all of them (what it would cost once they are dropped).
 */
function runCosts(index: PlacementIndex, need: RunNeed, whole: boolean): number {
  const anyMissing = need.missingPrefixBytes > 0;
  if (whole) return READ_COST_BYTES + (anyMissing ? need.missingPrefixBytes : need.prefixBytes);
  let cost = 0;
  for (const { block, missing } of need.blocks) {
    if (missing || !anyMissing) cost += READ_COST_BYTES + index.sections.blockLength[block]!;
  }
  return cost;
}
