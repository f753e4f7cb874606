// The reads of an answer gathered before it is written: its elements come from groups (the
// element bytes in data-source order, core/snapshot-layout.ts) or from blocks, in whatever
// order, and are then written in the answer's order. For a mid-size answer whose elements lie
// scattered in catalogue order but together in data-source order (a data source's elements, the
// words of its titles), a few group reads replace most of the runs. Held in memory until
// written, so only answers up to GATHER_MAX_BYTES are gathered (memory.ts: gatherFits).
import type { IndexSections } from '../../core/snapshot-layout.ts';
import { READ_COST_BYTES } from './read-plan.ts';

export interface GatherRead {
  kind: 'group' | 'block';
  n: number;
  /** The answer's elements this read gives, by their byte offset in the file. */
  elements: Uint32Array;
}

export interface GatherPlan {
  reads: GatherRead[];
  /** Bytes the reads take: group prefixes up to their last element needed, whole blocks. */
  bytesRead: number;
}

export type GatherIndex = Pick<
  IndexSections,
  'elementGroup' | 'elementGroupStart' | 'elementLength' | 'elementBlock' | 'blockLength'
>;

interface GroupNeed {
  group: number;
  elements: number[];
  prefixBytes: number;
  blocks: Set<number>;
  whole: boolean;
}

/**
 * Plans the reads for `elements` in at most `maxReads`, whatever the cache holds: per group, the
 * group's prefix or the blocks of its elements, whichever costs less; then, over budget, the
 * groups that would take the most block reads read whole. Undefined when even that takes more.
 */
export function planGather(
  index: GatherIndex,
  elements: Uint32Array,
  maxReads: number,
): GatherPlan | undefined {
  const { elementGroup, elementGroupStart, elementLength, elementBlock, blockLength } = index;
  const byGroup = new Map<number, GroupNeed>();
  for (const e of elements) {
    const group = elementGroup[e]!;
    let need = byGroup.get(group);
    if (!need)
      byGroup.set(
        group,
        (need = { group, elements: [], prefixBytes: 0, blocks: new Set(), whole: false }),
      );
    need.elements.push(e);
    need.prefixBytes = Math.max(need.prefixBytes, elementGroupStart[e]! + elementLength[e]!);
    need.blocks.add(elementBlock[e]!);
  }
  const needs = [...byGroup.values()];
  const blockCost = (need: GroupNeed) => {
    let cost = 0;
    for (const block of need.blocks) cost += READ_COST_BYTES + blockLength[block]!;
    return cost;
  };
  let reads = 0;
  for (const need of needs) {
    need.whole = READ_COST_BYTES + need.prefixBytes < blockCost(need);
    reads += need.whole ? 1 : need.blocks.size;
  }
  const byBlockReads = needs
    .filter((need) => !need.whole)
    .sort((a, b) => b.blocks.size - a.blocks.size);
  for (const need of byBlockReads) {
    if (reads <= maxReads) break;
    need.whole = true;
    reads -= need.blocks.size - 1;
  }
  if (reads > maxReads) return undefined;

  const planned: GatherRead[] = [];
  const blockElements = new Map<number, number[]>();
  let bytesRead = 0;
  for (const need of needs) {
    if (need.whole) {
      const byOffset = Uint32Array.from(need.elements).sort(
        (a, b) => elementGroupStart[a]! - elementGroupStart[b]!,
      );
      planned.push({ kind: 'group', n: need.group, elements: byOffset });
      bytesRead += need.prefixBytes;
      continue;
    }
    // a block holding elements of several groups is read once
    for (const e of need.elements) {
      const block = elementBlock[e]!;
      const list = blockElements.get(block);
      if (list) list.push(e);
      else blockElements.set(block, [e]);
    }
  }
  for (const [block, list] of blockElements) {
    planned.push({ kind: 'block', n: block, elements: Uint32Array.from(list).sort() });
    bytesRead += blockLength[block]!;
  }
  return { reads: planned, bytesRead };
}
