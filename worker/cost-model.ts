// The cost model: every CPU constant, with what it was measured on, and every admission decision
// ("does this answer fit the deployment profile?"), one function per kind of answer. An answer's
// CPU is estimated before its first byte from what it will read, copy and render, so that a
// profile with a CPU limit (Workers Free) refuses what it cannot finish instead of cutting a 200
// short. The weights are the upper edge of what `npm run bench:answer-cpu` measures in process
// (process.cpuUsage around the Worker's own code, the answer streamed), at 100,000 elements on
// catalogues of several shapes: bench/HISTORY.md ("What each profile answers") has the figures and
// the estimate's ratio to them.

const MIB = 1024 * 1024;

/** What of a deployment profile (deployment-profile.ts) admission reads: its CPU allowance. */
interface CpuAllowance {
  /** CPU an answer may be estimated to take; undefined: no per-request limit. */
  answerCpuMs: number | undefined;
}

// ——— The plan's CPU ———

/** Workers Free: 10 ms of CPU per request. */
export const FREE_CPU_MS = 10;
/**
 * The part of the free plan's 10 ms an answer's reads and copying may be estimated to take: the
 * rest is the search's (13 µs to 1.4 ms warm for the benchmark's title and filter queries,
 * bench/RESULTS.md) and the runtime's. A word search estimated to take more than that rest takes
 * the excess from the answer's part (answerCpuAllowed).
 */
export const FREE_ANSWER_CPU_MS = 8;
/**
 * At most this much of the answer's part goes to a costly search: what is left still holds every
 * page (a page of 100 is estimated at about 1 ms, bench/HISTORY.md).
 */
const MAX_SEARCH_SHARE_MS = FREE_ANSWER_CPU_MS / 2;

// ——— Reading and writing an answer ———

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

/** Per stored part (answer/stored-parts.ts): its place looked up and its range read. */
const PART_CPU_MS = 0.002;

// ——— Rendering what was read ———

/** Per element: parsing its JSON and rendering it (a page, a CKAN package), as measured. */
export const RENDER_CPU_MS_PER_ELEMENT = 0.03;
/**
 * Per package rendered here, beside reading and parsing its element (RENDER_CPU_MS_PER_ELEMENT):
 * renderPackage and JSON.stringify, 7.5 ms for 100 packages of ~3.5 KB in Node 20 on the
 * 2-core test machine (bench/HISTORY.md, "Part three at 100,000 elements").
 */
export const PACKAGE_RENDER_CPU_MS = 0.075;
/** Rendering a page, per byte of the element (its tables' cells): measured, bench/HISTORY.md. */
export const PAGE_CPU_MS_PER_KIB = 0.25;
/**
 * CPU of a DCAT document beside reading its elements' bytes (estimateAnswerCpuMs): parsing each
 * element without its tables, writing it as JSON-LD or Turtle (JSON-LD, the dearer) and encoding
 * it, per dataset and per distribution (a year's CSV). The median of bench/open-data-cpu.ts in
 * process at 100,000 elements (bench/HISTORY.md, "What is still over the free plan's CPU").
 */
export const DCAT_CPU_MS = { dataset: 0.075, distribution: 0.018 } as const;
/**
 * CPU of writing a page's head and tail (a few dozen triples) and encoding them, beside its
 * parts' reads and copies (stored-parts.ts); measured with bench/open-data-cpu.ts.
 */
export const PAGE_FRAME_CPU_MS = 0.3;
/** Reads of the id index (ids.bin and ids.txt), when the isolate has not loaded it. */
const ID_INDEX_READS = 2;

// ——— Estimates ———

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

/** An element answer: its reads, the bytes it reads, holds and writes, its elements. */
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

/** Stored parts: the files read, the bytes up to the last part in each, the parts' own bytes. */
export function estimatePartsCpuMs(work: {
  files: number;
  bytesRead: number;
  bytes: number;
  parts: number;
}): number {
  const w = CPU_WEIGHTS;
  return (
    w.base +
    w.read * work.files +
    w.mibRead * (work.bytesRead / MIB) +
    w.mibGathered * (work.bytes / MIB) +
    w.mibAnswered * (work.bytes / MIB) +
    PART_CPU_MS * work.parts
  );
}

// ——— What rendering adds to an element answer (admitted by admitAnswer with it) ———

/** Element views (answer/element-views.ts): each element parsed, and what renders them. */
export const elementViewsCpuMs = (elements: number, renderCpuMs: number) =>
  RENDER_CPU_MS_PER_ELEMENT * elements + renderCpuMs;

/** An element's page (routes/dataset.ts), by its element's bytes. */
export const pageRenderCpuMs = (elementBytes: number) =>
  PAGE_CPU_MS_PER_KIB * (elementBytes / 1024);

/** The formats of an element's observations (routes/observations.ts, docs/api.md §15). */
export type ObservationsRendering = 'json' | 'csv' | 'jsonstat' | 'xlsx';
/**
 * Deriving an element's observations and writing them in each format, per KiB of the element
 * (its tables' cells), beside reading and parsing it. Provisional: not yet measured per format
 * at 100,000 elements. The workbook's renderer alone measured about 3 µs an observation in Node
 * on the 2-core test machine (core/tables/xlsx/package.ts), which these weights may understate
 * for elements of many small cells.
 */
export const OBSERVATIONS_CPU_MS_PER_KIB: Record<ObservationsRendering, number> = {
  json: 0.05,
  csv: 0.05,
  jsonstat: 0.05,
  xlsx: 0.1,
};

/** An element's observations in one format, by its element's bytes. */
export const observationsRenderCpuMs = (rendering: ObservationsRendering, elementBytes: number) =>
  OBSERVATIONS_CPU_MS_PER_KIB[rendering] * (elementBytes / 1024);

/**
 * A DataStore search over one of an element's tables (routes/ckan/datastore-actions.ts): the
 * table made records, filtered, sorted and written, per KiB of the element, beside reading and
 * parsing it. Provisional, as OBSERVATIONS_CPU_MS_PER_KIB: not yet measured at scale.
 */
export const DATASTORE_CPU_MS_PER_KIB = 0.1;
export const datastoreCpuMs = (elementBytes: number) =>
  DATASTORE_CPU_MS_PER_KIB * (elementBytes / 1024);

/** CKAN packages rendered here rather than read as stored. */
export const packagesRenderCpuMs = (packages: number) => PACKAGE_RENDER_CPU_MS * packages;

// ——— Admission ———

/**
 * The CPU the profile leaves an element answer after a search estimated at `searchCpuMs`
 * (undefined: no per-request limit).
 */
export function answerCpuAllowed(profile: CpuAllowance, searchCpuMs: number): number | undefined {
  if (profile.answerCpuMs === undefined) return undefined;
  const excess = Math.max(0, searchCpuMs - (FREE_CPU_MS - profile.answerCpuMs));
  return profile.answerCpuMs - Math.min(excess, MAX_SEARCH_SHARE_MS);
}

/** Element answers (answer/prepare-answer.ts): a plan estimated at `cpuMs` fits what is allowed. */
export const elementAnswerFits = (cpuMs: number, cpuMsAllowed: number | undefined) =>
  cpuMsAllowed === undefined || cpuMs <= cpuMsAllowed;

/** CKAN packages as stored: their files within the reads left, their CPU within the profile's. */
export const storedPackagesFit = (
  profile: CpuAllowance,
  plan: { files: readonly unknown[]; cpuMs: number },
  readsLeft: number,
) =>
  plan.files.length <= readsLeft &&
  (profile.answerCpuMs === undefined || plan.cpuMs <= profile.answerCpuMs);

/**
 * A DCAT catalogue page of stored parts: their files and the id index within the reads left; the
 * parts and the page's frame within the profile's CPU.
 */
export const storedCatalogPageFits = (
  profile: CpuAllowance,
  plan: { files: readonly unknown[]; cpuMs: number },
  readsLeft: number,
) =>
  plan.files.length + ID_INDEX_READS <= readsLeft &&
  (profile.answerCpuMs === undefined || plan.cpuMs + PAGE_FRAME_CPU_MS <= profile.answerCpuMs);
