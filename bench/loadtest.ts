// npm run loadtest [-- --seconds 60 --connections 100 --elements 10000]
// The Worker in the real workerd over a synthetic snapshot, under 100 connections for 60 s of a
// mixed query stream (hostile patterns, unknown slugs, odd methods and paths included).
// Prints requests/s, p50/p99, answers by status, errors, and workerd's memory before and after.
// Exits non-zero on any 5xx or socket error.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import { QUERY_MIX } from './query-mix.ts';
import { startWorker } from './start-worker.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '100' }, elements: { type: 'string', default: '10000' } } });
const WORK = resolve('bench/.work');
const TITLES = 'realistic'; // title search cost depends on the amount of distinct title text
const catalogue = join(WORK, `catalogue-${values.elements}-${TITLES}`); // the title mode in the name: an older cached catalogue is not reused
const dist = join(WORK, `loadtest-dist-${values.elements}`);

if (!existsSync(join(catalogue, '.complete'))) {
  rmSync(catalogue, { recursive: true, force: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/synth/cli.ts', '--elements', values.elements!, '--out', catalogue, '--titles', TITLES], { stdio: 'inherit' });
  writeFileSync(join(catalogue, '.complete'), '');
}
execFileSync(process.execPath, ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist], { stdio: 'inherit' });

/** Resident memory of the workerd processes started by this one. */
function workerdRssMiB(): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/));
  const children = new Map<string, string[]>();
  for (const [pid, ppid] of rows) children.set(ppid!, [...(children.get(ppid!) ?? []), pid!]);
  const mine = new Set<string>();
  const stack = [String(process.pid)];
  while (stack.length) for (const child of children.get(stack.pop()!) ?? []) mine.add(child), stack.push(child);
  return rows.filter(([pid, , , comm]) => mine.has(pid!) && comm === 'workerd').reduce((sum, [, , rss]) => sum + Number(rss), 0) / 1024;
}

const enc = encodeURIComponent;
// Every connection starts at the top: the cheap and odd requests first, the big answers last.
// No HEAD: autocannon's parser waits for the body a HEAD answer's Content-Length announces
// (the test suite checks HEAD).
// autocannon's types list fewer methods than it sends.
const requests = [
  { method: 'GET', path: '/api/v1/data-element?category=tidak-ada' },
  { method: 'GET', path: '/api/v1/data-element?field=pekerjaan-umum' },
  { method: 'GET', path: '/api/v1/data-element?title=(%3F%3Dx)' },
  { method: 'GET', path: '/api/v1/data-element?title=%E0%A4%A&sector=%zz' },
  { method: 'GET', path: `/api/v1/data-element?title=${'a'.repeat(300)}` },
  { method: 'OPTIONS', path: '/api/v1/category' },
  { method: 'POST', path: '/api/v1/data-element', body: '{}' },
  { method: 'DELETE', path: '/api/v1/sector' },
  { method: 'TRACE', path: '/api/v1/field' },
  { method: 'GET', path: '//api/v1/category' },
  { method: 'GET', path: '/api/v1/../_snapshot/manifest.json' },
  { method: 'GET', path: '/api/v1/field/' },
  ...REDOS_PATTERNS.map((p) => ({ method: 'GET', path: `/api/v1/data-element?title=${enc(p)}&dataSource=dinkes` })),
  ...QUERY_MIX.map((q) => ({ method: 'GET', path: q.path })),
  ...REDOS_PATTERNS.slice(0, 6).map((p) => ({ method: 'GET', path: `/api/v1/data-element?title=${enc(p)}` })),
];

const worker = await startWorker({ config: 'wrangler.toml', assets: dist, port: 8811 });
const stop = async () => void (await worker.stop());
process.on('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  await fetch(`${worker.url}/api/v1/data-element?title=x`).then((r) => r.arrayBuffer()); // index loaded
  const before = workerdRssMiB();
  console.log(`load: ${values.connections} connections, ${values.seconds} s, ${requests.length} request kinds in rotation, ${values.elements} elements`);
  const result = await autocannon({ url: worker.url, connections: Number(values.connections), duration: Number(values.seconds), requests: requests as unknown as autocannon.Request[], timeout: 30 });
  const after = workerdRssMiB();
  const statuses = Object.fromEntries(Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats).map(([k, v]) => [k, v.count]));
  const fiveHundreds = Object.entries(statuses).filter(([s]) => s.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    [
      `requests:        ${result.requests.total} (${(result.requests.total / Number(values.seconds)).toFixed(0)} req/s)`,
      `latency:         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `answers:         ${JSON.stringify(statuses)}`,
      `non-2xx:         ${result.non2xx}`,
      `5xx:             ${fiveHundreds}`,
      `socket errors:   ${result.errors}, timeouts ${result.timeouts}`,
      `workerd memory:  ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after`,
      `throughput:      ${(result.throughput.average / 1048576).toFixed(1)} MiB/s`,
    ].join('\n'),
  );
  process.exitCode = fiveHundreds > 0 || result.errors > 0 || result.timeouts > 0 ? 1 : 0;
} finally {
  await stop();
}
