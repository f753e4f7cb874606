// npm run bench [-- --quick] [-- --sizes 1000,10000] [-- --seconds 3 --slices 3]
// For synthetic catalogues of 1,000, 10,000 and 100,000 elements: the build, the Worker's search
// in process, and over HTTP against the physical limit (a static file of the answer's size served
// by the same workerd), the naive Worker and the PostgreSQL peer. Ratios matter more than the
// absolute figures on a shared machine. Writes bench/RESULTS.md. Stops every server it started.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { publishedElements, publishedLists } from '../test/support/node/published-snapshot.ts';
import { measureLoad, pooled, type LoadFigures } from './lib/load.ts';
import { startPostgres, startPostgresPeer, type PostgresServer } from './lib/peers/postgres.ts';
import { EDGE_CACHE_MIN_BYTES } from '../core/contract.ts';
import { QUERY_MIX, resolveQuery, type BenchQuery } from './lib/query-mix.ts';
import { startWorker, type RunningWorker } from '../tools/serve/start-worker.ts';
import { ServerSet, stopOnSignals } from '../tools/serve/served-worker.ts';
import { TITLES, WORK, prepareCatalogue } from './lib/synthetic-catalogue.ts';
import type { InProcessFigures } from './lib/in-process.ts';
import { coldStartTable, measureColdStarts, type ColdStartFigures } from './lib/cold-start/run.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run bench --',
  about:
    'The build, the search in process and over HTTP against the static-file limit, the naive\nWorker and PostgreSQL, per catalogue size; writes bench/RESULTS.md.',
  options: {
    quick: { type: 'boolean', default: false, help: 'sizes 1,000 and 10,000, fewer cold starts' },
    sizes: {
      type: 'string',
      value: 'LIST',
      help: 'catalogue sizes, comma-separated (default 1000,10000,100000)',
    },
    seconds: { type: 'string', default: '3', value: 'N', help: 'length of each slice of load' },
    slices: { type: 'string', default: '3', value: 'N', help: 'slices of load on each side' },
  },
});
const SIZES = values.sizes
  ? values.sizes.split(',').map(Number)
  : values.quick
    ? [1000, 10000]
    : [1000, 10000, 100000];
const SECONDS = Number(values.seconds);
/**
 * Ours and the static-file limit are measured in turns, this many slices of SECONDS each, and
 * each side's slices pooled: a shared machine's load drifts over a run, and turns give both sides
 * the same drift (one cell each, seconds apart, could differ by 0.4 in ratio from run to run).
 */
const SLICES = Number(values.slices);
if (!Number.isInteger(SLICES) || SLICES < 1)
  throw new Error('--slices takes a whole number, 1 or more');
/** Unmeasured load on each side before a query's slices. */
const WARM_UP_SECONDS = 1;
/** Fresh workerd isolates per kind for the cold start (workerd's clock moves in whole ms). */
const COLD_START_RUNS = values.quick ? 5 : 15;
// PostgreSQL below the ephemeral port range (32768-60999), where an outgoing connection can hold it
const PORTS = { ours: 8801, limit: 8802, naive: 8803, postgres: 8804, assembled: 8805, pg: 25432 };

// ---- cleanup of everything started, whatever happens ---------------------------------------
/** Servers of the catalogue size being measured, stopped after it; `lasting` ones at the very end. */
const servers = new ServerSet();
const lasting = new ServerSet();
stopOnSignals(servers, lasting);

const log = (line: string) => console.log(`[bench] ${line}`);

// ---- steps --------------------------------------------------------------------------------
interface BuildFigures {
  wallS: number;
  peakMiB: number;
  files: number;
  mib: number;
}
function measureBuild(catalogue: string, dist: string): BuildFigures {
  const timed = existsSync('/usr/bin/time');
  const args = ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist];
  const started = performance.now();
  const run = timed
    ? spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { encoding: 'utf8' })
    : spawnSync(process.execPath, args, { encoding: 'utf8' });
  const wallS = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
  const peakKiB = Number(
    /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1] ?? NaN,
  );
  const written = /written\s+(\d+) files, ([\d.]+) MiB/.exec(run.stdout)!;
  return { wallS, peakMiB: peakKiB / 1024, files: Number(written[1]), mib: Number(written[2]) };
}

function measureInProcess(dist: string): InProcessFigures {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/in-process.ts', dist, '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

/**
 * The published catalogue as the peers load it: naive Worker assets, and one JSON for PostgreSQL.
 */
async function exportForPeers(size: number, dist: string) {
  const naiveDir = join(WORK, `naive-${size}-${TITLES}`);
  const pgFile = join(WORK, `catalogue-${size}-${TITLES}.json`);
  if (existsSync(join(naiveDir, 'manifest.json')) && existsSync(pgFile))
    return { naiveDir, pgFile };
  const elements = await publishedElements(dist);
  const lists = await publishedLists(dist);
  rmSync(naiveDir, { recursive: true, force: true });
  mkdirSync(naiveDir, { recursive: true });
  const CHUNK = 5000; // keeps each asset far below the 25 MiB file limit
  let chunks = 0;
  for (let i = 0; i < elements.length; i += CHUNK)
    writeFileSync(
      join(naiveDir, `elements-${chunks++}.json`),
      JSON.stringify(elements.slice(i, i + CHUNK)),
    );
  writeFileSync(join(naiveDir, 'lists.json'), JSON.stringify(lists));
  writeFileSync(join(naiveDir, 'manifest.json'), JSON.stringify({ chunks }));
  writeFileSync(pgFile, JSON.stringify({ lists, elements }));
  return { naiveDir, pgFile };
}

function workerConfig(name: string, lines: string[]): string {
  const path = join(WORK, `${name}.toml`);
  writeFileSync(
    path,
    [`name = "${name}"`, 'compatibility_date = "2026-04-01"', ...lines, ''].join('\n'),
  );
  return path;
}

/**
 * Waits until a server answers a small request promptly again: big answers of one cell must not
 * spill into the next.
 */
async function drain(url: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until && (await timeRequest(url)).ms > 50)
    await new Promise((r) => setTimeout(r, 500));
}

async function timeRequest(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t = performance.now();
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - t, status: response.status, bytes };
}

// ---- one catalogue size ---------------------------------------------------------------------
interface Row {
  query: BenchQuery;
  firstMs: number;
  ours: LoadFigures;
  limit?: LoadFigures;
  /** Our Worker with the edge cache off, for answers large enough to be kept there. */
  assembled?: LoadFigures;
  naive?: LoadFigures;
  postgres?: LoadFigures;
}
interface SizeResult {
  size: number;
  build: BuildFigures;
  inProcess: InProcessFigures;
  coldStarts: ColdStartFigures;
  coldMs: number;
  warmMs: number;
  rows: Row[];
  notes: string[];
}

async function benchSize(
  size: number,
  pg: PostgresServer | { skipped: string },
): Promise<SizeResult> {
  const notes: string[] = [];
  const catalogue = prepareCatalogue(size);
  const dist = join(WORK, `dist-${size}`);
  log(`${size}: build`);
  const build = measureBuild(catalogue, dist);
  log(`${size}: in-process`);
  const inProcess = measureInProcess(dist);
  log(`${size}: cold starts in workerd`);
  const coldStarts = await measureColdStarts(dist, COLD_START_RUNS);

  log(`${size}: our Worker`);
  // the `paid` profile: every answer whole, as the peers give them (in `free` the large unpaged
  // answers are refused: bench/answer-cpu.ts measures what each profile answers)
  const ours = await servers.started(
    startWorker({
      config: 'wrangler.toml',
      assets: dist,
      port: PORTS.ours,
      vars: { PLAN: 'paid' },
    }),
  );
  // the same Worker with the edge cache off: every answer assembled, as on workers.dev or for a
  // query not asked for before (worker/answer/edge-cache.ts)
  const assembled = await servers.started(
    startWorker({
      config: 'wrangler.toml',
      assets: dist,
      port: PORTS.assembled,
      vars: { EDGE_CACHE: 'off', PLAN: 'paid' },
    }),
  );
  await timeRequest(`${ours.url}/api/v1/category`); // isolate up, manifest loaded; the index not yet
  const probe = QUERY_MIX.find((q) => q.name === 'title + two filters')!;
  const cold = await timeRequest(`${ours.url}${probe.path}`);
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push((await timeRequest(`${ours.url}${probe.path}`)).ms);
  const warmMs = warm.sort((a, b) => a - b)[10]!;

  const mix = [
    ...QUERY_MIX,
    ...(size === 10000 ? [{ name: 'unfiltered', path: '/api/v1/data-element' }] : []),
  ];
  const queries = await Promise.all(mix.map((query) => resolveQuery(query, ours.url)));
  const limitFile = (i: number) => `q${i}.${queries[i]!.path.endsWith('.csv') ? 'csv' : 'json'}`;

  // the limit: each answer, precomputed, as a static file of the same workerd (fetched from the
  // assembling Worker: our own first requests below stay first requests)
  const limitDir = join(WORK, `limit-${size}`);
  rmSync(limitDir, { recursive: true, force: true });
  mkdirSync(limitDir, { recursive: true });
  for (const [i, query] of queries.entries()) {
    const response = await fetch(`${assembled.url}${query.path}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // a static asset may have 25 MiB at most: a larger answer has no static-file limit to compare
    // with
    if (bytes.length <= 24 * 1048576) writeFileSync(join(limitDir, limitFile(i)), bytes);
  }
  const limit = await servers.started(
    startWorker({
      config: workerConfig(`limit-${size}`, ['[assets]', `directory = "${limitDir}"`]),
      port: PORTS.limit,
    }),
  );

  log(`${size}: peers`);
  const { naiveDir, pgFile } = await exportForPeers(size, dist);
  let naive: RunningWorker | undefined;
  try {
    naive = await servers.started(
      startWorker({
        config: workerConfig(`naive-${size}`, [
          `main = "${resolve('bench/lib/peers/naive-worker.ts')}"`,
          '[assets]',
          `directory = "${naiveDir}"`,
          'binding = "ASSETS"',
          'run_worker_first = true',
        ]),
        port: PORTS.naive,
      }),
    );
    const first = await timeRequest(`${naive.url}/api/v1/category`);
    notes.push(`naive Worker: first request (loads the whole catalogue) ${first.ms.toFixed(0)} ms`);
  } catch (error) {
    notes.push(`naive Worker did not start: ${(error as Error).message.split('\n')[0]}`);
    naive = undefined;
  }
  let postgresPeer: ChildProcess | undefined;
  if ('skipped' in pg) notes.push(`PostgreSQL peer skipped: ${pg.skipped}`);
  else {
    const t = performance.now();
    try {
      postgresPeer = await startPostgresPeer(pg.port, PORTS.postgres, pgFile);
      servers.add(() => void postgresPeer!.kill());
      notes.push(
        `PostgreSQL peer: catalogue loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      notes.push(`PostgreSQL peer did not start: ${(error as Error).message}`);
    }
  }

  const rows: Row[] = [];
  for (const [i, query] of queries.entries()) {
    log(`${size}: ${query.name}`);
    // One request first, alone: its time is the answer with whatever the element cache holds
    // from the queries before; the load that follows measures the warm steady state.
    const first = await timeRequest(`${ours.url}${query.path}`);
    const hasLimit = existsSync(join(limitDir, limitFile(i)));
    // answers the edge cache keeps are measured assembled too, in the same turns
    const edgeCached =
      query.path.startsWith('/api/v1/data-element?') && first.bytes >= EDGE_CACHE_MIN_BYTES;
    // Each side measured in turns: the answer's URL, and a small request to wait on until the
    // side is idle again.
    const sides: { name: 'ours' | 'assembled' | 'limit'; url: string; idle: string }[] = [
      { name: 'ours', url: `${ours.url}${query.path}`, idle: `${ours.url}/api/v1/category` },
    ];
    if (edgeCached)
      sides.push({
        name: 'assembled',
        url: `${assembled.url}${query.path}`,
        idle: `${assembled.url}/api/v1/category`,
      });
    if (hasLimit)
      sides.push({
        name: 'limit',
        url: `${limit.url}/${limitFile(i)}`,
        idle: `${limit.url}/${limitFile(queries.findIndex((q) => q.name === 'category list'))}`,
      });
    const slices: Partial<Record<(typeof sides)[number]['name'], LoadFigures[]>> = {};
    // One unmeasured second of the same load on each side first: a slice that starts cold (code
    // not yet optimized for this answer, the previous query's garbage still to collect) measured
    // up to a third below the next ones.
    for (const side of sides) {
      await measureLoad(side.url, WARM_UP_SECONDS);
      await drain(side.idle);
    }
    for (let slice = 0; slice < SLICES; slice++)
      for (const side of sides) {
        (slices[side.name] ??= []).push(await measureLoad(side.url, SECONDS));
        await drain(side.idle);
      }
    const row: Row = { query, firstMs: first.ms, ours: pooled(slices.ours!, SECONDS) };
    if (slices.limit) row.limit = pooled(slices.limit, SECONDS);
    if (slices.assembled) row.assembled = pooled(slices.assembled, SECONDS);
    if (query.oursOnly) {
      rows.push(row);
      continue;
    }
    if (naive && !query.notNaive) {
      row.naive = await measureLoad(`${naive.url}${query.path}`, SECONDS);
      await drain(`${naive.url}/api/v1/category`);
    }
    if (postgresPeer)
      row.postgres = await measureLoad(`http://127.0.0.1:${PORTS.postgres}${query.path}`, SECONDS);
    rows.push(row);
  }
  await servers.stopAll();
  return { size, build, inProcess, coldStarts, coldMs: cold.ms, warmMs, rows, notes };
}

// ---- report ---------------------------------------------------------------------------------
const cell = (f: LoadFigures | undefined) =>
  f ? `${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms` : 'n/a';
const ratio = (ours: LoadFigures, peer: LoadFigures | undefined) =>
  peer && peer.rps > 0 ? `${(ours.rps / peer.rps).toFixed(2)}x` : 'n/a';

function report(results: SizeResult[], pgNote: string): string {
  const wranglerVersion = JSON.parse(
    readFileSync('node_modules/wrangler/package.json', 'utf8'),
  ).version;
  const lines = [
    '# Benchmark results',
    '',
    `- date: ${new Date().toISOString()}`,
    `- command: \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\``,
    `- Node ${process.version}, wrangler ${wranglerVersion}, CPU ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    `- catalogues: \`npm run synth -- --elements N --titles ${TITLES}\` (nearly all titles distinct)`,
    `- load: autocannon (answers counted, not kept: bench/lib/autocannon.ts), 10 connections, loopback; every server on this one machine. Ours and the limit in turns after ${WARM_UP_SECONDS} s of unmeasured load each, ${SLICES} slices of ${SECONDS} s each, pooled; the peers one cell of ${SECONDS} s`,
    `- ${pgNote}`,
    '',
    'Cells: requests per second and median latency. Ratios: ours / peer in requests per second (above 1 means ours is faster).',
    '"limit" is the same workerd serving the answer as a precomputed static file.',
    `"ours" serves an answer of ${EDGE_CACHE_MIN_BYTES / 1048576} MiB or more, once asked for, from the edge cache (worker/answer/edge-cache.ts); "assembled" is the same Worker with the edge cache off (as on workers.dev, or for an answer not asked for before), measured in the same turns.`,
  ];
  for (const r of results) {
    lines.push('', `## ${r.size.toLocaleString('en')} elements`, '');
    lines.push(
      `Build: ${r.build.wallS.toFixed(1)} s wall, ${r.build.peakMiB.toFixed(0)} MiB peak RSS, ${r.build.files} files, ${r.build.mib} MiB.`,
    );
    lines.push(
      `Worker in process (Node's V8): index load ${r.inProcess.loadMs.toFixed(1)} ms, load and first search ${r.inProcess.coldSearchMs.toFixed(1)} ms, heap after load ${r.inProcess.heapMiB.toFixed(1)} MiB. ` +
        `Over HTTP: first search of a fresh isolate (index load included) ${r.coldMs.toFixed(0)} ms, the same search warm ${r.warmMs.toFixed(1)} ms.`,
    );
    lines.push(
      '',
      'A fresh isolate in workerd (`bench/cold-start`), index files already in memory:',
      '',
      '```',
      ...coldStartTable(r.coldStarts),
      '```',
    );
    lines.push(
      '',
      '| query | search in process | reads (cold) | first request | ours | limit | ours/limit | assembled | assembled/limit | naive | ours/naive | PostgreSQL | ours/PostgreSQL | bytes/answer | errors (ours) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const row of r.rows) {
      const inProc = r.inProcess.queries.find((q) => q.name === row.query.name);
      lines.push(
        `| ${row.query.name} | ${inProc ? `${inProc.searchUs.toFixed(0)} µs` : '-'} | ${inProc ? `${inProc.reads} (${(inProc.bytesRead / 1048576).toFixed(1)} MiB)` : '-'} | ${row.firstMs.toFixed(0)} ms | ${cell(row.ours)} | ${cell(row.limit)} | ${ratio(row.ours, row.limit)} | ${row.assembled ? cell(row.assembled) : 'as ours'} | ${row.assembled ? ratio(row.assembled, row.limit) : '-'} | ${cell(row.naive)} | ${ratio(row.ours, row.naive)} | ${cell(row.postgres)} | ${ratio(row.ours, row.postgres)} | ${row.ours.bytesPerResponse.toFixed(0)} | ${row.ours.errors} (p99 ${row.ours.p99} ms) |`,
      );
    }
    for (const f of r.inProcess.facets)
      lines.push(
        `- ${f.name}: counted in process in ${f.us.toFixed(0)} µs (title matching included; total ${f.total})`,
      );
    for (const note of r.notes) lines.push(`- ${note}`);
  }
  return `${lines.join('\n')}\n`;
}

// ---- main ---------------------------------------------------------------------------------
mkdirSync(WORK, { recursive: true });
try {
  const pg = startPostgres(PORTS.pg);
  if (!('skipped' in pg)) lasting.add(() => pg.stop());
  const pgNote =
    'skipped' in pg
      ? `PostgreSQL: skipped (${pg.skipped})`
      : 'PostgreSQL: the Debian server, a throwaway cluster on loopback (fsync off)';
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    results.push(await benchSize(size, pg));
  }
  const text = report(results, pgNote);
  writeFileSync('bench/RESULTS.md', text);
  console.log(`\n${text}`);
} finally {
  await servers.stopAll();
  await lasting.stopAll();
}
