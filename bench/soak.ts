// npm run soak [-- --elements 100000 --shapes scattered,clustered --plans free,paid --seconds 60
//                  --connections 8 --ulimit 1024 --overlay-percent 1 | --dist DIR]
// What users run, under real use: for each catalogue shape and deployment profile, the server is
// started by the command `npm start` runs (tools/serve/cli.ts, as a child process, with
// `--var PLAN:<plan>`; under `ulimit -n` when given), then a mixed load of a few clients (broad,
// mid-size scattered, selective and hostile searches, pages, lists, one element, CSV, facets,
// errors; and part three: element pages by `_id` and by name, the 404 page, the sitemap, robots,
// DCAT pages, CKAN searches, shows and refusals) runs for a minute. Prints, per run, requests and
// answers by status, part three's answers by request, and the open descriptors of the server's
// processes before, at peak and after. Exits non-zero on any 5xx, network error or time-out, on a
// part-three request answered with another status than its own (a page or a page of 100 refused,
// say), on descriptors that end more than 200 above where they started, or on a server that no
// longer answers. `--overlay-percent P`: the server serves a nightly build, on a base of the
// catalogue, with one cell changed in P % of the published elements (scattered) in its overlay.
// `--dist DIR` serves a snapshot already built (one shape; none is synthesized or built).
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from './lib/autocannon.ts';
import { processTree } from '../tools/serve/process-tree.ts';
import { ServerSet, serveProcess, stopOnSignals } from '../tools/serve/served-worker.ts';
import { stillAnswering } from './lib/still-answering.ts';
import { REDOS_PATTERNS } from '../test/support/redos-patterns.ts';
import {
  editCell,
  editElements,
  linkTree,
  sampler,
  surveyCatalogue,
} from './lib/catalogue-edits.ts';
import {
  CATALOGUE_SHAPES,
  WORK,
  prepareCatalogue,
  type CatalogueShape,
} from './lib/synthetic-catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run soak --',
  about: "npm start's server per catalogue shape and profile under a mixed load of a few clients.",
  options: {
    elements: { type: 'string', default: '100000', value: 'N', help: 'elements in the catalogue' },
    shapes: {
      type: 'string',
      default: 'scattered,clustered',
      value: 'LIST',
      help: "how the data sources' elements lie in the catalogue, comma-separated",
    },
    plans: { type: 'string', default: 'free,paid', value: 'LIST', help: 'deployment profiles' },
    seconds: { type: 'string', default: '60', value: 'N', help: 'length of the load' },
    connections: { type: 'string', default: '8', value: 'N', help: 'concurrent clients' },
    ulimit: { type: 'string', value: 'N', help: "the server's descriptor limit (ulimit -n)" },
    port: { type: 'string', default: '8831', value: 'N', help: "the server's port" },
    'overlay-percent': {
      type: 'string',
      default: '0',
      value: 'P',
      help: 'serve a nightly build: one cell changed in P % of the elements, in its overlay',
    },
    dist: {
      type: 'string',
      value: 'DIR',
      help: 'a snapshot already built (one shape; none built)',
    },
  },
});
const overlayPercent = Number(values['overlay-percent']);
const shapes = values.shapes.split(',') as CatalogueShape[];
for (const shape of shapes)
  if (!(shape in CATALOGUE_SHAPES)) throw new Error(`unknown shape ${shape}`);
const plans = values.plans.split(',');
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
/** How far above their start the server's descriptors may end (docs/operations.md §10). */
const DESCRIPTOR_SLACK = 200;

const enc = encodeURIComponent;
/** The server of the run under way, stopped after it or on Ctrl-C. */
const servers = new ServerSet();
stopOnSignals(servers);

interface MixRequest {
  method: string;
  path: string;
  body?: string;
  /** Part three's requests (docs/harvest.md §13, §14): the one status each must get, in either profile. */
  expect?: number;
}

/** What the mix needs from the catalogue, asked of the server once it serves. */
interface MixFacts {
  id: string;
  year: number;
  /** The element's CKAN name (package_show's `name`). */
  name: string;
  /** The largest organization (CKAN's data source). */
  organization: string;
  /** One sitemap file when /sitemap.xml is an index, else /sitemap.xml again. */
  sitemapFile: string;
}

/** The mix: cheap and odd requests first, then searches of every size. */
function requestMix({ id, year, name, organization, sitemapFile }: MixFacts): MixRequest[] {
  const search = (query: string) => ({ method: 'GET', path: `/api/v1/data-element?${query}` });
  const part3 = (path: string, expect: number, method = 'GET', body?: string): MixRequest => ({
    method,
    path,
    expect,
    ...(body === undefined ? {} : { body }),
  });
  const ckan = (query: string) => `/api/3/action/${query}`;
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
    // part three: element pages, the sitemap, DCAT, CKAN's action API
    part3(`/dataset/${id}`, 200),
    part3(`/dataset/${enc(name)}`, 200),
    part3('/dataset/tidak-ada', 404),
    part3('/sitemap.xml', 200),
    part3(sitemapFile, 200),
    part3('/robots.txt', 200),
    // joined from the dataset parts the build stored: answered in both profiles
    part3('/catalog.ttl?page=2', 200),
    part3('/catalog.jsonld', 200),
    part3(`/dataset/${id}.ttl`, 200),
    part3(ckan('package_search?rows=100&start=1000&sort=id%20asc'), 200),
    part3(ckan('package_search?q=jumlah&rows=20'), 200),
    part3(ckan(`package_search?fq=${enc(`organization:${organization}`)}&rows=100`), 200),
    part3(ckan(`package_show?id=${enc(id)}`), 200),
    part3(ckan('status_show'), 200),
    part3(ckan('tidak_ada'), 400),
    part3(ckan('package_create'), 403, 'POST', '{"name":"baru"}'),
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

/** Per request of the mix: how often it was sent, and its answers by status. */
interface Counted {
  sent: number;
  answers: Record<string, number>;
}

/**
 * The mix as autocannon's requests, each counting its sending (`setupRequest`, called as each
 * request is built to be sent) and its answers by status (`onResponse`; bench/lib/autocannon.ts keeps
 * no body): what was sent and not answered timed out or was in flight at the end.
 */
function countedMix(mix: MixRequest[]) {
  const counts = new Map<MixRequest, Counted>();
  const requests = mix.map((request) => {
    const { expect: _, ...sent } = request;
    const counted: Counted = { sent: 0, answers: {} };
    counts.set(request, counted);
    return {
      ...sent,
      setupRequest: (built: object) => {
        counted.sent++;
        return built;
      },
      onResponse: (status: number) => {
        counted.answers[status] = (counted.answers[status] ?? 0) + 1;
      },
    };
  });
  return { requests, counts };
}

/** The facts the mix needs, from the server's own answers. */
async function mixFacts(): Promise<MixFacts> {
  const json = async <T>(path: string) => {
    const response = await fetch(`${base}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const [first] = await json<{ _id: string }[]>('/api/v1/data-element?limit=1&fields=_id');
  const id = first!._id;
  const element = await json<{ data: { year: number }[] }>(`/api/v1/data-element/${id}`);
  const { result: pkg } = await json<{ result: { name: string } }>(
    `/api/3/action/package_show?id=${enc(id)}`,
  );
  const { result: orgs } = await json<{ result: { name: string }[] }>(
    '/api/3/action/organization_list?all_fields=true&sort=package_count%20desc',
  );
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const firstFile = sitemap.includes('<sitemapindex')
    ? /<loc>([^<]*)<\/loc>/.exec(sitemap)?.[1]
    : undefined;
  return {
    id,
    year: element.data[0]!.year,
    name: pkg.name,
    organization: orgs[0]!.name,
    sitemapFile: firstFile ? new URL(firstFile).pathname : '/sitemap.xml',
  };
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

async function soak(shape: CatalogueShape, plan: string): Promise<boolean> {
  const dist = values.dist ?? join(WORK, `soak-dist-${values.elements}-${shape}`);
  if (values.dist === undefined) {
    const catalogue = prepareCatalogue(Number(values.elements), shape);
    const build = (data: string, ...options: string[]) =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'generator/cli.ts', '--data', data, '--out', dist, ...options],
        { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
      );
    if (overlayPercent > 0) {
      // a base of the catalogue, then the night's edits built on it
      build(catalogue, '--new-base');
      const edited = join(WORK, `soak-edited-${values.elements}-${shape}`);
      linkTree(catalogue, edited);
      const { published } = surveyCatalogue(catalogue);
      const count = Math.round((published.length * overlayPercent) / 100);
      editElements(catalogue, edited, sampler(33)(published, count), editCell);
      const built = build(edited);
      console.log(`${shape}: ${/element files +(.*)/.exec(built)?.[1]}`);
      rmSync(edited, { recursive: true, force: true });
    } else build(catalogue);
  }
  const { server } = await servers.started(
    serveProcess({
      assets: dist,
      port,
      vars: { PLAN: plan },
      ...(values.ulimit ? { ulimit: values.ulimit } : {}),
      startLimitMs: 60_000,
      stderr: 'inherit',
    }),
  );
  try {
    const facts = await mixFacts();
    const { id } = facts;
    const mix = requestMix(facts);
    const { requests, counts } = countedMix(mix);
    await new Promise((r) => setTimeout(r, 2000)); // the start-up requests' sockets close
    const before = descriptors(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, descriptors(server))), 500);
    const result = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      requests: requests as autocannon.Request[],
      timeout: 30,
    });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 5000)); // closed connections are closed a little later
    const after = descriptors(server);
    const failures = await stillAnswering(base, id, [
      `/dataset/${id}`,
      `/api/3/action/package_search?rows=100&start=1000&sort=id%20asc`,
    ]);
    const statuses = Object.fromEntries(
      Object.entries(
        (result as unknown as { statusCodeStats: Record<string, { count: number }> })
          .statusCodeStats,
      ).map(([status, { count }]) => [status, count]),
    );
    const fiveHundreds = Object.entries(statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0);
    // part three's requests: each answered with its own status only
    const partThree = [...counts]
      .filter(([request]) => request.expect !== undefined)
      .map(([request, { answers }]) => ({
        request,
        tally: answers,
        right: Object.keys(answers).every((status) => Number(status) === request.expect),
      }));
    const wrong = partThree.filter((r) => !r.right);
    // sent and never answered: the requests that timed out (or were in flight at the end)
    const unanswered = [...counts]
      .map(([request, { sent, answers }]) => ({
        request,
        missing: sent - Object.values(answers).reduce((a, b) => a + b, 0),
      }))
      .filter((r) => r.missing > 0);
    const ok =
      fiveHundreds === 0 &&
      result.errors === 0 &&
      result.timeouts === 0 &&
      wrong.length === 0 &&
      after - before <= DESCRIPTOR_SLACK &&
      failures.length === 0;
    const label = (r: MixRequest) =>
      `${r.method === 'GET' ? '' : `${r.method} `}${r.path
        .replace(enc(facts.name), '{name}')
        .replace(id, '{id}')
        .replace(enc(`organization:${facts.organization}`), `organization:${facts.organization}`)
        .replace(/(.{60}).{4,}/, '$1…')}`;
    const answered = partThree.reduce(
      (sum, r) => sum + Object.values(r.tally).reduce((a, b) => a + b, 0),
      0,
    );
    console.log(
      [
        `${shape}, PLAN=${plan}${values.ulimit ? `, ulimit -n ${values.ulimit}` : ''}: ${ok ? 'held' : 'FAILED'}`,
        `  requests:    ${result.requests.total} in ${values.seconds} s, ${values.connections} clients (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`,
        `  answers:     ${JSON.stringify(statuses)}; 5xx ${fiveHundreds}, errors ${result.errors}, time-outs ${result.timeouts}`,
        `  part three:  ${answered} answers of ${partThree.length} request kinds, ${wrong.length === 0 ? 'each with its own status' : `${wrong.length} with another status than their own`}`,
        ...partThree.map(
          (r) =>
            `    ${r.right ? ' ' : '!'} ${label(r.request)}: ${Object.entries(r.tally)
              .map(([status, n]) => `${status} ×${n}`)
              .join(', ')} (expected ${r.request.expect})`,
        ),
        `  unanswered:  ${unanswered.length === 0 ? 'none' : unanswered.map((r) => `${label(r.request)} ×${r.missing}`).join(', ')} (time-outs, or in flight at the end)`,
        `  descriptors: ${before} before, ${peak} at peak, ${after} after`,
        `  afterwards:  ${failures.length === 0 ? 'every check answered 200' : failures.join('; ')}`,
      ].join('\n'),
    );
    return ok;
  } finally {
    await servers.stopAll();
  }
}

let failed = false;
for (const shape of shapes) for (const plan of plans) failed = !(await soak(shape, plan)) || failed;
process.exitCode = failed ? 1 : 0;
