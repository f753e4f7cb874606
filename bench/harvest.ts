// npx tsx bench/harvest.ts DIST [--plan free|paid] [--port N] [--pages 300] [--seconds 10]
//                          [--skip ckan,dcat,pages,cpu,load] [--json FILE]
// Part three as the open-data world meets it (docs/harvest.md §13, §14), over a built snapshot served the
// way `npm start` serves it: `tools/serve/cli.ts --assets DIST --port N --var PLAN:<plan>` spawned
// as a process (as bench/soak.ts does), one client, loopback.
//
//   ckan   a full CKAN harvest as ckanext-harvest gathers it (test/support/ckan/harvester.ts:
//          rows=100, sort=id asc, start += 100 until an empty page), checked against
//          package_search?rows=0's count and the published ids (/api/v1/data-element, projected);
//          then with organizations_filter_include (the largest and the smallest data source) and
//          with `since` (incremental: 1, 7, 30 and 365 days before the newest metadata_modified),
//          each checked against its own rows=0 count and the full harvest's packages.
//   dcat   a DCAT harvester's walk: /catalog.ttl, then hydra:next to the end (n3), every
//          dataset's dct:identifier once, against the published ids.
//   pages  `--pages` random /dataset/{_id} pages (HTML bytes, gzip bytes with node:zlib), the page
//          of the element with the most bytes, /sitemap.xml and each /sitemap-N.xml (every page
//          once).
//   cpu    the CPU of every thread of the server's workerd processes (/proc/<pid>/task/*/schedstat,
//          as bench/cpu-per-mib.ts reads it) around one request at a time, median of 7 after one
//          unmeasured: a few of part three's shapes, and part one's element and a snapshot file as
//          what any request costs the runtime (loopback, wrangler's proxy and all).
//   load   pages per second of /dataset/{id} against /api/v1/data-element/{id} (the same element)
//          and /favicon.ico (a snapshot file served as it is), each under the same autocannon
//          load (10 connections, `--seconds`, after 2 s unmeasured), one run.
//
// Any answer that is not a 200 (or a network error, or a time-out of 120 s) is reported with its
// URL and body, and that shape is measured no further. Exits non-zero when anything failed.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Parser, type Quad } from 'n3';
import autocannon from './lib/autocannon.ts';
import {
  changesSince,
  harvestPackages,
  type FetchLike,
  type HarvestConfig,
} from '../test/support/ckan/harvester.ts';
import { elementBytes } from '../test/support/node/published-snapshot.ts';
import { folderAssets } from '../test/support/node/folder-assets.ts';
import { processTree } from '../tools/serve/process-tree.ts';
import { ServerSet, serveProcess, stopOnSignals } from '../tools/serve/served-worker.ts';
import { ReadBudget } from '../worker/snapshot/read-budget.ts';
import { SnapshotStore } from '../worker/snapshot/snapshot-store.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:harvest --',
  positionals: 'DIST',
  about: "Part three as harvesters and visitors meet it, against npm start's server over DIST.",
  options: {
    plan: { type: 'string', default: 'free', value: 'free|paid', help: 'the deployment profile' },
    port: { type: 'string', default: '8951', value: 'N', help: "the server's port" },
    pages: { type: 'string', default: '300', value: 'N', help: 'random element pages fetched' },
    seconds: { type: 'string', default: '10', value: 'N', help: 'length of each load' },
    skip: {
      type: 'string',
      default: '',
      value: 'LIST',
      help: 'parts left out, comma-separated: ckan,dcat,pages,cpu,load',
    },
    seed: { type: 'string', default: '1', value: 'N', help: 'seed of the random pages' },
    json: { type: 'string', value: 'FILE', help: 'also write the figures to FILE as JSON' },
  },
});
const dist = positionals[0];
if (!dist || !['free', 'paid'].includes(values.plan)) {
  console.error(
    'usage: npm run bench:harvest -- DIST [--plan free|paid] [options]; --help lists the options',
  );
  process.exit(2);
}
const plan = values.plan;
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const skip = new Set(values.skip.split(',').filter(Boolean));
const REQUEST_TIMEOUT_MS = 120_000;

// ---- figures ------------------------------------------------------------------------------------

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}` : '-');
const mib = (bytes: number) => (bytes / 1048576).toFixed(2);

interface Failure {
  url: string;
  status: number | string;
  body: string;
}
interface Timed {
  url: string;
  status: number;
  ms: number;
  bytes: number;
}
const report: Record<string, unknown> = { dist, plan, started: new Date().toISOString() };
const failures: (Failure & { shape: string })[] = [];

class ShapeFailed extends Error {
  constructor(readonly failure: Failure) {
    super(`${failure.status} ${failure.url}`);
  }
}

/** One GET, timed to its last byte; never throws (a network error is status "error"). */
async function get(url: string): Promise<Timed & { body: Buffer; type: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      url,
      status: response.status,
      ms: performance.now() - started,
      bytes: body.length,
      body,
      type: response.headers.get('content-type') ?? '',
    };
  } catch (error) {
    return {
      url,
      status: 0,
      ms: performance.now() - started,
      bytes: 0,
      body: Buffer.from(String(error)),
      type: '',
    };
  }
}

/** A GET that must be a 200, else the shape fails with the URL and the body. */
async function get200(url: string) {
  const answer = await get(url);
  if (answer.status !== 200)
    throw new ShapeFailed({
      url,
      status: answer.status || 'network error or time-out',
      body: answer.body.toString('utf8').slice(0, 2000),
    });
  return answer;
}

async function shape<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    const failure: Failure =
      error instanceof ShapeFailed
        ? error.failure
        : { url: '-', status: 'exception', body: String((error as Error).stack ?? error) };
    failures.push({ shape: name, ...failure });
    console.log(`  ${name}: FAILED\n    ${failure.status} GET ${failure.url}\n    ${failure.body}`);
    return undefined;
  }
}

// ---- what the snapshot holds, read beside the server --------------------------------------------

/** The _id of the published element with the most bytes (its page renders the most). */
async function largestElement(): Promise<{ id: string; bytes: number }> {
  const index = await new SnapshotStore(folderAssets(dist!)).index({ budget: new ReadBudget() });
  const { elementLength } = index.sections;
  let largest = 0;
  for (let e = 1; e < elementLength.length; e++)
    if (elementLength[e]! > elementLength[largest]!) largest = e;
  const element = JSON.parse(new TextDecoder().decode(await elementBytes(dist!, largest))) as {
    _id: string;
  };
  return { id: element._id, bytes: elementLength[largest]! };
}

/** Every published _id, from part one's own API (pages of 1,000, projected). */
async function publishedIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = JSON.parse(
      (
        await get200(`${base}/api/v1/data-element?fields=_id&limit=1000&offset=${offset}`)
      ).body.toString(),
    ) as { _id: string }[];
    ids.push(...page.map((e) => e._id));
    if (page.length < 1000) return ids;
  }
}

const searchCount = async (fq?: string) =>
  (
    JSON.parse(
      (
        await get200(
          `${base}/api/3/action/package_search?rows=0${fq ? `&fq=${encodeURIComponent(fq)}` : ''}`,
        )
      ).body.toString(),
    ) as { result: { count: number } }
  ).result.count;

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- 1. CKAN harvest ----------------------------------------------------------------------------

interface HarvestFigures {
  label: string;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  max: number;
  packages: number;
  expected: number;
  exactlyOnce: boolean;
  bytes: number;
}

/** ckanext-harvest's gather stage over the server; every answer timed, every non-200 a failure. */
async function harvest(
  label: string,
  config: HarvestConfig,
  expectedIds: Set<string>,
): Promise<{ figures: HarvestFigures; packages: Record<string, unknown>[] }> {
  const timings: Timed[] = [];
  let failed: Failure | undefined;
  const timedFetch: FetchLike = async (url) => {
    if (failed) throw new Error('stopped after a failure');
    const answer = await get(url);
    timings.push(answer);
    if (answer.status !== 200) {
      // ckanext-harvest reads an error envelope as an empty page and stops paging, quietly: here
      // it is a failure, reported with its URL and body
      failed = {
        url,
        status: answer.status || 'network error or time-out',
        body: answer.body.toString('utf8').slice(0, 2000),
      };
      if (answer.status === 0) throw new Error(String(answer.body));
    }
    const text = answer.body.toString('utf8');
    return { text: async () => text };
  };
  const started = performance.now();
  const result = await harvestPackages(timedFetch, base, config).catch((error: Error) => {
    if (failed) return undefined;
    throw error;
  });
  const seconds = (performance.now() - started) / 1000;
  if (failed) {
    // what the harvester itself made of it: ckanext-harvest would go on with these
    const gathered = result
      ? `; the harvester (test/support/ckan/harvester.ts) returned ${result.packages.length} packages of ${expectedIds.size} expected after ${result.requests} requests, gather errors: ${JSON.stringify(result.gatherErrors)}`
      : '';
    throw new ShapeFailed({ ...failed, body: `${failed.body}${gathered}` });
  }
  const ids = result!.packages.map((p) => String(p.id));
  const unique = new Set(ids);
  const exactlyOnce =
    unique.size === ids.length &&
    unique.size === expectedIds.size &&
    [...unique].every((id) => expectedIds.has(id));
  const walls = timings.map((t) => t.ms);
  const figures: HarvestFigures = {
    label,
    requests: result!.requests,
    seconds,
    p50: percentile(walls, 0.5),
    p95: percentile(walls, 0.95),
    max: Math.max(...walls),
    packages: ids.length,
    expected: expectedIds.size,
    exactlyOnce,
    bytes: timings.reduce((sum, t) => sum + t.bytes, 0),
  };
  console.log(
    `  ${label}: ${figures.requests} requests in ${figures.seconds.toFixed(1)} s, per request p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, max ${ms(figures.max)} ms; ${mib(figures.bytes)} MiB; ${figures.packages} packages of ${figures.expected} expected, ${exactlyOnce ? 'each exactly once' : '**NOT each exactly once**'}`,
  );
  if (!exactlyOnce)
    throw new ShapeFailed({
      url: timings.at(-1)?.url ?? '-',
      status: 'wrong count',
      body: `${ids.length} packages (${unique.size} distinct), ${expectedIds.size} expected; missing ${[...expectedIds].filter((id) => !unique.has(id)).length}, not expected ${[...unique].filter((id) => !expectedIds.has(id)).length}`,
    });
  return { figures, packages: result!.packages };
}

async function ckan(published: string[]) {
  console.log('CKAN harvest');
  const count = await searchCount();
  console.log(`  package_search?rows=0: count ${count}; published ids: ${published.length}`);
  report.ckanCount = count;
  if (count !== published.length)
    failures.push({
      shape: 'ckan count',
      url: `${base}/api/3/action/package_search?rows=0`,
      status: 'wrong count',
      body: `count ${count}, published ${published.length}`,
    });
  const all = new Set(published);
  const rows: HarvestFigures[] = [];
  const full = await shape('ckan full harvest', () => harvest('full', {}, all));
  if (full) rows.push(full.figures);

  // organizations: the largest and the smallest with packages
  const orgs = (
    JSON.parse(
      (
        await get200(
          `${base}/api/3/action/organization_list?all_fields=true&sort=package_count%20desc`,
        )
      ).body.toString(),
    ) as { result: { name: string; package_count: number }[] }
  ).result.filter((o) => o.package_count > 0);
  for (const org of [orgs[0]!, orgs.at(-1)!]) {
    const label = `organizations_filter_include [${org.name}] (${org.package_count})`;
    await shape(`ckan ${label}`, async () => {
      const expected = full
        ? new Set(
            full.packages
              .filter((p) => (p.organization as { name: string }).name === org.name)
              .map((p) => String(p.id)),
          )
        : undefined;
      const counted = await searchCount(`organization:${org.name}`);
      if (expected && counted !== expected.size)
        throw new ShapeFailed({
          url: `package_search?rows=0&fq=organization:${org.name}`,
          status: 'wrong count',
          body: `count ${counted}, the full harvest has ${expected.size}`,
        });
      const { figures } = await harvest(
        label,
        { organizations_filter_include: [org.name] },
        expected ?? new Set(),
      );
      rows.push(figures);
    });
  }

  // incremental harvests: since N days before the newest change
  if (full) {
    const modified = full.packages.map((p) => Date.parse(`${String(p.metadata_modified)}Z`));
    const newest = Math.max(...modified);
    for (const days of [1, 7, 30, 365]) {
      // as the harvester computes it: (last gather started - 1 hour), naive UTC isoformat
      const since = changesSince(new Date(newest - days * 86400_000 + 3600_000));
      const sinceMs = Date.parse(`${since}Z`);
      const expected = new Set(
        full.packages.filter((_, i) => modified[i]! >= sinceMs).map((p) => String(p.id)),
      );
      const label = `since ${days} d (${since}, ${expected.size} changed)`;
      await shape(`ckan ${label}`, async () => {
        const counted = await searchCount(`metadata_modified:[${since}Z TO *]`);
        if (counted !== expected.size)
          throw new ShapeFailed({
            url: `package_search?rows=0&fq=metadata_modified:[${since}Z TO *]`,
            status: 'wrong count',
            body: `count ${counted}, the full harvest has ${expected.size} modified since`,
          });
        const { figures } = await harvest(label, { since }, expected);
        rows.push(figures);
      });
    }
  }
  report.ckan = rows;
}

// ---- 2. DCAT walk -------------------------------------------------------------------------------

const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const DCAT_DATASET = 'http://www.w3.org/ns/dcat#Dataset';
const DCT_IDENTIFIER = 'http://purl.org/dc/terms/identifier';

async function dcat(published: string[]) {
  console.log('DCAT walk');
  await shape('dcat walk', async () => {
    const seen = new Map<string, number>();
    const walls: number[] = [];
    let bytes = 0;
    let totalItems: number | undefined;
    const started = performance.now();
    for (let url: string | undefined = `${base}/catalog.ttl`; url;) {
      const answer = await get200(url);
      walls.push(answer.ms);
      bytes += answer.bytes;
      const quads: Quad[] = new Parser({ format: 'text/turtle', baseIRI: url }).parse(
        answer.body.toString('utf8'),
      );
      const datasets = new Set(
        quads
          .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === DCAT_DATASET)
          .map((q) => q.subject.value),
      );
      for (const q of quads) {
        if (q.predicate.value === DCT_IDENTIFIER && datasets.has(q.subject.value))
          seen.set(q.object.value, (seen.get(q.object.value) ?? 0) + 1);
        if (q.predicate.value === `${HYDRA}totalItems`) totalItems = Number(q.object.value);
      }
      url = quads.find((q) => q.predicate.value === `${HYDRA}next`)?.object.value;
    }
    const seconds = (performance.now() - started) / 1000;
    const all = new Set(published);
    const exactlyOnce =
      seen.size === all.size &&
      [...seen].every(([id, n]) => n === 1 && all.has(id)) &&
      totalItems === all.size;
    const figures = {
      requests: walls.length,
      seconds,
      p50: percentile(walls, 0.5),
      p95: percentile(walls, 0.95),
      max: Math.max(...walls),
      datasets: [...seen.values()].reduce((a, b) => a + b, 0),
      totalItems,
      exactlyOnce,
      bytes,
    };
    report.dcat = figures;
    console.log(
      `  ${figures.requests} pages in ${seconds.toFixed(1)} s, per page p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, max ${ms(figures.max)} ms; ${mib(bytes)} MiB; ${figures.datasets} datasets (hydra:totalItems ${totalItems}) of ${all.size} published, ${exactlyOnce ? 'each exactly once' : '**NOT each exactly once**'}`,
    );
    if (!exactlyOnce)
      throw new ShapeFailed({
        url: `${base}/catalog.ttl`,
        status: 'wrong count',
        body: `${seen.size} distinct identifiers, ${figures.datasets} in all, totalItems ${totalItems}, ${all.size} published`,
      });
  });
}

// ---- 3. element pages and the sitemap -----------------------------------------------------------

async function pages(published: string[]) {
  console.log('Element pages');
  const random = mulberry32(Number(values.seed));
  const sample = Array.from(
    { length: Number(values.pages) },
    () => published[Math.floor(random() * published.length)]!,
  );
  await shape('element pages', async () => {
    const walls: number[] = [];
    const html: number[] = [];
    const gzip: number[] = [];
    for (const id of sample) {
      const answer = await get200(`${base}/dataset/${id}`);
      if (!answer.type.startsWith('text/html'))
        throw new ShapeFailed({ url: answer.url, status: answer.type, body: 'not HTML' });
      walls.push(answer.ms);
      html.push(answer.bytes);
      gzip.push(gzipSync(answer.body).length);
    }
    const figures = {
      pages: sample.length,
      p50: percentile(walls, 0.5),
      p95: percentile(walls, 0.95),
      max: Math.max(...walls),
      htmlP50: percentile(html, 0.5),
      htmlP95: percentile(html, 0.95),
      htmlMax: Math.max(...html),
      gzipP50: percentile(gzip, 0.5),
      gzipP95: percentile(gzip, 0.95),
      gzipMax: Math.max(...gzip),
    };
    report.pages = figures;
    console.log(
      `  ${figures.pages} random pages: p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, max ${ms(figures.max)} ms; HTML p50 ${figures.htmlP50} B, p95 ${figures.htmlP95} B, max ${figures.htmlMax} B; gzip p50 ${figures.gzipP50} B, p95 ${figures.gzipP95} B, max ${figures.gzipMax} B`,
    );
  });
  await shape('the largest element page', async () => {
    const { id, bytes } = await largestElement();
    const answer = await get200(`${base}/dataset/${id}`);
    const again = await get200(`${base}/dataset/${id}`);
    report.largestPage = {
      id,
      elementBytes: bytes,
      ms: answer.ms,
      againMs: again.ms,
      html: answer.bytes,
      gzip: gzipSync(answer.body).length,
    };
    console.log(
      `  the largest element (${id}, ${bytes} B of JSON): ${ms(answer.ms)} ms (again ${ms(again.ms)} ms), HTML ${answer.bytes} B, gzip ${gzipSync(answer.body).length} B`,
    );
  });
  await shape('sitemap', async () => {
    const index = await get200(`${base}/sitemap.xml`);
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const files = index.body.includes('<sitemapindex') ? locs(index.body.toString()) : [];
    const rows: { url: string; ms: number; bytes: number; urls: number }[] = [
      {
        url: '/sitemap.xml',
        ms: index.ms,
        bytes: index.bytes,
        urls: files.length ? 0 : locs(index.body.toString()).length,
      },
    ];
    const pageUrls = files.length ? [] : locs(index.body.toString());
    for (const file of files) {
      const answer = await get200(file);
      const urls = locs(answer.body.toString());
      pageUrls.push(...urls);
      rows.push({
        url: new URL(file).pathname,
        ms: answer.ms,
        bytes: answer.bytes,
        urls: urls.length,
      });
    }
    const once = new Set(pageUrls).size === pageUrls.length && pageUrls.length === published.length;
    report.sitemap = { rows, pages: pageUrls.length, once };
    const perFile = rows.slice(1);
    console.log(
      `  /sitemap.xml ${ms(rows[0]!.ms)} ms, ${rows[0]!.bytes} B, ${files.length} files; each file: ${perFile.map((r) => `${ms(r.ms)} ms/${(r.bytes / 1024).toFixed(0)} KiB/${r.urls}`).join(', ')}; ${pageUrls.length} pages of ${published.length} published, ${once ? 'each once' : '**NOT each once**'}`,
    );
    if (!once)
      throw new ShapeFailed({
        url: `${base}/sitemap.xml`,
        status: 'wrong count',
        body: `${pageUrls.length} page URLs, ${new Set(pageUrls).size} distinct, ${published.length} published`,
      });
  });
}

// ---- 4. the runtime's CPU per request ----------------------------------------------------------

/** CPU ms of every thread of every workerd process under the server. */
function workerdCpuMs(server: ChildProcess): number {
  let ns = 0;
  for (const { pid, command } of processTree(server.pid ?? -1)) {
    if (command !== 'workerd') continue;
    try {
      for (const task of readdirSync(`/proc/${pid}/task`))
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread ended while we looked
    }
  }
  return ns / 1e6;
}

async function runtimeCpu(server: ChildProcess, published: string[]) {
  console.log('workerd CPU per request (every thread, median of 7)');
  const id = published[Math.floor(published.length / 2)]!;
  const mid = Math.floor(published.length / 200) * 100;
  const search = (query: string) => `/api/3/action/package_search?${query}`;
  const rows = [];
  for (const path of [
    search(`rows=100&start=${mid}&sort=id%20asc`),
    search(`rows=1000&start=${mid}&sort=id%20asc`),
    '/catalog.ttl?page=50',
    '/catalog.jsonld?page=50',
    `/dataset/${id}.ttl`,
    `/dataset/${id}`,
    '/sitemap-1.xml',
    `/api/v1/data-element/${id}`,
    // part one's page of 1,000 (2.3 MiB, written in 128 KiB chunks): moving bytes, for comparison
    `/api/v1/data-element?limit=1000&offset=${mid}`,
    '/favicon.ico',
  ]) {
    const row = await shape(`cpu ${path}`, async () => {
      await get200(`${base}${path}`);
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 7; i++) {
        const before = workerdCpuMs(server);
        bytes = (await get200(`${base}${path}`)).bytes;
        cpu.push(workerdCpuMs(server) - before);
      }
      const figures = { path, ms: percentile(cpu, 0.5), bytes };
      console.log(`  ${path}: ${ms(figures.ms)} ms, ${(bytes / 1024).toFixed(1)} KiB`);
      return figures;
    });
    if (row) rows.push(row);
  }
  report.cpu = rows;
}

// ---- 5. pages per second under load -------------------------------------------------------------

async function load(published: string[]) {
  console.log('Under load (autocannon, 10 connections)');
  const id = published[Math.floor(published.length / 2)]!;
  const rows: Record<string, unknown>[] = [];
  for (const path of [`/dataset/${id}`, `/api/v1/data-element/${id}`, '/favicon.ico']) {
    const ok = await shape(`load ${path}`, async () => {
      await get200(`${base}${path}`);
      await autocannon({ url: `${base}${path}`, connections: 10, duration: 2 });
      const result = await autocannon({
        url: `${base}${path}`,
        connections: 10,
        duration: Number(values.seconds),
        timeout: 30,
      });
      const row = {
        path,
        rps: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
      };
      if (row.non2xx || row.errors || row.timeouts)
        throw new ShapeFailed({
          url: `${base}${path}`,
          status: 'under load',
          body: `${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} time-outs`,
        });
      console.log(
        `  ${path}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.bytesPerAnswer.toFixed(0)} B an answer`,
      );
      return row;
    });
    if (ok) rows.push(ok);
  }
  if (rows.length === 3) {
    const [page, element, file] = rows as { rps: number }[];
    console.log(
      `  page / element ${(page!.rps / element!.rps).toFixed(2)}, page / favicon ${(page!.rps / file!.rps).toFixed(2)}`,
    );
  }
  report.load = rows;
}

// ---- main ---------------------------------------------------------------------------------------

// the server, as `npm start` runs it (as bench/soak.ts does); stopped at the end or on Ctrl-C
const servers = new ServerSet();
stopOnSignals(servers);
const { server } = await servers.started(
  serveProcess({
    assets: dist,
    port,
    vars: { PLAN: plan },
    startLimitMs: 180_000,
    stderr: 'inherit',
  }),
);
try {
  console.log(`${dist}, PLAN=${plan}, ${base}`);
  const published = await shape('published ids', publishedIds);
  if (published) {
    console.log(`  ${published.length} published ids (/api/v1/data-element?fields=_id&limit=1000)`);
    if (!skip.has('ckan')) await ckan(published);
    if (!skip.has('dcat')) await dcat(published);
    if (!skip.has('pages')) await pages(published);
    if (!skip.has('cpu')) await runtimeCpu(server, published);
    if (!skip.has('load')) await load(published);
  }
} finally {
  await servers.stopAll();
}
report.failures = failures;
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
if (failures.length) {
  console.log(`${failures.length} failure(s):`);
  for (const f of failures) console.log(`  ${f.shape}: ${f.status} ${f.url}\n    ${f.body}`);
}
process.exitCode = failures.length ? 1 : 0;
