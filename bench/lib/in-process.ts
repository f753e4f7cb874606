// The Worker's own search pipeline in process (Node's V8), over a built snapshot on disk: a
// fresh isolate's index load and first search, heap after load, and per query the search time
// (no answer cache), then the answer streamed cold (no element cache) with its reads counted.
import { folderAssets } from '../../test/support/node/folder-assets.ts';
import { admitAnswer, answerFormat, prepareAnswer } from '../../worker/answer/prepare-answer.ts';
import { deploymentProfile } from '../../worker/deployment-profile.ts';
import { ReadBudget } from '../../worker/snapshot/read-budget.ts';
import { REFERENCE_LISTS } from '../../core/contract.ts';
import { countFacets } from '../../worker/search/count-facets.ts';
import {
  checkQuery,
  findMatches,
  resolveQuery,
  textSearchOf,
} from '../../worker/search/find-matches.ts';
import { searched } from '../../test/support/searched.ts';
import { SnapshotStore, type LoadedIndex } from '../../worker/snapshot/snapshot-store.ts';
import { warmUpPatternCompiler } from '../../worker/title-search/warm-up.ts';
import { QUERY_MIX } from './query-mix.ts';

export interface InProcessFigures {
  loadMs: number;
  /** A fresh store: index load plus the first search (the "title + two filters" query). */
  coldSearchMs: number;
  heapMiB: number;
  queries: {
    name: string;
    searchUs: number;
    streamMs: number;
    results: number;
    bytes: number;
    reads: number;
    bytesRead: number;
  }[];
  /** Facet counts per query (title matching included, no cache). */
  facets: { name: string; us: number; total: number }[];
}

const PAID = deploymentProfile({ PLAN: 'paid' });
const NO_MATCH_CACHE = { getOrCompute: (_key: string, compute: () => Uint32Array) => compute() };
const searchOf = (path: string) => new URL(`https://x${path}`).searchParams;

export async function measureInProcess(dist: string, rounds = 100): Promise<InProcessFigures> {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage();
  const probe = QUERY_MIX.find((q) => q.name === 'title + two filters')!;
  // A fresh isolate's first search with the index's files already read (in workerd ASSETS hands
  // over a file's bytes natively; Node's Response would add its own copying): the Worker's work.
  const preloaded = folderAssets(dist, { inMemory: true });
  warmUpPatternCompiler(); // as the Worker's startup does (worker/index.ts)
  await new SnapshotStore(preloaded).index({ budget: new ReadBudget() });
  const store = new SnapshotStore(preloaded);
  globalThis.gc?.(); // the preload's garbage is not a fresh isolate's
  const started = performance.now();
  const index = await store.index({ budget: new ReadBudget() });
  const loadMs = performance.now() - started;
  searched(findMatches(index, searched(checkQuery(searchOf(probe.path))), undefined)); // no q
  const coldSearchMs = performance.now() - started;
  globalThis.gc?.();
  const heapAfter = process.memoryUsage();
  const heapMiB =
    (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) /
    1048576;

  const uncached: LoadedIndex = { ...index, matches: NO_MATCH_CACHE as LoadedIndex['matches'] };
  const queries = [];
  for (const { name, path } of QUERY_MIX.filter((q) =>
    q.path.startsWith('/api/v1/data-element?'),
  )) {
    const { fields, words } = searched(checkQuery(searchOf(path)));
    const wordIndex = words && (await store.wordIndex(index, { budget: new ReadBudget() }));
    const run = () => {
      try {
        return searched(findMatches(uncached, searched(checkQuery(searchOf(path))), wordIndex))
          .page;
      } catch {
        return new Uint32Array(); // an error answer (unknown slug): nothing to stream
      }
    };
    for (let i = 0; i < 10; i++) run(); // warm up
    const t0 = performance.now();
    let elements = run();
    for (let i = 1; i < rounds; i++) elements = run();
    const searchUs = ((performance.now() - t0) / rounds) * 1000;

    const budget = new ReadBudget();
    const cold: LoadedIndex = { ...index, elements: index.elements.emptied() };
    const t1 = performance.now();
    const format = await answerFormat(cold, store, { budget }, fields);
    const admitted = admitAnswer(PAID, cold, budget, elements, format);
    if (!admitted.ok) throw new Error(`${name}: over the paid profile's budget`);
    const answer = prepareAnswer(cold, store, budget, elements, format, admitted);
    let bytes = 0;
    for await (const chunk of answer.chunks()) bytes += chunk.length;
    const streamMs = performance.now() - t1;
    if (bytes !== answer.length)
      throw new Error(`${name}: ${bytes} bytes, planned ${answer.length}`);
    queries.push({
      name,
      searchUs,
      streamMs,
      results: elements.length,
      bytes,
      reads: budget.reads,
      bytesRead: answer.plan.bytesRead,
    });
  }
  const facets = [];
  for (const { name, path } of QUERY_MIX.filter((q) => q.path.startsWith('/api/v1/facets?'))) {
    const lists = Object.fromEntries(
      await Promise.all(
        REFERENCE_LISTS.map(
          async ({ name: list }) =>
            [list, await store.listItems(list, { budget: new ReadBudget() })] as const,
        ),
      ),
    );
    const { words } = searched(checkQuery(searchOf(path), { paging: false }));
    const wordIndex = words && (await store.wordIndex(index, { budget: new ReadBudget() }));
    const run = () => {
      const query = searched(checkQuery(searchOf(path), { paging: false }));
      return countFacets(
        index,
        textSearchOf(query, wordIndex),
        searched(resolveQuery(index, query)),
        lists as Parameters<typeof countFacets>[3],
      );
    };
    for (let i = 0; i < 10; i++) run();
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) run();
    facets.push({ name, us: ((performance.now() - t0) / rounds) * 1000, total: run().total });
  }
  return { loadMs, coldSearchMs, heapMiB, queries, facets };
}
