// What each request shape costs in each deployment profile, in process (Node's V8) over built
// snapshots: the reads the Worker plans, the bytes it reads per byte answered, the CPU it
// estimates (worker/cost-model.ts) and the CPU measured with process.cpuUsage around its own
// code, the answer streamed, on a cold element cache (median of the runs after two unmeasured).
// Each profile's shapes run in rounds of their own: a `free` answer does not pay for the garbage
// of the 200 MiB answers only `paid` gives. (A full collection forced before each answer was
// tried: its background sweeping then counts in the next answer's process CPU, doubling some.)
import { folderAssets } from '../../test/support/node/folder-assets.ts';
import { admitAnswer, answerFormat, prepareAnswer } from '../../worker/answer/prepare-answer.ts';
import { deploymentProfile, type DeploymentProfile } from '../../worker/deployment-profile.ts';
import { budgetFor } from '../../worker/snapshot/read-budget.ts';
import { checkQuery, findMatches } from '../../worker/search/find-matches.ts';
import { searched } from '../../test/support/searched.ts';
import { SnapshotStore, type LoadedIndex } from '../../worker/snapshot/snapshot-store.ts';

/** Request shapes: broad, mid-size scattered, selective, pages, projections. */
export const ANSWER_SHAPES: { name: string; query: string }[] = [
  { name: 'whole catalogue', query: '' },
  { name: 'broad title', query: 'title=penduduk' },
  { name: 'one data source', query: 'dataSource=dinkes' },
  { name: 'title + two filters', query: 'title=jumlah&dataSource=dinkes&sector=kesehatan' },
  { name: 'two filters', query: 'dataSource=dinkes&category=spm' },
  { name: 'mid-size title', query: 'title=kecamatan%20kota' },
  { name: 'scattered title', query: 'title=sekolah%20dasar' },
  { name: 'scattered title 2', query: 'title=posyandu' },
  { name: 'year + filter', query: 'year=2019&dataSource=dishub' },
  // a place name: its elements spread over every data source
  { name: 'place name', query: 'title=cikarang' },
  { name: 'place name, wider', query: 'title=utara' },
  { name: 'page of 100', query: 'title=jumlah&limit=100&offset=1000' },
  { name: 'scattered page of 100', query: 'title=posyandu&limit=100' },
  { name: 'page of 40', query: 'title=sekolah%20dasar&limit=40' },
  { name: 'page of 1000', query: 'title=penduduk&limit=1000' },
  { name: 'projected page of 1000', query: 'title=jumlah&limit=1000&fields=_id,title' },
  {
    name: 'projected listing',
    query: 'title=penduduk&fields=_id,title,unit,category,dataSource,sector,field',
  },
  // word search: answers in relevance order (docs/api.md §11)
  { name: 'q, first page of 20', query: 'q=penduduk&limit=20' },
  { name: 'q, page of 100', query: 'q=kec&limit=100' },
  { name: 'q, deep page of 100', query: 'q=jumlah&limit=100&offset=5000' },
  { name: 'q two words', query: 'q=rumah%20tangga' },
  { name: 'q prefix', query: 'q=tenaga%20kes' },
  { name: 'q + filter', query: 'q=jalan&dataSource=dpupr' },
  { name: 'q broad', query: 'q=penduduk' },
];

export interface ShapeFigures {
  dist: string;
  plan: 'free' | 'paid';
  name: string;
  query: string;
  elements: number;
  bytes: number;
  admitted: boolean;
  reads?: number;
  kind?: 'stream' | 'gather';
  bytesRead?: number;
  estimatedMs?: number;
  measuredMs?: number;
  /** Wall time of the same, in process over files in memory: no network, no runtime. */
  wallMs?: number;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;

/** One request's answer, cold: admitted (or not), then streamed with its CPU measured. */
async function answerOnce(
  index: LoadedIndex,
  store: SnapshotStore,
  profile: DeploymentProfile,
  query: string,
) {
  const checked = searched(checkQuery(new URL(`https://x/?${query}`).searchParams));
  const wordIndex = checked.words && (await store.wordIndex(index, { budget: budgetFor(profile) }));
  const { page, searchCpuMs } = searched(findMatches(index, checked, wordIndex));
  // a cold isolate's reads as the request makes them: index files, words.bin and keys.bin first
  const budget = budgetFor(profile);
  budget.reads = 4 + (wordIndex ? 1 : 0);
  const cold: LoadedIndex = { ...index, elements: index.elements.emptied() };
  const format = await answerFormat(cold, store, { budget }, checked.fields);
  if (checked.fields) budget.reads++;
  const started = process.cpuUsage();
  const startedAt = performance.now();
  const admitted = admitAnswer(profile, cold, budget, page, format, {
    projected: checked.fields !== undefined,
    reserveReads: 3,
    searchCpuMs,
  });
  if (!admitted.ok) {
    const { length, reads, cpuMs } = admitted.overBudget;
    return { elements: page.length, bytes: length, admitted: false, reads, estimatedMs: cpuMs };
  }
  const answer = prepareAnswer(cold, store, budget, page, format, admitted);
  let bytes = 0;
  for await (const chunk of answer.chunks()) bytes += chunk.length;
  const used = process.cpuUsage(started);
  const wallMs = performance.now() - startedAt;
  if (bytes !== answer.length)
    throw new Error(`${query}: ${bytes} bytes, planned ${answer.length}`);
  return {
    elements: page.length,
    bytes,
    admitted: true,
    reads: admitted.plan.reads,
    kind: admitted.plan.kind,
    bytesRead: admitted.plan.bytesRead,
    estimatedMs: admitted.cpuMs,
    measuredMs: (used.user + used.system) / 1000,
    wallMs,
  };
}

/**
 * Every shape in both profiles, in rounds: the first two unmeasured (the code compiled, as in an
 * isolate that has served a few requests), then the median of `runs` rounds.
 */
export async function measureAnswerCpu(
  dists: string[],
  runs = 5,
  shapes = ANSWER_SHAPES,
): Promise<ShapeFigures[]> {
  const rows: ShapeFigures[] = [];
  for (const dist of dists) {
    const store = new SnapshotStore(folderAssets(dist, { inMemory: true }));
    const index = await store.index({ budget: budgetFor(deploymentProfile({ PLAN: 'paid' })) });
    const cases = (['free', 'paid'] as const).flatMap((plan) =>
      shapes.map((shape) => ({
        plan,
        profile: deploymentProfile({ PLAN: plan }),
        ...shape,
      })),
    );
    const measured = cases.map(() => [] as number[]);
    const wall = cases.map(() => [] as number[]);
    const last: Awaited<ReturnType<typeof answerOnce>>[] = [];
    for (const plan of ['free', 'paid'] as const) {
      for (let round = 0; round < runs + 2; round++) {
        for (const [i, { profile, query }] of cases.entries()) {
          if (cases[i]!.plan !== plan) continue;
          last[i] = await answerOnce(index, store, profile, query);
          if (round >= 2 && last[i]!.measuredMs !== undefined) {
            measured[i]!.push(last[i]!.measuredMs!);
            wall[i]!.push(last[i]!.wallMs!);
          }
        }
      }
    }
    cases.forEach(({ plan, name, query }, i) =>
      rows.push({
        dist,
        plan,
        name,
        query,
        ...last[i]!,
        measuredMs: measured[i]!.length ? median(measured[i]!) : undefined,
        wallMs: wall[i]!.length ? median(wall[i]!) : undefined,
      }),
    );
  }
  return rows;
}
