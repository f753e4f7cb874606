// An answer ready to stream: its exact length, the reads it will make, and its bytes. Shared by
// the route and the benchmarks, so both measure the same work.
import { answerChunks, answerLength, type AnswerSource, type ElementFormat } from './answer-stream.ts';
import type { ReadBudget } from './read-budget.ts';
import { planReads, type ReadPlan } from './read-plan.ts';
import type { LoadedIndex, SnapshotStore } from './snapshot-store.ts';

export interface PreparedAnswer {
  length: number;
  plan: ReadPlan;
  chunks: () => AsyncGenerator<Uint8Array>;
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
  const plan = planReads(index, elements, (e) => index.elements.get(e), budget.remaining);
  const { elementBlock, elementStart, elementLength } = index.sections;
  const source: AnswerSource = {
    elements,
    plan,
    placement: (e) => {
      const block = elementBlock[e]!;
      return { block, start: elementStart[e]!, runStart: index.blockRunOffset[block]! + elementStart[e]!, length: elementLength[e]! };
    },
    readBlock: (block) => store.block(index.buildId, block, budget),
    openRun: (run) => store.run(index.buildId, run, budget),
    keep: index.elements.worthKeeping(plan.missingBytes) ? (e, bytes) => index.elements.keep(e, bytes) : undefined,
  };
  return { length: answerLength(elements, format, bare), plan, chunks: () => answerChunks(source, format, bare) };
}
