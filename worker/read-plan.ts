// Which snapshot files an answer reads, decided before the first byte is sent. Elements not in
// the isolate's cache come from small blocks or from large runs: per run, whichever costs less,
// then as many runs as needed read whole so that the reads stay within the request's budget.
import type { IndexSections } from '../core/snapshot-layout.ts';

/**
 * What one read costs beyond its bytes, as bytes: in workerd an ASSETS read costs about as much
 * as reading 256 KiB more of a file (bench/RESULTS.md), and every read is a subrequest.
 */
export const READ_COST_BYTES = 256 * 1024;

export type ReadStep = { kind: 'block' | 'run'; n: number };

export interface ReadPlan {
  steps: ReadStep[];
  /** For each answer position: the step its bytes come from, or -1 when the cache holds them. */
  stepOf: Int32Array;
  /** For each answer position: the cached bytes, taken now (the cache may drop them meanwhile). */
  cached: (Uint8Array | undefined)[];
  /** Bytes the steps read (runs up to their last needed byte). */
  bytesRead: number;
  /** Bytes of the answer's elements that the cache does not hold. */
  missingBytes: number;
  /** Bytes of `cached`, held until the answer is written. */
  heldBytes: number;
}

export interface PlacementIndex {
  sections: Pick<
    IndexSections,
    'elementBlock' | 'elementStart' | 'elementLength' | 'blockLength' | 'runFirstBlock'
  >;
  blockRun: Uint32Array;
  blockRunOffset: Uint32Array;
}

interface RunNeed {
  run: number;
  blocks: number[];
  blockBytes: number;
  /** Bytes of the run up to the end of the last element needed from it. */
  prefixBytes: number;
  whole: boolean;
}

/** Plans the reads for `elements` (ascending): at most `maxReads` of them. */
export function planReads(
  index: PlacementIndex,
  elements: Uint32Array,
  cachedBytes: (element: number) => Uint8Array | undefined,
  maxReads: number,
): ReadPlan {
  const { elementBlock, elementStart, elementLength, blockLength } = index.sections;
  const needs: RunNeed[] = [];
  const cached = Array.from(elements, cachedBytes);
  const heldBytes = cached.reduce((sum, bytes) => sum + (bytes?.length ?? 0), 0);
  let missingBytes = 0;
  for (let i = 0; i < elements.length; i++) {
    if (cached[i]) continue;
    const e = elements[i]!;
    missingBytes += elementLength[e]!;
    const block = elementBlock[e]!;
    const run = index.blockRun[block]!;
    let need = needs[needs.length - 1];
    if (need?.run !== run)
      needs.push((need = { run, blocks: [], blockBytes: 0, prefixBytes: 0, whole: false }));
    if (need.blocks[need.blocks.length - 1] !== block) {
      need.blocks.push(block);
      need.blockBytes += blockLength[block]!;
    }
    need.prefixBytes = index.blockRunOffset[block]! + elementStart[e]! + elementLength[e]!;
  }

  let reads = 0;
  for (const need of needs) {
    need.whole =
      READ_COST_BYTES + need.prefixBytes < need.blocks.length * READ_COST_BYTES + need.blockBytes;
    reads += need.whole ? 1 : need.blocks.length;
  }
  // Over budget: read whole the runs that would take the most block reads.
  const byBlockReads = needs
    .filter((need) => !need.whole)
    .sort((a, b) => b.blocks.length - a.blocks.length);
  for (const need of byBlockReads) {
    if (reads <= maxReads) break;
    need.whole = true;
    reads -= need.blocks.length - 1;
  }
  if (reads > maxReads)
    throw new Error(`an answer over ${needs.length} runs needs more than ${maxReads} reads`);

  const steps: ReadStep[] = [];
  const stepOfBlock = new Map<number, number>();
  const stepOfRun = new Map<number, number>();
  let bytesRead = 0;
  for (const need of needs) {
    if (need.whole) {
      stepOfRun.set(need.run, steps.length);
      steps.push({ kind: 'run', n: need.run });
      bytesRead += need.prefixBytes;
    } else {
      for (const block of need.blocks) {
        stepOfBlock.set(block, steps.length);
        steps.push({ kind: 'block', n: block });
      }
      bytesRead += need.blockBytes;
    }
  }
  const stepOf = new Int32Array(elements.length).fill(-1);
  elements.forEach((e, i) => {
    if (cached[i]) return;
    const block = elementBlock[e]!;
    stepOf[i] = stepOfBlock.get(block) ?? stepOfRun.get(index.blockRun[block]!)!;
  });
  return { steps, stepOf, cached, bytesRead, missingBytes, heldBytes };
}
