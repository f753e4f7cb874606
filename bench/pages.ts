// npm run bench:pages [-- --elements 100000 --shape scattered --plans free,paid --pages 300
//                        --seconds 3 --slices 3 --seed 1 --dist DIR]
// Element pages (docs/harvest.md §14) against the physical limit, as bench/run.ts measures part one's
// answers: `--pages` random published elements (seed), their `/dataset/{_id}` from our Worker
// (started by tools/serve/start-worker.ts, the function `npm start` runs, once per profile) and
// the same page bytes as static files served by the same workerd (an assets-only Worker). Prints:
//   - page weight: HTML bytes and gzip bytes (node:zlib at its default level), p50 and max;
//   - reads per page: the Worker's own reads of the snapshot (ASSETS fetches), counted in process
//     (Node, worker/index.ts over the built files, as bench/open-data-cpu.ts counts them) for a
//     fresh isolate's first page (index and part three's files included) and for an isolate that
//     has answered other pages (the page's own reads), with the CPU of that warm page;
//   - pages per second: autocannon (bench/lib/autocannon.ts), 10 connections, each going through
//     the sample's pages in turn; each side after 1 s of unmeasured load, then in turns, `--slices`
//     of `--seconds` each, pooled (a shared machine's drift falls on every side alike); and the
//     ratio of each profile's Worker to the static files.
// Builds the catalogue's snapshot into bench/.work unless `--dist` names one. Exits non-zero on any
// page not answered 200 (in process, over HTTP, or under load). Stops every server it started.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { folderAssets } from '../test/support/node/folder-assets.ts';
import { startWorker, type RunningWorker } from '../tools/serve/start-worker.ts';
import { ServerSet, stopOnSignals } from '../tools/serve/served-worker.ts';
import { measureLoad, pooled, type LoadFigures } from './lib/load.ts';
import {
  CATALOGUE_SHAPES,
  WORK,
  prepareCatalogue,
  type CatalogueShape,
} from './lib/synthetic-catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run bench:pages --',
  about: 'Element pages against the same bytes as static files: weight, reads, pages per second.',
  options: {
    elements: { type: 'string', default: '100000', value: 'N', help: 'elements in the catalogue' },
    shape: {
      type: 'string',
      default: 'scattered',
      value: 'scattered|clustered',
      help: "how the data sources' elements lie in the catalogue",
    },
    plans: { type: 'string', default: 'free,paid', value: 'LIST', help: 'deployment profiles' },
    pages: { type: 'string', default: '300', value: 'N', help: 'random published elements' },
    seconds: { type: 'string', default: '3', value: 'N', help: 'length of each slice of load' },
    slices: { type: 'string', default: '3', value: 'N', help: 'slices of load on each side' },
    seed: { type: 'string', default: '1', value: 'N', help: 'seed of the random sample' },
    dist: { type: 'string', value: 'DIR', help: 'a snapshot already built (none built)' },
  },
});
const shape = values.shape as CatalogueShape;
if (!(shape in CATALOGUE_SHAPES)) throw new Error(`unknown shape ${shape}`);
const plans = values.plans.split(',');
for (const plan of plans) if (!['free', 'paid'].includes(plan)) throw new Error(`plan ${plan}?`);
const PAGES = Number(values.pages);
const SECONDS = Number(values.seconds);
const SLICES = Number(values.slices);
const WARM_UP_SECONDS = 1;
const PORTS = { ours: 8871, limit: 8879 };
const ORIGIN = 'https://data.example';

const log = (line: string) => console.log(`[pages] ${line}`);
const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- servers, stopped whatever happens ----------------------------------------------------------
const servers = new ServerSet();
stopOnSignals(servers);

// ---- the snapshot --------------------------------------------------------------------------------
function snapshot(): string {
  if (values.dist) return values.dist;
  const catalogue = prepareCatalogue(Number(values.elements), shape);
  const dist = join(WORK, `pages-dist-${values.elements}-${shape}`);
  log(`build ${catalogue} → ${dist}`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'generator/cli.ts', '--data', catalogue, '--out', dist],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return dist;
}

// ---- in process: the Worker's reads per page ---------------------------------------------------
/** The Worker's Hono app (a path TypeScript does not follow: bench/open-data-cpu.ts says why). */
const WORKER = '../worker/index.ts';
const app = (
  (await import(WORKER)) as {
    default: { request(url: string, init: RequestInit, env: object): Promise<Response> };
  }
).default;

interface InProcess {
  ids: string[];
  /** Every published element. */
  published: number;
  coldReads: number[];
  warmReads: number[];
  warmCpuMs: number[];
  refused: string[];
}

async function inProcess(dist: string): Promise<InProcess> {
  const files = folderAssets(dist, { inMemory: true });
  /** A new isolate: an ASSETS object of its own is a store of its own, its reads counted. */
  const isolate = () => {
    const counted = { reads: 0 };
    const ASSETS = {
      fetch: (url: string) => {
        counted.reads++;
        return files.fetch(url);
      },
    };
    return { counted, env: (plan: string) => ({ ASSETS, PLAN: plan }) };
  };
  const lister = isolate();
  // every published _id, from CKAN's package_search (part one's search answers in workerd's
  // streams, which Node has not)
  const ids: string[] = [];
  for (let start = 0; ; start += 1000) {
    const answer = await app.request(
      `${ORIGIN}/api/3/action/package_search?rows=1000&start=${start}&sort=id%20asc&fl=id`,
      {},
      lister.env('paid'),
    );
    const page = ((await answer.json()) as { result: { results: { id: string }[] } }).result
      .results;
    ids.push(...page.map((p) => p.id));
    if (page.length < 1000) break;
  }
  const random = mulberry32(Number(values.seed));
  const sample = new Set<string>();
  while (sample.size < Math.min(PAGES, ids.length))
    sample.add(ids[Math.floor(random() * ids.length)]!);

  // the default profile: a page admitted in `free` is admitted in `paid`
  const coldReads: number[] = [];
  const warmReads: number[] = [];
  const warmCpuMs: number[] = [];
  const refused: string[] = [];
  // (the Worker keeps one store, for the last ASSETS it saw: the cold pages first, then the warm)
  for (const id of sample) {
    const fresh = isolate();
    const cold = await app.request(`${ORIGIN}/dataset/${id}`, {}, fresh.env('free'));
    const body = await cold.arrayBuffer();
    coldReads.push(fresh.counted.reads);
    if (cold.status !== 200)
      refused.push(`${id}: ${cold.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  }
  const busy = isolate();
  const primer = ids.find((id) => !sample.has(id))!;
  await (await app.request(`${ORIGIN}/dataset/${primer}`, {}, busy.env('free'))).arrayBuffer();
  for (const id of sample) {
    busy.counted.reads = 0;
    const before = process.cpuUsage();
    const warm = await app.request(`${ORIGIN}/dataset/${id}`, {}, busy.env('free'));
    const body = await warm.arrayBuffer();
    const used = process.cpuUsage(before);
    warmCpuMs.push((used.user + used.system) / 1000);
    warmReads.push(busy.counted.reads);
    if (warm.status !== 200)
      refused.push(`${id}: ${warm.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  }
  return { ids: [...sample], published: ids.length, coldReads, warmReads, warmCpuMs, refused };
}

// ---- over HTTP ---------------------------------------------------------------------------------
async function timeRequest(url: string) {
  const t = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - t, status: response.status, body };
}

/** Waits until a side answers a small request promptly again: one slice must not spill over. */
async function drain(url: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until && (await timeRequest(url)).ms > 50)
    await new Promise((r) => setTimeout(r, 500));
}

function limitConfig(dir: string): string {
  const path = join(WORK, 'pages-limit.toml');
  writeFileSync(
    path,
    [
      'name = "pages-limit"',
      'compatibility_date = "2026-04-01"',
      '[assets]',
      `directory = "${dir}"`,
      'html_handling = "none"',
      '',
    ].join('\n'),
  );
  return path;
}

const median = (list: number[]) => percentile(list, 0.5);

async function main() {
  const dist = snapshot();
  log(`in process: ${PAGES} random pages, reads counted (${dist})`);
  const measured = await inProcess(dist);
  const { ids } = measured;

  const ours: { plan: string; worker: RunningWorker }[] = [];
  for (const [i, plan] of plans.entries())
    ours.push({
      plan,
      worker: await servers.started(
        startWorker({
          config: 'wrangler.toml',
          assets: dist,
          port: PORTS.ours + i,
          vars: { PLAN: plan },
        }),
      ),
    });

  // the pages as our Worker serves them (the first profile), then as static files
  log(`over HTTP: the ${ids.length} pages, once each`);
  const limitDir = join(WORK, 'pages-limit');
  rmSync(limitDir, { recursive: true, force: true });
  mkdirSync(join(limitDir, 'dataset'), { recursive: true });
  const html: number[] = [];
  const gzip: number[] = [];
  const firstMs: number[] = [];
  const failed: string[] = [];
  for (const id of ids) {
    const { ms, status, body } = await timeRequest(`${ours[0]!.worker.url}/dataset/${id}`);
    if (status !== 200) failed.push(`/dataset/${id}: ${status} ${body.toString().slice(0, 300)}`);
    firstMs.push(ms);
    html.push(body.length);
    gzip.push(gzipSync(body).length);
    writeFileSync(join(limitDir, 'dataset', `${id}.html`), body);
  }
  const limit = await servers.started(
    startWorker({ config: limitConfig(limitDir), port: PORTS.limit }),
  );
  const check = await timeRequest(`${limit.url}/dataset/${ids[0]}.html`);
  if (check.status !== 200 || check.body.length !== html[0])
    throw new Error(`the static file: ${check.status}, ${check.body.length} B, not ${html[0]} B`);

  const sides = [
    ...ours.map(({ plan, worker }) => ({
      name: `ours, ${plan}`,
      base: worker.url,
      paths: ids.map((id) => `/dataset/${id}`),
      idle: `${worker.url}/robots.txt`,
    })),
    {
      name: 'static file',
      base: limit.url,
      paths: ids.map((id) => `/dataset/${id}.html`),
      idle: `${limit.url}/dataset/${ids[0]}.html`,
    },
  ];
  log(`under load: ${sides.map((s) => s.name).join(', ')}, in turns`);
  const slices = sides.map(() => [] as LoadFigures[]);
  for (const side of sides) {
    await measureLoad(side.base, WARM_UP_SECONDS, 10, side.paths);
    await drain(side.idle);
  }
  for (let slice = 0; slice < SLICES; slice++)
    for (const [i, side] of sides.entries()) {
      slices[i]!.push(await measureLoad(side.base, SECONDS, 10, side.paths));
      await drain(side.idle);
    }
  const loads = slices.map((list) => pooled(list, SECONDS));
  await servers.stopAll();

  // ---- report ------------------------------------------------------------------------------------
  const staticLoad = loads.at(-1)!;
  const kb = (n: number) => n.toLocaleString('en');
  const lines = [
    '',
    `Element pages, ${dist} (${measured.published.toLocaleString('en')} published), ${ids.length} random pages (seed ${values.seed}), ${new Date().toISOString()}`,
    '',
    `page weight:   HTML p50 ${kb(median(html))} B, max ${kb(Math.max(...html))} B; gzip p50 ${kb(median(gzip))} B, max ${kb(Math.max(...gzip))} B`,
    `reads a page:  fresh isolate p50 ${median(measured.coldReads)}, max ${Math.max(...measured.coldReads)}; isolate that answered other pages p50 ${median(measured.warmReads)}, max ${Math.max(...measured.warmReads)} (in process, PLAN=free)`,
    `CPU a page:    p50 ${median(measured.warmCpuMs).toFixed(1)} ms, max ${Math.max(...measured.warmCpuMs).toFixed(1)} ms (in process, Node's V8, the warm isolate)`,
    `first fetch:   p50 ${median(firstMs).toFixed(1)} ms, max ${Math.max(...firstMs).toFixed(1)} ms (one client, ${ours[0]!.plan})`,
    '',
    `| side | pages/s | p50 ms | p99 ms | B an answer, headers included | non-2xx, errors | / static file |`,
    `| ---- | ------- | ------ | ------ | ----------------------------- | --------------- | ------------- |`,
    ...sides.map((side, i) => {
      const f = loads[i]!;
      return `| ${side.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.bytesPerResponse.toFixed(0)} | ${f.non2xx}, ${f.errors} | ${(f.rps / staticLoad.rps).toFixed(2)} |`;
    }),
    '',
    `load: autocannon, 10 connections through the ${ids.length} pages in turn, ${WARM_UP_SECONDS} s unmeasured then ${SLICES} slices of ${SECONDS} s per side, in turns, pooled`,
  ];
  const refusals = [...measured.refused, ...failed];
  const underLoad = loads.filter((f) => f.non2xx || f.errors).length;
  if (refusals.length) lines.push('', 'NOT ANSWERED 200:', ...refusals.map((r) => `  ${r}`));
  if (underLoad) lines.push('', `${underLoad} side(s) had non-2xx answers or errors under load`);
  console.log(lines.join('\n'));
  return refusals.length === 0 && underLoad === 0;
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} finally {
  await servers.stopAll();
}
