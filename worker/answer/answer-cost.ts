// What an answer will cost the isolate's CPU, estimated before its first byte from what it will
// read and copy, so that a profile with a CPU limit (Workers Free) refuses what it cannot finish
// instead of cutting a 200 short. The weights are the upper edge of what
// `npm run bench:answer-cpu` measures in process (process.cpuUsage around the Worker's own code,
// the answer streamed), at 100,000 elements on catalogues of several shapes: docs/scale.md
// ("What each profile answers") has the figures and the estimate's ratio to them.
const MIB = 1024 * 1024;

/** Milliseconds of CPU per unit of work. */
export const CPU_WEIGHTS = {
  /** Setting up the answer and its body. */
  base: 0.5,
  /** Each snapshot read: a Response, its promise, a read buffer. */
  read: 0.02,
  /** Each MiB read from the snapshot, used or passed over. */
  mibRead: 0.03,
  /** Each MiB a gather holds: copied out of its read, kept in a map until written. */
  mibGathered: 1.0,
  /** Each MiB written into the answer: copied into a chunk, then into the body. */
  mibAnswered: 0.1,
  /** Each element written whole, and each projected to `fields` (several ranges, key offsets). */
  element: 0.0015,
  projectedElement: 0.004,
} as const;

export interface AnswerWork {
  /** Reads planned, and the bytes they take (had the cache nothing). */
  reads: number;
  bytesRead: number;
  /** Bytes a gather holds (0 for a streamed answer). */
  gatheredBytes: number;
  /** The answer's byte length. */
  length: number;
  elements: number;
  projected: boolean;
}

export function estimateAnswerCpuMs({
  reads,
  bytesRead,
  gatheredBytes,
  length,
  elements,
  projected,
}: AnswerWork): number {
  const w = CPU_WEIGHTS;
  return (
    w.base +
    w.read * reads +
    w.mibRead * (bytesRead / MIB) +
    w.mibGathered * (gatheredBytes / MIB) +
    w.mibAnswered * (length / MIB) +
    (projected ? w.projectedElement : w.element) * elements
  );
}
