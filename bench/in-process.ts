// The Worker's search code in-process (Node's V8), over a built snapshot on disk: index load,
// heap after load, and time per query (search + byte-range plan + reading the answer's bytes).
// Usage: tsx bench/in-process.ts DIST_DIR
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compileTitlePattern } from '../worker/title-pattern.ts';
import { parseSearchParams } from '../worker/query.ts';
import { search } from '../worker/search.ts';
import { SnapshotStore, type AssetFetcher } from '../worker/snapshot-store.ts';
import { answerBytes, answerLength, planByteRanges } from '../worker/element-stream.ts';
import { QUERY_MIX } from './query-mix.ts';

/** ASSETS over a folder: the same interface the Worker gets. */
export const folderAssets = (dir: string): AssetFetcher => ({
  fetch: async (url: string) => {
    const path = decodeURIComponent(new URL(url).pathname);
    try {
      return new Response(await readFile(join(dir, path)));
    } catch {
      return new Response('not found', { status: 404 });
    }
  },
});

export interface InProcessFigures {
  loadMs: number;
  heapMiB: number;
  queries: { name: string; searchUs: number; withBytesUs: number; results: number; bytes: number }[];
}

export async function measureInProcess(dist: string, rounds = 200): Promise<InProcessFigures> {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage();
  const store = new SnapshotStore(folderAssets(dist));
  const started = performance.now();
  const index = await store.index();
  const loadMs = performance.now() - started;
  globalThis.gc?.();
  const heapAfter = process.memoryUsage();
  const heapMiB = (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1048576;

  const queries = [];
  for (const { name, path } of QUERY_MIX.filter((q) => q.path.includes('data-element'))) {
    const run = () => {
      const query = parseSearchParams(new URL(`https://x${path}`).searchParams);
      if (!query.ok) throw new Error(query.message);
      const compiled = query.title === undefined ? undefined : compileTitlePattern(query.title);
      if (compiled && !compiled.ok) throw new Error(compiled.message);
      const outcome = search(index, { title: compiled?.pattern, filters: query.filters });
      if (outcome.kind !== 'found') return { results: 0, ranges: planByteRanges(index.sections, new Uint32Array()) };
      return { results: outcome.elements.length, ranges: planByteRanges(index.sections, outcome.elements) };
    };
    for (let i = 0; i < 20; i++) run(); // warm up
    const t0 = performance.now();
    let last = run();
    for (let i = 1; i < rounds; i++) last = run();
    const searchUs = ((performance.now() - t0) / rounds) * 1000;
    // once more with the answer's bytes read from the shards
    const t1 = performance.now();
    let bytes = 0;
    for await (const chunk of answerBytes(last.ranges, (shard) => store.shard(index.buildId, shard))) bytes += chunk.length;
    const withBytesUs = searchUs + (performance.now() - t1) * 1000;
    if (bytes !== answerLength(last.ranges)) throw new Error(`${name}: ${bytes} bytes, planned ${answerLength(last.ranges)}`);
    queries.push({ name, searchUs, withBytesUs, results: last.results, bytes });
  }
  return { loadMs, heapMiB, queries };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'dist';
  const figures = await measureInProcess(dist);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures));
    process.exit(0);
  }
  console.log(`index load ${figures.loadMs.toFixed(1)} ms, heap after load ${figures.heapMiB.toFixed(1)} MiB`);
  for (const q of figures.queries) {
    console.log(`${q.name.padEnd(22)} ${q.searchUs.toFixed(1).padStart(9)} µs search   ${q.results.toString().padStart(6)} results   ${(q.bytes / 1024).toFixed(0).padStart(7)} KiB answer, ${(q.withBytesUs / 1000).toFixed(1)} ms with bytes from disk`);
  }
}
