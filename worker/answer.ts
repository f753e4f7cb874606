// An answer ready to stream: its exact length, the reads it will make, and its bytes. Shared by
// the route and the benchmarks, so both measure the same work.
import type { ElementKey } from '../core/contract.ts';
import {
  answerChunks,
  answerLength,
  type AnswerSource,
  type ElementFormat,
} from './answer-stream.ts';
import { projectedElement, wholeElement } from './element-format.ts';
import type { ReadBudget } from './read-budget.ts';
import { planReads, type ReadPlan } from './read-plan.ts';
import type { LoadedIndex, SnapshotStore } from './snapshot-store.ts';

/** An answer to stream: nothing is read until `chunks()` is, and nothing is held before. */
export interface PreparedAnswer {
  length: number;
  plan: ReadPlan;
  /**
   * `stop`: aborted when the reader goes away (the answer's reads close at once). Each chunk is
   * valid until the next is asked for: its buffer is then filled again (copy what you keep).
   */
  chunks: (stop?: AbortSignal) => AsyncGenerator<Uint8Array>;
}

/** `bare`: a single element on its own rather than an array. */
export function prepareAnswer(
  index: LoadedIndex,
  store: SnapshotStore,
  budget: ReadBudget,
  elements: Uint32Array,
  format: ElementFormat,
  bare = false,
): PreparedAnswer {
  const cache = index.elements;
  const plan = planReads(index, elements, (e) => cache.has(e), budget.remaining);
  const { elementBlock, elementStart, elementLength } = index.sections;
  const length = answerLength(elements, format, bare);
  const source: AnswerSource = {
    elements,
    length,
    plan,
    placement: (e) => {
      const block = elementBlock[e]!;
      return {
        start: elementStart[e]!,
        runStart: index.blockRunOffset[block]! + elementStart[e]!,
        length: elementLength[e]!,
      };
    },
    readBlock: (block) => store.block(index.buildId, block, budget),
    openRun: (run) => store.run(index.buildId, run, budget),
    cache,
    keep: cache.worthKeeping(plan.missingBytes) ? (e, bytes) => cache.keep(e, bytes) : undefined,
  };
  return {
    length,
    plan,
    chunks: (stop) => answerChunks(source, format, bare, stop),
  };
}

/** How the answer writes each element: whole, or projected to `fields` (which needs keys.bin). */
export async function answerFormat(
  index: LoadedIndex,
  store: SnapshotStore,
  budget: ReadBudget,
  fields: readonly ElementKey[] | undefined,
  keepAlive?: (promise: Promise<unknown>) => void,
): Promise<ElementFormat> {
  const { elementLength } = index.sections;
  return fields
    ? projectedElement(elementLength, await store.keyStarts(index, budget, keepAlive), fields)
    : wholeElement(elementLength);
}
