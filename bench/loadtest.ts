// npm run loadtest [-- --seconds 120 --connections 100 --elements 100000 --rounds 2]
// The Worker in the real workerd over a synthetic snapshot with realistic distinct titles, under
// many connections of a mixed stream: broad and selective searches, pages, facets, single
// elements, CSV tables, hostile patterns, errors, odd methods and paths. Per round, prints
// requests/s, latency, answers by status, and workerd's open sockets and memory before, at peak
// and after, then checks the API still answers; at the end, how much memory each round left
// beyond the one before (a second identical round that adds little shows nothing accumulates:
// the allocator keeps what the first round's peak took). Exits non-zero on any 5xx, socket error
// or time-out, on sockets not back to their starting level, or on an API that stopped answering.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import { QUERY_MIX } from './query-mix.ts';
import { startWorker } from './start-worker.ts';
import { WORK, prepareCatalogue } from './synthetic-catalogue.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    connections: { type: 'string', default: '100' },
    elements: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
  },
});
const catalogue = prepareCatalogue(Number(values.elements));
const dist = join(WORK, `loadtest-dist-${values.elements}`);

execFileSync(
  process.execPath,
  ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist],
  { stdio: 'inherit' },
);

/** The workerd processes started by this one. */
function workerdPids(): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const children = new Map<string, string[]>();
  for (const [pid, ppid] of rows) children.set(ppid!, [...(children.get(ppid!) ?? []), pid!]);
  const mine = new Set<string>();
  const stack = [String(process.pid)];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      mine.add(child);
      stack.push(child);
    }
  }
  return rows.filter(([pid, , comm]) => mine.has(pid!) && comm === 'workerd').map(([pid]) => pid!);
}

/**
 * Open sockets and resident memory of workerd (all its processes: the Worker and wrangler's proxy).
 */
function workerdFigures(): { sockets: number; rssMiB: number } {
  let sockets = 0;
  let rssKiB = 0;
  for (const pid of workerdPids()) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
        } catch {
          // closed while we looked
        }
      }
      rssKiB += Number(
        /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
      );
    } catch {
      // the process ended while we looked
    }
  }
  return { sockets, rssMiB: rssKiB / 1024 };
}

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

/** The API answers plain requests after the load: lists, a search, one element. */
async function stillAnswering(base: string, id: string): Promise<string[]> {
  const failures: string[] = [];
  for (const path of [
    '/api/v1/category',
    '/api/v1/data-element?title=penduduk&limit=10',
    `/api/v1/data-element/${id}`,
    '/api/v1/facets?dataSource=dinkes',
  ]) {
    try {
      const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${path}: ${response.status}`);
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`);
    }
  }
  return failures;
}

const worker = await startWorker({ config: 'wrangler.toml', assets: dist, port: 8811 });
const stop = async () => void (await worker.stop());
process.on('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  const sample = (await (await fetch(`${worker.url}${ANY_ID}`)).json()) as { _id: string }[];
  const id = sample[0]!._id;
  const element = (await (await fetch(`${worker.url}/api/v1/data-element/${id}`)).json()) as {
    data: { year: number }[];
  };
  const requests = requestMix(id, element.data[0]!.year);
  await new Promise((r) => setTimeout(r, 5000)); // let the start-up requests' sockets close
  const start = workerdFigures();
  console.log(
    `load: ${values.connections} connections, ${values.seconds} s, ${requests.length} request kinds in rotation, ${values.elements} elements, ${values.rounds} rounds`,
  );
  let failed = false;
  const afterRounds: number[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const figures = await loadRound(requests, start.sockets);
    const failures = await stillAnswering(worker.url, id);
    afterRounds.push(figures.after.rssMiB);
    console.log(`round ${round}`);
    console.log(report(figures, start, failures));
    failed ||=
      figures.fiveHundreds > 0 ||
      figures.errors > 0 ||
      figures.timeouts > 0 ||
      figures.after.sockets > start.sockets ||
      failures.length > 0;
  }
  // Memory a round leaves behind that the next one does not reuse is what would accumulate.
  if (afterRounds.length > 1) {
    const growth = afterRounds.slice(1).map((mib, i) => (mib - afterRounds[i]!).toFixed(0));
    console.log(
      `memory after each round: ${afterRounds.map((m) => m.toFixed(0)).join(', ')} MiB (growth per round: ${growth.join(', ')} MiB)`,
    );
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
  before: { sockets: number; rssMiB: number };
  peak: { sockets: number; rssMiB: number };
  after: { sockets: number; rssMiB: number };
  /** Seconds the sockets took to come back to their starting level (SETTLE_LIMIT_S: never). */
  settledAfterS: number;
}

/** One round of load; then waits (a while at most) for the sockets to settle at `settledAt`. */
async function loadRound(requests: unknown[], settledAt: number): Promise<RoundFigures> {
  const before = workerdFigures();
  let peak = before;
  const sampler = setInterval(() => {
    const now = workerdFigures();
    peak = {
      sockets: Math.max(peak.sockets, now.sockets),
      rssMiB: Math.max(peak.rssMiB, now.rssMiB),
    };
  }, 1000);
  const result = await autocannon({
    url: worker.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: requests as autocannon.Request[],
    timeout: 60,
  });
  clearInterval(sampler);
  // Sockets close some time after their last use: the dev server's proxy keeps connections the
  // load tool closed (CLOSE-WAIT) for a while. Wait for them, three minutes at most.
  let after = workerdFigures();
  let settledAfterS = 0;
  for (; settledAfterS < SETTLE_LIMIT_S && after.sockets > settledAt; settledAfterS += 2) {
    await new Promise((r) => setTimeout(r, 2000));
    after = workerdFigures();
  }
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
    settledAfterS,
  };
}

function report(
  { result, statuses, fiveHundreds, before, peak, after, settledAfterS }: RoundFigures,
  start: { sockets: number; rssMiB: number },
  failures: string[],
): string {
  return [
    `  requests:        ${result.requests.total} (${(result.requests.total / Number(values.seconds)).toFixed(0)} req/s)`,
    `  latency:         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `  answers:         ${JSON.stringify(statuses)}`,
    `  5xx:             ${fiveHundreds}`,
    `  socket errors:   ${result.errors}, timeouts ${result.timeouts}`,
    `  workerd sockets: ${before.sockets} before, ${peak.sockets} at peak, ${after.sockets} after ${settledAfterS} s (${start.sockets} at start)`,
    `  workerd memory:  ${before.rssMiB.toFixed(0)} MiB before, ${peak.rssMiB.toFixed(0)} MiB at peak, ${after.rssMiB.toFixed(0)} MiB after (${start.rssMiB.toFixed(0)} MiB at start)`,
    `  throughput:      ${(result.throughput.average / 1048576).toFixed(1)} MiB/s`,
    `  afterwards:      ${failures.length === 0 ? 'every check answered 200' : failures.join('; ')}`,
  ].join('\n');
}
