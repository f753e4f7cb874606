// What the Worker's own code keeps across rounds of answers, in process (Node's V8), over a built
// snapshot on disk: the benchmark's searches and the load test's hostile patterns (data-element
// answers; not its facets, CSV or paged requests), answered concurrently, half of them abandoned
// between chunks after 200 KB (a client that goes away). After each round, a GC, then Node's
// heap (tsx and file streams included, so the growth from round to round is the figure) and array
// buffers, and the snapshot reads still open. The load test sees workerd's resident memory, which
// includes the runtime's own buffers and what its allocator keeps; this sees what the Worker's
// modules hold on to.
// Usage: node --expose-gc --import tsx bench/isolate-memory.ts DIST_DIR [ROUNDS]
import { folderAssets } from '../test/support/node/folder-assets.ts';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import { admitAnswer, answerFormat, prepareAnswer } from '../worker/answer/prepare-answer.ts';
import { deploymentProfile } from '../worker/deployment-profile.ts';
import { ReadBudget } from '../worker/snapshot/read-budget.ts';
import { checkQuery, findMatches } from '../worker/search/find-matches.ts';
import { SnapshotStore } from '../worker/snapshot/snapshot-store.ts';
import { QUERY_MIX } from './lib/query-mix.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { positionals } = parseCommandLine({
  command: 'npm run bench:isolate-memory --',
  positionals: 'DIST [ROUNDS]',
  about: "What the Worker's code keeps across ROUNDS (default 5) of answers, in process.",
  options: {},
});
const [dist, rounds = '5'] = positionals;
const gc = (globalThis as { gc?: () => void }).gc;
if (!dist || !gc)
  throw new Error(
    'usage: npm run bench:isolate-memory -- DIST [ROUNDS] (node --expose-gc --import tsx)',
  );

const store = new SnapshotStore(folderAssets(dist));
const index = await store.index({ budget: new ReadBudget() });
const paths = [
  ...QUERY_MIX.filter((q) => q.path.startsWith('/api/v1/data-element?')).map((q) => q.path),
  ...REDOS_PATTERNS.map(
    (p) => `/api/v1/data-element?title=${encodeURIComponent(p)}&dataSource=dinkes`,
  ),
];
/** Heap and array buffers after a GC, once the reads' file streams had a moment to close. */
async function held(): Promise<string> {
  await new Promise((r) => setTimeout(r, 1000));
  gc!();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return `heap ${(heapUsed / 1048576).toFixed(1)} MiB, array buffers ${(arrayBuffers / 1048576).toFixed(1)} MiB`;
}

/** One answer streamed; `abandon`: stopped once 200 KB are out. */
async function answer(path: string, abandon: boolean): Promise<void> {
  const checked = checkQuery(new URL(`https://x${path}`).searchParams);
  if (!checked.ok) return; // an error answer: nothing streamed
  const query = checked.value;
  const wordIndex = query.words && (await store.wordIndex(index, { budget: new ReadBudget() }));
  const matches = findMatches(index, query, wordIndex);
  if (!matches.ok) return;
  const { page } = matches.value;
  const budget = new ReadBudget();
  const format = await answerFormat(index, store, { budget }, query.fields);
  const stop = new AbortController();
  let written = 0;
  const admitted = admitAnswer(deploymentProfile({ PLAN: 'paid' }), index, budget, page, format);
  if (!admitted.ok) return;
  const answer = prepareAnswer(index, store, budget, page, format, admitted);
  for await (const chunk of answer.chunks(stop.signal)) {
    written += chunk.length;
    if (abandon && written > 200_000) {
      stop.abort();
      break;
    }
  }
}

console.log(`after the index load: ${await held()}`);
for (let round = 1; round <= Number(rounds); round++) {
  for (let pass = 0; pass < 3; pass++)
    await Promise.all(paths.map((path, i) => answer(path, (i + pass) % 2 === 1)));
  console.log(
    `round ${round}: ${3 * paths.length} answers; ${await held()}; ${store.readsOpen} reads open`,
  );
}
