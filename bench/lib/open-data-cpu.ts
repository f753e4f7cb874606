// Part three's request shapes (docs/harvest.md §13, §14) in process, as bench/answer-cpu.ts measures part
// one's: the Worker's own code (worker/index.ts, the whole Hono app) in Node's V8 over the built
// files, held in memory and handed over as workerd's ASSETS hands them over, every read counted;
// CPU with process.cpuUsage around the request and its body read to the last byte.
//
// Each shape is measured two ways, each on an isolate of its own (a new ASSETS object is a new
// store, worker/snapshot/snapshot-store.ts):
//   cold  the first request of a fresh isolate: every file it needs read and parsed (index,
//         open-data.bin, ids, names.txt, words.bin as it asks);
//   warm  an isolate that has answered the same shape for other values (another page, element or
//         file) first: the request's own reads only.
// Admitted or refused: the status of the `free` (and `paid`) answer; a refusal's body is printed.
// Reads and status are those of the last round; CPU the median of `runs` after 2 unmeasured.
// Node's V8 is not workerd's, and no local runtime reports a request's CPU: as answer-cpu.ts.
import { elementBytes } from '../../test/support/node/published-snapshot.ts';
import { folderAssets, type CountingAssets } from '../../test/support/node/folder-assets.ts';
import { ReadBudget } from '../../worker/snapshot/read-budget.ts';
import { SnapshotStore } from '../../worker/snapshot/snapshot-store.ts';

const ORIGIN = 'https://data.example';

/**
 * The Worker's Hono app. Imported by a path TypeScript does not follow: the Worker's types are
 * workerd's (tsconfig.worker.json), and this file is checked as Node's.
 */
const WORKER = '../../worker/index.ts';
const app = (
  (await import(WORKER)) as {
    default: { request(url: string, init: RequestInit, env: object): Promise<Response> };
  }
).default;

interface Shape {
  name: string;
  /** The measured request, and the one a warm isolate answered first. */
  path: string;
  primer: string;
}

interface Row {
  dist: string;
  plan: 'free' | 'paid';
  shape: string;
  path: string;
  status: number;
  bytes: number;
  coldReads: number;
  coldMs: number;
  warmReads: number;
  warmMs: number;
  /** Warm, CPU until the handler returned its Response (before the body is read). */
  warmToResponseMs: number;
  refusal?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Facts of the snapshot the shapes are built from: counts, an org, ids. */
async function snapshotFacts(dist: string) {
  const index = await new SnapshotStore(folderAssets(dist)).index({ budget: new ReadBudget() });
  const { elementLength } = index.sections;
  const idOf = async (e: number) =>
    (JSON.parse(new TextDecoder().decode(await elementBytes(dist, e))) as { _id: string })._id;
  let largest = 0;
  for (let e = 1; e < elementLength.length; e++)
    if (elementLength[e]! > elementLength[largest]!) largest = e;
  const published = index.elementCount;
  return {
    published,
    middle: await idOf(published >> 1),
    other: await idOf(published >> 2),
    largest: await idOf(largest),
    largestBytes: elementLength[largest]!,
  };
}

async function json(path: string, env: object) {
  const response = await app.request(`${ORIGIN}${path}`, {}, env);
  return (await response.json()) as { result: unknown };
}

async function shapesOf(dist: string, files: CountingAssets): Promise<Shape[]> {
  const facts = await snapshotFacts(dist);
  const env = { ASSETS: files, PLAN: 'paid' };
  const orgs = (
    await json('/api/3/action/organization_list?all_fields=true&sort=package_count%20desc', env)
  ).result as { name: string; package_count: number }[];
  const org = orgs[0]!;
  const small = orgs.filter((o) => o.package_count > 0).at(-1)!;
  const page = (n: number) => Math.floor(n / 100) * 100;
  const mid = page(facts.published / 2);
  const search = (query: string) => `/api/3/action/package_search?${query}`;
  const byId = 'sort=id%20asc';
  // the newest change, as an incremental harvest sees it
  const newest = (
    (await json(search('rows=1&sort=metadata_modified%20desc&fl=metadata_modified'), env))
      .result as { results: { metadata_modified: string }[] }
  ).results[0]!.metadata_modified;
  const since = new Date(Date.parse(`${newest}Z`) - 7 * 86400_000).toISOString().slice(0, 19);
  const fq = (text: string) => `fq=${encodeURIComponent(text)}`;
  return [
    {
      name: 'package_search rows=100 sort=id asc (middle page)',
      path: search(`rows=100&start=${mid}&${byId}`),
      primer: search(`rows=100&start=${page(facts.published / 4)}&${byId}`),
    },
    {
      name: 'package_search rows=1000 sort=id asc (middle)',
      path: search(`rows=1000&start=${mid}&${byId}`),
      primer: search(`rows=1000&start=${page(facts.published / 4)}&${byId}`),
    },
    {
      name: `fq=organization:${org.name} (${org.package_count}) rows=100`,
      path: search(`rows=100&${fq(`organization:${org.name}`)}`),
      primer: search(`rows=100&${fq(`organization:${small.name}`)}`),
    },
    {
      name: `fq=organization:${org.name} rows=100 sort=id asc (middle page)`,
      path: search(
        `rows=100&start=${page(org.package_count / 2)}&${fq(`organization:${org.name}`)}&${byId}`,
      ),
      primer: search(`rows=100&${fq(`organization:${org.name}`)}&${byId}`),
    },
    {
      name: `fq=organization:${small.name} (${small.package_count}) rows=100 sort=id asc`,
      path: search(`rows=100&${fq(`organization:${small.name}`)}&${byId}`),
      primer: search(`rows=100&${fq(`organization:${org.name}`)}&${byId}`),
    },
    {
      name: 'fq=metadata_modified:[7 days before the newest TO *] rows=100 sort=id asc',
      path: search(`rows=100&${fq(`metadata_modified:[${since}Z TO *]`)}&${byId}`),
      primer: search(`rows=100&start=${mid}&${byId}`),
    },
    {
      name: 'q=penduduk rows=100',
      path: search('q=penduduk&rows=100'),
      primer: search('q=jumlah&rows=100'),
    },
    { name: 'catalog.ttl page 50', path: '/catalog.ttl?page=50', primer: '/catalog.ttl?page=10' },
    {
      name: 'catalog.jsonld page 50',
      path: '/catalog.jsonld?page=50',
      primer: '/catalog.jsonld?page=10',
    },
    {
      name: '/dataset/{id}.ttl',
      path: `/dataset/${facts.middle}.ttl`,
      primer: `/dataset/${facts.other}.ttl`,
    },
    { name: '/dataset/{id}', path: `/dataset/${facts.middle}`, primer: `/dataset/${facts.other}` },
    {
      name: `/dataset/{largest} (${facts.largestBytes} B of JSON)`,
      path: `/dataset/${facts.largest}`,
      primer: `/dataset/${facts.other}`,
    },
    { name: 'sitemap-1.xml', path: '/sitemap-1.xml', primer: '/sitemap-2.xml' },
  ];
}

/** A new isolate's ASSETS over the same bytes in memory: a store of its own, its reads counted. */
function isolateAssets(files: CountingAssets) {
  const counted = { reads: 0 };
  const assets = {
    fetch: (url: string) => {
      counted.reads++;
      return files.fetch(url);
    },
  };
  return { assets, counted };
}

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/**
 * CPU to the Response (the handler's work: for package_search the packages read and copied, for
 * the pages and DCAT the rendering), and with its body read to the last byte. package_search's
 * body is a JavaScript stream of one chunk per package and comma (worker/http/ckan-envelope.ts):
 * Node's web streams cost ~5-10 µs a chunk to read, 10-20 ms for rows=1000 on this machine.
 */
async function measured(path: string, env: object) {
  const started = process.cpuUsage();
  const response = await app.request(`${ORIGIN}${path}`, {}, env);
  const toResponse = process.cpuUsage(started);
  const body = new Uint8Array(await response.arrayBuffer());
  const used = process.cpuUsage(started);
  return { status: response.status, body, cpuMs: cpuMs(used), toResponseMs: cpuMs(toResponse) };
}

export async function measureOpenData(dists: string[], runs = 7): Promise<Row[]> {
  const rows: Row[] = [];
  for (const dist of dists) {
    const files = folderAssets(dist, { inMemory: true });
    const shapes = await shapesOf(dist, files);
    for (const plan of ['free', 'paid'] as const) {
      const cold = shapes.map(() => [] as number[]);
      const warm = shapes.map(() => [] as number[]);
      const warmToResponse = shapes.map(() => [] as number[]);
      const last: Omit<
        Row,
        'dist' | 'plan' | 'shape' | 'path' | 'coldMs' | 'warmMs' | 'warmToResponseMs'
      >[] = [];
      for (let round = 0; round < runs + 2; round++) {
        for (const [i, shape] of shapes.entries()) {
          // cold: a fresh isolate's first request
          const fresh = isolateAssets(files);
          const first = await measured(shape.path, { ASSETS: fresh.assets, PLAN: plan });
          const coldReads = fresh.counted.reads;
          // warm: another isolate, after the primer
          const other = isolateAssets(files);
          await measured(shape.primer, { ASSETS: other.assets, PLAN: plan });
          other.counted.reads = 0;
          const second = await measured(shape.path, { ASSETS: other.assets, PLAN: plan });
          if (round >= 2) {
            cold[i]!.push(first.cpuMs);
            warm[i]!.push(second.cpuMs);
            warmToResponse[i]!.push(second.toResponseMs);
          }
          last[i] = {
            status: second.status,
            bytes: second.body.length,
            coldReads,
            warmReads: other.counted.reads,
            ...(second.status === 200 && first.status === 200
              ? {}
              : {
                  refusal: `cold ${first.status}, warm ${second.status}: ${new TextDecoder().decode(second.status === 200 ? first.body : second.body).slice(0, 600)}`,
                }),
          };
        }
      }
      shapes.forEach((shape, i) =>
        rows.push({
          dist,
          plan,
          shape: shape.name,
          path: shape.path,
          ...last[i]!,
          coldMs: median(cold[i]!),
          warmMs: median(warm[i]!),
          warmToResponseMs: median(warmToResponse[i]!),
        }),
      );
    }
  }
  return rows;
}
