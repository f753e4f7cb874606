// npm run soak [-- --elements 100000 --shapes scattered,clustered --plans free,paid --seconds 60
//                  --connections 8 --ulimit 1024]
// What users run, under real use: for each catalogue shape and deployment profile, the server is
// started by the command `npm start` runs (tools/serve/cli.ts, as a child process, with
// `--var PLAN:<plan>`; under `ulimit -n` when given), then a mixed load of a few clients (broad,
// mid-size scattered, selective and hostile searches, pages, lists, one element, CSV, facets,
// errors) runs for a minute. Prints, per run, requests and answers by status, and the open
// descriptors of the server's processes before, at peak and after. Exits non-zero on any 5xx,
// network error or time-out, on descriptors that end more than 200 above where they started,
// or on a server that no longer answers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from './autocannon.ts';
import { processTree } from '../test/support/node/process-tree.ts';
import { stillAnswering } from './still-answering.ts';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import {
  CATALOGUE_SHAPES,
  WORK,
  prepareCatalogue,
  type CatalogueShape,
} from './synthetic-catalogue.ts';

const { values } = parseArgs({
  options: {
    elements: { type: 'string', default: '100000' },
    shapes: { type: 'string', default: 'scattered,clustered' },
    plans: { type: 'string', default: 'free,paid' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '8' },
    ulimit: { type: 'string' },
    port: { type: 'string', default: '8831' },
  },
});
const shapes = values.shapes.split(',') as CatalogueShape[];
for (const shape of shapes)
  if (!(shape in CATALOGUE_SHAPES)) throw new Error(`unknown shape ${shape}`);
const plans = values.plans.split(',');
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
/** How far above their start the server's descriptors may end (contract §10). */
const DESCRIPTOR_SLACK = 200;

const enc = encodeURIComponent;
/** The mix: cheap and odd requests first, then searches of every size. */
function requestMix(id: string, year: number) {
  const search = (query: string) => ({ method: 'GET', path: `/api/v1/data-element?${query}` });
  return [
    { method: 'GET', path: '/api/v1/category' },
    { method: 'GET', path: '/api/v1/data-source' },
    search('category=tidak-ada'),
    search('datasource=dinkes'),
    search('limit=0'),
    search(`title=${'a'.repeat(300)}`),
    { method: 'OPTIONS', path: '/api/v1/category' },
    { method: 'POST', path: '/api/v1/data-element', body: '{}' },
    { method: 'GET', path: '/api/v1/../_snapshot/manifest.json' },
    { method: 'GET', path: `/api/v1/data-element/${id}` },
    { method: 'GET', path: `/api/v1/data-element/${id}/${year}.csv` },
    { method: 'GET', path: '/api/v1/data-element/tidak-ada' },
    { method: 'GET', path: '/api/v1/facets?title=penduduk' },
    { method: 'GET', path: '/api/v1/facets?sector=kesehatan&year=2022' },
    // selective, and pages
    search(`title=${enc('pasar tradisional.*desa')}`),
    search('title=jumlah&limit=100&offset=1000&fields=_id,title,unit'),
    search('title=posyandu&limit=100'),
    search('limit=100&offset=40000'),
    // mid-size, scattered over the catalogue
    search('title=jumlah&dataSource=dinkes&sector=kesehatan'),
    search('dataSource=dinkes&category=spm'),
    search('title=sekolah%20dasar'),
    search('title=posyandu'),
    search('title=kecamatan%20kota'),
    search('year=2019&dataSource=dishub'),
    // a search box: q as it is typed, a page each; q's errors; facets with q
    ...['j', 'ju', 'jum', 'jumlah', 'jumlah p', 'jumlah pend', 'jumlah penduduk kec'].map((q) =>
      search(`q=${enc(q)}&limit=20&fields=_id,title`),
    ),
    search('q=%20-'),
    search(`q=${enc('a b c d e f g h i j k l m')}`),
    { method: 'GET', path: '/api/v1/facets?q=jumlah%20pend' },
    search('q=rumah%20tangga'),
    search('q=jalan&dataSource=dpupr'),
    // hostile patterns
    ...REDOS_PATTERNS.slice(0, 4).map((p) => search(`title=${enc(p)}`)),
    // broad: refused in `free`, whole in `paid`
    search('title=penduduk'),
    search('q=jumlah'),
    search('dataSource=dinkes'),
    search(''),
  ];
}

/** Open descriptors of the server's processes together. */
function descriptors(server: ChildProcess): number {
  let count = 0;
  for (const { pid } of processTree(server.pid ?? -1)) {
    try {
      count += readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      // ended while we looked
    }
  }
  return count;
}

/** `npm start`'s server command, as a child of its own process group. */
function startServer(dist: string, plan: string): ChildProcess {
  const command = `exec node --import tsx tools/serve/cli.ts --assets ${JSON.stringify(dist)} --port ${port} --var PLAN:${plan}`;
  return spawn(
    'bash',
    ['-c', values.ulimit ? `ulimit -n ${values.ulimit} && ${command}` : command],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
}

async function waitUntilServing(server: ChildProcess) {
  const started = Date.now();
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('Serving on')) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    if (Date.now() - started > 60_000) throw new Error('the server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    const group = -(server.pid ?? 0);
    process.kill(group, 'SIGTERM');
    setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // gone
      }
    }, 10_000).unref();
  });
}

async function soak(shape: CatalogueShape, plan: string): Promise<boolean> {
  const catalogue = prepareCatalogue(Number(values.elements), shape);
  const dist = join(WORK, `soak-dist-${values.elements}-${shape}`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const server = startServer(dist, plan);
  try {
    await waitUntilServing(server);
    const [first] = (await (
      await fetch(`${base}/api/v1/data-element?limit=1&fields=_id`)
    ).json()) as { _id: string }[];
    const id = first!._id;
    const element = (await (await fetch(`${base}/api/v1/data-element/${id}`)).json()) as {
      data: { year: number }[];
    };
    await new Promise((r) => setTimeout(r, 2000)); // the start-up requests' sockets close
    const before = descriptors(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, descriptors(server))), 500);
    const result = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      requests: requestMix(id, element.data[0]!.year) as autocannon.Request[],
      timeout: 30,
    });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 5000)); // closed connections are closed a little later
    const after = descriptors(server);
    const failures = await stillAnswering(base, id);
    const statuses = Object.fromEntries(
      Object.entries(
        (result as unknown as { statusCodeStats: Record<string, { count: number }> })
          .statusCodeStats,
      ).map(([status, { count }]) => [status, count]),
    );
    const fiveHundreds = Object.entries(statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0);
    const ok =
      fiveHundreds === 0 &&
      result.errors === 0 &&
      result.timeouts === 0 &&
      after - before <= DESCRIPTOR_SLACK &&
      failures.length === 0;
    console.log(
      [
        `${shape}, PLAN=${plan}${values.ulimit ? `, ulimit -n ${values.ulimit}` : ''}: ${ok ? 'held' : 'FAILED'}`,
        `  requests:    ${result.requests.total} in ${values.seconds} s, ${values.connections} clients (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`,
        `  answers:     ${JSON.stringify(statuses)}; 5xx ${fiveHundreds}, errors ${result.errors}, time-outs ${result.timeouts}`,
        `  descriptors: ${before} before, ${peak} at peak, ${after} after`,
        `  afterwards:  ${failures.length === 0 ? 'every check answered 200' : failures.join('; ')}`,
      ].join('\n'),
    );
    return ok;
  } finally {
    await stopServer(server);
  }
}

let failed = false;
for (const shape of shapes) for (const plan of plans) failed = !(await soak(shape, plan)) || failed;
process.exitCode = failed ? 1 : 0;
