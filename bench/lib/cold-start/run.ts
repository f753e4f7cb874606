// A fresh isolate's index load and first search, timed inside workerd itself (the runtime the
// Worker ships on, with its own V8), one new workerd per isolate. Only the Worker's CPU is timed:
// the index files are read into the isolate's memory first. Two kinds of isolate, in turns:
// started as deployed (worker/index.ts evaluated first, its startup timed) and bare (the search
// modules alone), so the startup's effect on the first search shows against its peer.
// workerd's clock moves in whole milliseconds: each step's figure is a mean over many isolates.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folderAssets } from '../../../test/support/node/folder-assets.ts';
import { ReadBudget } from '../../../worker/snapshot/read-budget.ts';
import { SnapshotStore } from '../../../worker/snapshot/snapshot-store.ts';
import { QUERY_MIX } from '../query-mix.ts';

export interface ColdStart {
  /**
   * Index load, query check and pattern compile, filters, title matching; with q, the word index
   * read and its words matched, and the relevance order.
   */
  steps: Record<string, number>;
  matches: number;
}

export interface ColdStartFigures {
  probe: string;
  runs: number;
  deployed: ColdStart[];
  bare: ColdStart[];
  /** The deployed Worker's startup warm-up, timed alone in fresh isolates. */
  warmUpMs: number[];
}

const KINDS = { deployed: 'as-deployed.ts', bare: 'measure.ts' } as const;
type Kind = keyof typeof KINDS;

export const DEFAULT_PROBE = QUERY_MIX.find((q) => q.name === 'title + two filters')!.path;

/** The files an index load reads (and the word index, for a probe with q), found in Node. */
async function indexFiles(dist: string, probe: string): Promise<string[]> {
  const assets = folderAssets(dist);
  const store = new SnapshotStore(assets);
  const index = await store.index({ budget: new ReadBudget() });
  if (new URL(probe, 'https://x').searchParams.get('q'))
    await store.wordIndex(index, { budget: new ReadBudget() });
  return assets.reads;
}

// esbuild and miniflare are imported when used: bench/cold-start.ts --help does not wait for them
async function bundle(entry: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    minify: true, // as wrangler deploys it
    write: false,
  });
  return result.outputFiles[0]!.text;
}

async function coldStart<T>(script: string, dist: string, query: URLSearchParams): Promise<T> {
  const { Miniflare } = await import('miniflare');
  const workerd = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    serviceBindings: {
      FILES: async (request: Request) =>
        new Response(await readFile(join(dist, new URL(request.url).pathname))),
    },
  });
  try {
    const response = await workerd.dispatchFetch(`http://cold.invalid/?${query}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  } finally {
    await workerd.dispose();
  }
}

export async function measureColdStarts(
  dist: string,
  runs: number,
  probe = DEFAULT_PROBE,
): Promise<ColdStartFigures> {
  const scripts = {} as Record<Kind, string>;
  for (const kind of Object.keys(KINDS) as Kind[]) scripts[kind] = await bundle(KINDS[kind]);
  const query = new URLSearchParams({ probe });
  for (const path of await indexFiles(dist, probe)) query.append('file', path);
  const figures: ColdStartFigures = { probe, runs, deployed: [], bare: [], warmUpMs: [] };
  for (let run = 0; run < runs; run++) {
    for (const kind of Object.keys(KINDS) as Kind[])
      figures[kind].push(await coldStart<ColdStart>(scripts[kind], dist, query));
    const warmUp = new URLSearchParams({ 'warm-up': '' });
    figures.warmUpMs.push(
      (await coldStart<{ warmUpMs: number }>(scripts.bare, dist, warmUp)).warmUpMs,
    );
  }
  return figures;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const total = (run: ColdStart) => Object.values(run.steps).reduce((a, b) => a + b, 0);

/** Mean per step and in all, as deployed and bare, and their ratio. */
export function coldStartTable(figures: ColdStartFigures): string[] {
  const rows = [`${'step'.padEnd(10)} ${'as deployed'.padStart(12)} ${'bare'.padStart(8)}`];
  const row = (name: string, deployed: number[], bare: number[]) =>
    rows.push(
      `${name.padEnd(10)} ${mean(deployed).toFixed(2).padStart(9)} ms ${mean(bare).toFixed(2).padStart(5)} ms`,
    );
  for (const step of Object.keys(figures.deployed[0]!.steps)) {
    row(
      step,
      figures.deployed.map((r) => r.steps[step]!),
      figures.bare.map((r) => r.steps[step]!),
    );
  }
  const deployed = figures.deployed.map(total);
  const bare = figures.bare.map(total);
  row('in all', deployed, bare);
  rows.push(
    `as deployed / bare ${(mean(deployed) / mean(bare)).toFixed(2)}; as deployed: median ${median(deployed)} ms, ${Math.min(...deployed)}–${Math.max(...deployed)} ms in all (bare: median ${median(bare)} ms); the warm-up the startup adds ${mean(figures.warmUpMs).toFixed(1)} ms (mean of ${figures.runs} isolates each, ${figures.deployed[0]!.matches} matches)`,
  );
  return rows;
}
