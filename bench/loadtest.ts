// npm run loadtest [-- --seconds 120 --connections 100 --elements 100000 --rounds 2
//                     --shape scattered|clustered --plan free|paid --inspect [--live-memory]]
// The Worker in the real workerd over a synthetic snapshot with realistic distinct titles, under
// many connections of a mixed stream: broad and selective searches, pages, facets, single
// elements, CSV tables, hostile patterns, errors, odd methods and paths. Per round, prints
// requests/s, latency, answers by status, and the open sockets and memory before, at peak and
// after of both workerd processes wrangler dev runs (the Worker's runtime and the dev proxy in
// front of it), then checks the API still answers; at the end, how much memory each round left
// beyond the one before (a second identical round that adds little shows nothing accumulates:
// the allocator keeps what the first round's peak took). It also reads, through the inspector,
// the isolate's own memory inside the runtime (V8's heap and ArrayBuffers: what production holds
// against its 128 MB) with --inspect, as it comes during the round and, with --live-memory too,
// after it once fully collected. Without --inspect the server starts as `npm start` starts it
// (tools/serve/start-worker.ts), inspector off; with it, wrangler's inspector adds its own
// connections per snapshot read (docs/architecture.md, "Serve locally without wrangler dev"). npm run soak is the shorter
// check of what users run, on several shapes and both profiles. Exits non-zero on any 5xx, socket error or time-out, on the runtime's sockets not
// back to their starting level, on the isolate keeping alive after a round more than its caches
// can hold beyond its start, or on an API that stopped answering. The dev proxy's sockets are printed, not
// judged: it is wrangler's, and production has none (bench/HISTORY.md, "Under load").
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from './lib/autocannon.ts';
import { processTree } from '../tools/serve/process-tree.ts';
import { stillAnswering } from './lib/still-answering.ts';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import { KEPT_CACHE_BYTES } from '../worker/memory.ts';
import {
  connectIsolateInspector,
  inspectorTargets,
  type IsolateInspector,
  type IsolateMemory,
} from './lib/isolate-inspector.ts';
import { QUERY_MIX } from './lib/query-mix.ts';
import { startWorker } from '../tools/serve/start-worker.ts';
import { ServerSet, stopOnSignals } from '../tools/serve/served-worker.ts';
import { WORK, prepareCatalogue, type CatalogueShape } from './lib/synthetic-catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run loadtest --',
  about: 'Many connections of a mixed stream against the Worker in workerd; sockets and memory.',
  options: {
    seconds: { type: 'string', default: '120', value: 'N', help: 'length of each round' },
    connections: { type: 'string', default: '100', value: 'N', help: 'concurrent connections' },
    elements: { type: 'string', default: '100000', value: 'N', help: 'elements in the catalogue' },
    rounds: { type: 'string', default: '2', value: 'N', help: 'rounds of load' },
    shape: {
      type: 'string',
      default: 'scattered',
      value: 'scattered|clustered',
      help: "how the data sources' elements lie in the catalogue",
    },
    plan: { type: 'string', default: 'paid', value: 'free|paid', help: 'the deployment profile' },
    // the isolate's memory, read through wrangler's inspector
    inspect: {
      type: 'boolean',
      default: false,
      help: "read the isolate's memory through wrangler's inspector",
    },
    // heap snapshots pass through wrangler's dev proxy and leave tens of sockets open there
    'live-memory': {
      type: 'boolean',
      default: false,
      help: 'with --inspect: the live memory after each round, fully collected',
    },
  },
});
if (values['live-memory'] && !values.inspect) throw new Error('--live-memory needs --inspect');
const shape = values.shape as CatalogueShape;
const catalogue = prepareCatalogue(Number(values.elements), shape);
const dist = join(WORK, `loadtest-dist-${values.elements}-${shape}`);

execFileSync(
  process.execPath,
  ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist],
  { stdio: 'inherit' },
);

/** The workerd processes started by this one. */
function workerdPids(): string[] {
  return processTree(process.pid)
    .filter(({ command }) => command === 'workerd')
    .map(({ pid }) => String(pid));
}

interface ProcessFigures {
  sockets: number;
  rssMiB: number;
}
/**
 * workerd runs as two processes under wrangler dev: the Worker's runtime, and wrangler's dev
 * proxy (a Durable Object that queues every request and forwards it to the runtime), which owns
 * the socket listening on the dev server's port.
 */
interface WorkerdFigures {
  runtime: ProcessFigures;
  proxy: ProcessFigures;
}

/** The inode of the socket listening on loopback at `port`. */
function listeningInode(port: number): string | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const field = line.trim().split(/\s+/);
    if (field[1]?.endsWith(`:${hexPort}`) && field[3] === '0A') return field[9];
  }
  return undefined;
}

/** The sockets a process holds, as /proc shows them: `socket:[inode]`. */
function socketLinks(pid: string): string[] {
  const links: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith('socket:')) links.push(link);
    } catch {
      // closed while we looked
    }
  }
  return links;
}

/**
 * A DevTools session on the Worker's isolate, through wrangler's inspector (a session on the
 * runtime's own inspector, beside wrangler's, gets no answers). Its traffic passes through the
 * dev proxy: a heap snapshot leaves some tens of sockets open there, in the proxy's figures.
 */
async function inspectWorkerIsolate(): Promise<IsolateInspector> {
  const [target] = await inspectorTargets(new URL(`http://127.0.0.1:${INSPECTOR_PORT}/`));
  if (!target) throw new Error(`no Worker to inspect at port ${INSPECTOR_PORT}`);
  return connectIsolateInspector(target);
}

/** Open sockets and resident memory of each workerd process. */
function workerdFigures(): WorkerdFigures {
  const figures: WorkerdFigures = {
    runtime: { sockets: 0, rssMiB: 0 },
    proxy: { sockets: 0, rssMiB: 0 },
  };
  const inode = listeningInode(PORT);
  if (inode === undefined) throw new Error(`no socket listens on port ${PORT}`);
  const entry = `socket:[${inode}]`;
  let proxies = 0;
  for (const pid of workerdPids()) {
    try {
      const links = socketLinks(pid);
      if (links.includes(entry)) proxies++;
      const own = links.includes(entry) ? figures.proxy : figures.runtime;
      own.sockets += links.length;
      own.rssMiB +=
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // the process ended while we looked
    }
  }
  if (proxies !== 1) throw new Error(`${proxies} workerd processes own port ${PORT}, not one`);
  return figures;
}

/** Each figure at the higher of its two readings. */
function higherEach<T extends object>(a: T, b: T): T {
  const at = (x: T, key: string) => (x as Record<string, number>)[key]!;
  return Object.fromEntries(
    Object.keys(a).map((key) => [key, Math.max(at(a, key), at(b, key))]),
  ) as T;
}

const highest = (a: WorkerdFigures, b: WorkerdFigures): WorkerdFigures => ({
  runtime: higherEach(a.runtime, b.runtime),
  proxy: higherEach(a.proxy, b.proxy),
});

/** Cloudflare's memory limit per isolate (docs/platform-limits.md), in MiB. */
const ISOLATE_LIMIT_MIB = 128_000_000 / 1048576;

const isolateTotal = (m: IsolateMemory) => m.heapMiB + m.buffersMiB;

/**
 * What the isolate may keep alive beyond its state at the start (index loaded): its caches when
 * full, the compiled title patterns, their bindings to the index, and 3 MiB for the objects
 * around them. More
 * than this after a round is something accumulating.
 */
const CACHES_MIB = KEPT_CACHE_BYTES / 1048576 + 3;

/** How long a round waits for workerd's sockets to come back to their starting level. */
const SETTLE_LIMIT_S = 180;

const enc = encodeURIComponent;
const ANY_ID = '/api/v1/data-element?limit=1&fields=_id';
// Every connection starts at the top: the cheap and odd requests first, the big answers last.
// No HEAD: autocannon's parser waits for the body a HEAD answer's Content-Length announces
// (the test suite checks HEAD). autocannon's types list fewer methods than it sends.
function requestMix(id: string, year: number) {
  return [
    { method: 'GET', path: '/api/v1/data-element?category=tidak-ada' },
    { method: 'GET', path: '/api/v1/data-element?datasource=dinkes' },
    { method: 'GET', path: '/api/v1/data-element?limit=0' },
    { method: 'GET', path: '/api/v1/data-element?title=(%3F%3Dx)' },
    { method: 'GET', path: '/api/v1/data-element?title=%E0%A4%A&sector=%zz' },
    { method: 'GET', path: `/api/v1/data-element?title=${'a'.repeat(300)}` },
    { method: 'OPTIONS', path: '/api/v1/category' },
    { method: 'OPTIONS', path: '/nope' },
    { method: 'POST', path: '/api/v1/data-element', body: '{}' },
    { method: 'DELETE', path: '/api/v1/sector' },
    { method: 'TRACE', path: '/api/v1/field' },
    { method: 'GET', path: '//api/v1/category' },
    { method: 'GET', path: '/api/v1/../_snapshot/manifest.json' },
    { method: 'GET', path: '/api/v1/field/' },
    { method: 'GET', path: `/api/v1/data-element/${id}` },
    { method: 'GET', path: `/api/v1/data-element/${id}/${year}.csv` },
    { method: 'GET', path: '/api/v1/data-element/tidak-ada' },
    { method: 'GET', path: '/api/v1/facets?title=penduduk' },
    { method: 'GET', path: '/api/v1/facets?sector=kesehatan&year=2022' },
    {
      method: 'GET',
      path: '/api/v1/data-element?title=jumlah&limit=40&offset=400&fields=_id,title,unit',
    },
    {
      method: 'GET',
      path: '/api/v1/data-element?year=2021&limit=1000&fields=_id,title,unit,category,dataSource,sector,field',
    },
    // mid-size answers, scattered over the catalogue
    ...[
      'title=jumlah&dataSource=dinkes&sector=kesehatan',
      'dataSource=dinkes&category=spm',
      'title=sekolah%20dasar',
      'title=posyandu',
      'year=2019&dataSource=dishub',
    ].map((query) => ({ method: 'GET', path: `/api/v1/data-element?${query}` })),
    { method: 'GET', path: `/api/v1/data-element?title=${enc('q\\d|[xz]{2}')}&limit=20` },
    ...REDOS_PATTERNS.map((p) => ({
      method: 'GET',
      path: `/api/v1/data-element?title=${enc(p)}&dataSource=dinkes`,
    })),
    ...QUERY_MIX.map((q) => ({ method: 'GET', path: q.path })),
    ...REDOS_PATTERNS.slice(0, 6).map((p) => ({
      method: 'GET',
      path: `/api/v1/data-element?title=${enc(p)}`,
    })),
  ];
}

const PORT = 8811;
const INSPECTOR_PORT = 8812;
const worker = await startWorker({
  config: 'wrangler.toml',
  assets: dist,
  port: PORT,
  inspectorPort: values.inspect ? INSPECTOR_PORT : undefined,
  vars: { PLAN: values.plan },
});
// before any request: opened after the first ones, it once left 700 MiB held in the dev proxy
const inspector = values.inspect
  ? await inspectWorkerIsolate().catch(async (error: unknown) => {
      await worker.stop();
      throw error;
    })
  : undefined;
const servers = new ServerSet();
servers.add(() => worker.stop());
servers.add(() => inspector?.close());
stopOnSignals(servers);
const stop = () => servers.stopAll();
try {
  const sample = (await (await fetch(`${worker.url}${ANY_ID}`)).json()) as { _id: string }[];
  const id = sample[0]!._id;
  const element = (await (await fetch(`${worker.url}/api/v1/data-element/${id}`)).json()) as {
    data: { year: number }[];
  };
  const requests = requestMix(id, element.data[0]!.year);
  await new Promise((r) => setTimeout(r, 5000)); // let the start-up requests' sockets close
  const start = workerdFigures();
  const isolateAtStart = values['live-memory'] ? await inspector!.liveMemory() : undefined;
  console.log(
    `load: ${values.connections} connections, ${values.seconds} s, ${requests.length} request kinds in rotation, ${values.elements} elements (${shape}), PLAN=${values.plan}, ${values.rounds} rounds${inspector ? ', inspector on' : ''}`,
  );
  let failed = false;
  const afterRounds: number[] = [];
  const liveAfterRounds: number[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const figures = await loadRound(requests, start, inspector);
    const failures = await stillAnswering(worker.url, id);
    // after the checks, so that the snapshot which collects does not weigh on them
    if (values['live-memory']) figures.isolate!.live = await inspector!.liveMemory();
    afterRounds.push(figures.after.runtime.rssMiB);
    if (figures.isolate?.live) liveAfterRounds.push(isolateTotal(figures.isolate.live));
    console.log(`round ${round}`);
    console.log(report(figures, start, isolateAtStart, failures));
    failed ||=
      figures.fiveHundreds > 0 ||
      figures.errors > 0 ||
      figures.timeouts > 0 ||
      figures.after.runtime.sockets > start.runtime.sockets ||
      // what the isolate keeps alive is bounded by its caches
      (figures.isolate?.live !== undefined &&
        isolateTotal(figures.isolate.live) > isolateTotal(isolateAtStart!) + CACHES_MIB) ||
      failures.length > 0;
  }
  // Memory a round leaves behind that the next one does not reuse is what would accumulate.
  if (afterRounds.length > 1) {
    const line = (what: string, mibs: number[]) =>
      `${what} after each round: ${mibs.map((m) => m.toFixed(0)).join(', ')} MiB (growth per round: ${mibs
        .slice(1)
        .map((mib, i) => Math.round(mib - mibs[i]!) + 0)
        .join(', ')} MiB)`;
    console.log(line('runtime memory', afterRounds));
    if (liveAfterRounds.length > 1)
      console.log(line('isolate memory alive after a full collection', liveAfterRounds));
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await stop();
}

interface RoundFigures {
  result: autocannon.Result;
  statuses: Record<string, number>;
  fiveHundreds: number;
  errors: number;
  timeouts: number;
  before: WorkerdFigures;
  peak: WorkerdFigures;
  after: WorkerdFigures;
  /** With --inspect. */
  isolate?: {
    before: IsolateMemory;
    /** Each part at its highest reading (sampled each second): the sum bounds the peak. */
    peak: IsolateMemory;
    after: IsolateMemory;
    /** After a full collection, once the round and its checks are over (with --live-memory). */
    live?: IsolateMemory;
  };
  /** Seconds each process's sockets took to come back to their start (undefined: not in time). */
  settledAfterS: { runtime?: number; proxy?: number };
}

/**
 * One round of load; then waits (a while at most) for each process's sockets to come back to their
 * level at `start`.
 */
async function loadRound(
  requests: unknown[],
  start: WorkerdFigures,
  inspector: IsolateInspector | undefined,
): Promise<RoundFigures> {
  const before = workerdFigures();
  let peak = before;
  const isolateBefore = await inspector?.memory();
  let isolatePeak = isolateBefore;
  let sampling = false; // one inspector call at a time: a loaded runtime answers slowly
  const sampler = setInterval(() => {
    peak = highest(peak, workerdFigures());
    if (sampling || !inspector) return;
    sampling = true;
    inspector
      .memory()
      .then((m) => (isolatePeak = higherEach(isolatePeak!, m)))
      .catch((error: Error) => console.log(`  isolate memory not read: ${error.message}`))
      .finally(() => (sampling = false));
  }, 1000);
  const result = await autocannon({
    url: worker.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: requests as autocannon.Request[],
    timeout: 60,
  });
  clearInterval(sampler);
  // Connections the load tool closed are closed some time later. The dev proxy can hold some for
  // minutes: it read their last request and has not forwarded it to the runtime yet (the runtime
  // holds nothing for them). Wait three minutes at most.
  let after = workerdFigures();
  const settledAfterS: RoundFigures['settledAfterS'] = {};
  for (let waited = 0; ; waited += 2) {
    // settled since: a count that rises again is not settled
    for (const name of ['runtime', 'proxy'] as const) {
      if (after[name].sockets > start[name].sockets) settledAfterS[name] = undefined;
      else settledAfterS[name] ??= waited;
    }
    const settled = settledAfterS.runtime !== undefined && settledAfterS.proxy !== undefined;
    if (settled || waited >= SETTLE_LIMIT_S) break;
    await new Promise((r) => setTimeout(r, 2000));
    after = workerdFigures();
  }
  const isolateAfter = await inspector?.memory();
  const statuses = Object.fromEntries(
    Object.entries(
      (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats,
    ).map(([k, v]) => [k, v.count]),
  );
  const fiveHundreds = Object.entries(statuses)
    .filter(([s]) => s.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    result,
    statuses,
    fiveHundreds,
    errors: result.errors,
    timeouts: result.timeouts,
    before,
    peak,
    after,
    isolate:
      isolateBefore && isolatePeak && isolateAfter
        ? {
            before: isolateBefore,
            peak: higherEach(isolatePeak, isolateAfter),
            after: isolateAfter,
          }
        : undefined,
    settledAfterS,
  };
}

function report(
  { result, statuses, fiveHundreds, before, peak, after, isolate, settledAfterS }: RoundFigures,
  start: WorkerdFigures,
  isolateAtStart: IsolateMemory | undefined,
  failures: string[],
): string {
  const isolateFigure = (m: IsolateMemory) =>
    `${isolateTotal(m).toFixed(0)} MiB (heap ${m.heapMiB.toFixed(0)}, ${m.heapUsedMiB.toFixed(0)} in use; buffers ${m.buffersMiB.toFixed(0)})`;
  const settled = (s: number | undefined) =>
    s === undefined ? `not back after ${SETTLE_LIMIT_S} s` : `after ${s} s`;
  const line = (name: keyof WorkerdFigures) => [
    `  ${name.padEnd(8)} sockets: ${before[name].sockets} before, ${peak[name].sockets} at peak, ${after[name].sockets} ${settled(settledAfterS[name])} (${start[name].sockets} at start)`,
    `  ${name.padEnd(8)} memory:  ${before[name].rssMiB.toFixed(0)} MiB before, ${peak[name].rssMiB.toFixed(0)} MiB at peak, ${after[name].rssMiB.toFixed(0)} MiB after (${start[name].rssMiB.toFixed(0)} MiB at start)`,
  ];
  return [
    `  requests:        ${result.requests.total} (${(result.requests.total / Number(values.seconds)).toFixed(0)} req/s)`,
    `  latency:         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `  answers:         ${JSON.stringify(statuses)}`,
    `  5xx:             ${fiveHundreds}`,
    `  socket errors:   ${result.errors}, timeouts ${result.timeouts}`,
    ...line('runtime'),
    ...line('proxy'),
    ...(isolate
      ? [
          `  isolate  memory:  ${isolateFigure(isolate.before)} before, ${isolateFigure(isolate.peak)} at peak, ${isolateFigure(isolate.after)} after, garbage not yet collected included (limit ${ISOLATE_LIMIT_MIB.toFixed(0)} MiB)`,
        ]
      : []),
    ...(isolate?.live && isolateAtStart
      ? [
          `  isolate  alive:   ${isolateFigure(isolate.live)} after a full collection (${isolateFigure(isolateAtStart)} at start; at most ${(isolateTotal(isolateAtStart) + CACHES_MIB).toFixed(0)} MiB with the caches full)`,
        ]
      : []),
    `  throughput:      ${(result.throughput.average / 1048576).toFixed(1)} MiB/s`,
    `  afterwards:      ${failures.length === 0 ? 'every check answered 200' : failures.join('; ')}`,
  ].join('\n');
}
