// An answer ready to stream: its exact length, the reads it will make, and its bytes. Shared by
// the route and the benchmarks, so both measure the same work. An answer is planned first and
// admitted by the deployment profile (its reads and estimated CPU), before its first byte.
import type { ElementKey } from '../../core/contract.ts';
import type { ReadContext } from '../snapshot/read-context.ts';
import { answerCpuAllowed, elementAnswerFits, estimateAnswerCpuMs } from '../cost-model.ts';
import {
  answerChunks,
  answerLength,
  type AnswerSource,
  type ElementFormat,
} from './streamed-answer.ts';
import type { AnswerOverBudget, DeploymentProfile } from '../deployment-profile.ts';
import { projectedElement, wholeElement } from './element-format.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import { GATHER_MAX_BYTES, reserveGathering } from '../memory.ts';
import { planGather, type GatherPlan } from '../snapshot/gather-plan.ts';
import { gatheredAnswerChunks, type GatherSource } from './gathered-answer.ts';
import { planReads, type ReadPlan } from '../snapshot/read-plan.ts';
import type { LoadedIndex, SnapshotStore } from '../snapshot/snapshot-store.ts';

/**
 * How an answer gets its elements: streamed in its order through blocks and runs, or gathered
 * first from groups and blocks (answers holding up to GATHER_MAX_BYTES). `reads` and `bytesRead`
 * count what the plan would read if the cache held nothing; `gatheredBytes`, what a gather holds.
 */
export type AnswerPlan = { reads: number; bytesRead: number; gatheredBytes: number } & (
  { kind: 'stream'; stream: ReadPlan } | { kind: 'gather'; gather: GatherPlan }
);

/** An answer to stream: nothing is read until `chunks()` is, and nothing is held before. */
export interface PreparedAnswer {
  length: number;
  plan: AnswerPlan;
  /**
   * `stop`: aborted when the reader goes away (the answer's reads close at once). Each chunk is
   * valid until the next is asked for: its buffer is then filled again (copy what you keep).
   */
  chunks: (stop?: AbortSignal) => AsyncGenerator<Uint8Array>;
}

export type AdmittedAnswer =
  | {
      ok: true;
      plan: AnswerPlan;
      cpuMs: number;
      /**
       * Lets go of what a gather plan reserved of the isolate's memory at admission: the answer
       * calls it once written; a request that ends without streaming it (HEAD, 304, the edge
       * cache) calls it itself. Idempotent.
       */
      release: () => void;
    }
  | { ok: false; overBudget: AnswerOverBudget };

/**
 * The answer's cheapest read plan within the reads the budget has left (less `reserveReads`,
 * kept for other calls such as the edge cache's), admitted when it also fits the profile's CPU
 * (less what a costly search, estimated at `searchCpuMs`, took of it). `renderCpuMs`: what the
 * caller will do with the elements once read (render them), counted in full with the answer's
 * own estimate: unlike a search's, that CPU is not spent yet when the answer is refused.
 */
export function admitAnswer(
  profile: DeploymentProfile,
  index: LoadedIndex,
  budget: ReadBudget,
  elements: Uint32Array,
  format: ElementFormat,
  { projected = false, reserveReads = 0, searchCpuMs = 0, renderCpuMs = 0, bare = false } = {},
): AdmittedAnswer {
  const readsAllowed = budget.remaining - reserveReads;
  const length = answerLength(elements, format, bare);
  // a gathered answer holds its elements whole, whatever the projection
  let heldBytes = 0;
  for (const e of elements) heldBytes += index.sections.elementLength[e]!;
  const plans: AnswerPlan[] = [];
  const cache = index.elements;
  const stream = planReads(
    index,
    elements,
    (e) => cache.has(e),
    readsAllowed,
    (e) => cache.overlaid(e),
  );
  if (stream)
    plans.push({
      kind: 'stream',
      stream,
      reads: stream.steps.length,
      bytesRead: stream.coldBytesRead,
      gatheredBytes: 0,
    });
  const gather =
    heldBytes <= GATHER_MAX_BYTES
      ? planGather(index.sections, notOverlaid(index, elements), readsAllowed)
      : undefined;
  if (gather)
    plans.push({
      kind: 'gather',
      gather,
      reads: gather.reads.length,
      bytesRead: gather.bytesRead,
      gatheredBytes: heldBytes,
    });
  const estimate = (plan: AnswerPlan) =>
    estimateAnswerCpuMs({ ...plan, length, elements: elements.length, projected }) + renderCpuMs;
  const cpuMsAllowed = answerCpuAllowed(profile, searchCpuMs);
  const ranked = plans
    .map((plan) => ({ plan, cpuMs: estimate(plan) }))
    .sort((a, b) => a.cpuMs - b.cpuMs);
  // the cheapest that fits; a gather only while the isolate has room for what it holds
  for (const candidate of ranked) {
    if (!elementAnswerFits(candidate.cpuMs, cpuMsAllowed)) break;
    if (candidate.plan.kind === 'stream') return { ok: true, ...candidate, release: () => {} };
    const release = reserveGathering(heldBytes);
    if (release) return { ok: true, ...candidate, release };
  }
  const cheapest = ranked[0];
  return {
    ok: false,
    overBudget: {
      reads: cheapest?.plan.reads,
      readsAllowed,
      cpuMs: cheapest?.cpuMs,
      cpuMsAllowed,
      length,
    },
  };
}

/** The elements whose bytes are read from the snapshot's files: those the overlay lacks. */
function notOverlaid(index: LoadedIndex, elements: Uint32Array): Uint32Array {
  return index.elements.overlaidAny
    ? elements.filter((e) => !index.elements.overlaid(e))
    : elements;
}

/**
 * `bare`: a single element on its own rather than an array. `admitted`: from admitAnswer; the
 * answer lets go of its reservation once written or stopped.
 */
export function prepareAnswer(
  index: LoadedIndex,
  store: SnapshotStore,
  budget: ReadBudget,
  elements: Uint32Array,
  format: ElementFormat,
  admitted: { plan: AnswerPlan; release: () => void },
  bare = false,
): PreparedAnswer {
  const { plan, release } = admitted;
  const cache = index.elements;
  const { elementBlock, elementStart, elementLength, elementGroupStart } = index.sections;
  const length = answerLength(elements, format, bare);
  const readBlock = (block: number) => store.block(index, block, budget);
  if (plan.kind === 'gather') {
    const source: GatherSource = {
      elements,
      length,
      plan: plan.gather,
      groupStart: (e) => elementGroupStart[e]!,
      blockStart: (e) => elementStart[e]!,
      elementLength: (e) => elementLength[e]!,
      readBlock,
      openGroup: (group) => store.group(index, group, budget),
      cache,
      keep: cache.worthKeeping(plan.gatheredBytes) ? (e, own) => cache.keepOwn(e, own) : undefined,
      release,
    };
    return { length, plan, chunks: (stop) => gatheredAnswerChunks(source, format, bare, stop) };
  }
  const source: AnswerSource = {
    elements,
    length,
    plan: plan.stream,
    placement: (e) => {
      const block = elementBlock[e]!;
      return {
        start: elementStart[e]!,
        runStart: index.blockRunOffset[block]! + elementStart[e]!,
        length: elementLength[e]!,
      };
    },
    readBlock,
    openRun: (run) => store.run(index, run, budget),
    cache,
    keep: cache.worthKeeping(plan.stream.missingBytes)
      ? (e, bytes) => cache.keep(e, bytes)
      : undefined,
  };
  return { length, plan, chunks: (stop) => answerChunks(source, format, bare, stop) };
}

/** How the answer writes each element: whole, or projected to `fields` (which needs keys.bin). */
export async function answerFormat(
  index: LoadedIndex,
  store: SnapshotStore,
  read: ReadContext,
  fields: readonly ElementKey[] | undefined,
): Promise<ElementFormat> {
  const { elementLength } = index.sections;
  return fields
    ? projectedElement(elementLength, await store.keyStarts(index, read), fields)
    : wholeElement(elementLength);
}
