// The whole-catalogue download (docs/harvest.md §13.3), measured. Build: the parts of a catalogue at each
// zlib level (wall and CPU of the dump's own step, the catalogue compiled beforehand), with their
// sizes against the JSON Lines they hold. Serve: each part of a built snapshot downloaded from the
// Worker as `npm start` runs it (tools/serve/start-worker.ts), checked against the listing's
// SHA-256, with the wall time and the CPU of every workerd thread (as bench/cpu-per-mib.ts reads
// it), against the same file served by workerd as a plain static asset, with no Worker at all.
// Usage: tsx bench/dump.ts [--data DIR] [--levels 1,6,9] [--dist DIST] [--runs N] [--plan free|paid]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH, snapshotPaths, type Manifest } from '../core/snapshot-layout.ts';
import type { CatalogueDump } from '../core/schema.ts';
import { buildDump } from '../generator/build-dump.ts';
import { compileCatalogue } from '../generator/compile-catalogue.ts';
import { readCatalogue } from '../generator/read-catalogue.ts';
import { startWorker } from '../tools/serve/start-worker.ts';
import { processTree } from '../tools/serve/process-tree.ts';
import { WORK } from './lib/synthetic-catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run bench:dump --',
  about: 'The whole-catalogue download: its parts built at each zlib level, and served.',
  options: {
    data: { type: 'string', value: 'DIR', help: 'a catalogue: its parts built at each level' },
    levels: {
      type: 'string',
      default: '1,6,9',
      value: 'LIST',
      help: 'zlib levels, comma-separated',
    },
    dist: {
      type: 'string',
      value: 'DIST',
      help: 'a built snapshot: its parts downloaded from the Worker and as static files',
    },
    runs: { type: 'string', default: '5', value: 'N', help: 'downloads of each part (median)' },
    plan: { type: 'string', default: 'free', value: 'free|paid', help: 'the deployment profile' },
  },
});
/** CPU ms of every thread of every workerd process under this one (as bench/cpu-per-mib.ts). */
function workerdCpuMs(): number {
  let ns = 0;
  for (const { pid, command } of processTree(process.pid)) {
    if (command !== 'workerd') continue;
    for (const task of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  }
  return ns / 1e6;
}

const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;

if (values.data) {
  const catalogue = compileCatalogue(readCatalogue(values.data));
  const lines = catalogue.published.reduce((sum, element) => sum + element.byteLength + 1, 0);
  console.log(
    `${catalogue.published.length} published elements, ${mib(lines)} MiB of JSON Lines\n`,
  );
  console.log('| level | parts | MiB per part | MiB in all | ratio | wall s | CPU s |');
  console.log('|---|---|---|---|---|---|---|');
  for (const level of values.levels.split(',').map(Number)) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const parts = buildDump(catalogue.published, { dumpLevel: level });
    const wall = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    const total = parts.reduce((sum, part) => sum + part.bytes.length, 0);
    console.log(
      `| ${level} | ${parts.length} | ${parts.map((part) => mib(part.bytes.length)).join(', ')} | ${mib(total)} | ${(lines / total).toFixed(2)} | ${wall.toFixed(1)} | ${((user + system) / 1e6).toFixed(1)} |`,
    );
  }
  console.log();
}

if (values.dist) {
  const dist = values.dist;
  const runs = Number(values.runs);
  const manifest = JSON.parse(readFileSync(join(dist, MANIFEST_PATH), 'utf8')) as Manifest;

  /**
   * Median wall and workerd CPU of `runs` downloads of each path, and the bytes' SHA-256; with
   * `head`, the same of a HEAD: all of the request but the bytes.
   */
  async function download(base: string, paths: string[], head = false) {
    const figures = [];
    for (const path of paths) {
      await (await fetch(`${base}${path}`)).arrayBuffer(); // the manifest loaded, code compiled
      const wall: number[] = [];
      const cpu: number[] = [];
      let sha256 = '';
      for (let i = 0; i < runs; i++) {
        const before = workerdCpuMs();
        const started = performance.now();
        const response = await fetch(`${base}${path}`, { method: head ? 'HEAD' : 'GET' });
        const bytes = new Uint8Array(await response.arrayBuffer());
        wall.push(performance.now() - started);
        cpu.push(workerdCpuMs() - before);
        sha256 = createHash('sha256').update(bytes).digest('hex');
      }
      figures.push({ wallMs: median(wall), cpuMs: median(cpu), sha256 });
    }
    return figures;
  }

  const worker = await startWorker({
    config: 'wrangler.toml',
    assets: dist,
    port: 8851,
    vars: { PLAN: values.plan! },
  });
  let listing: CatalogueDump;
  let ours;
  let heads;
  try {
    listing = (await (await fetch(`${worker.url}/api/v1/dump`)).json()) as CatalogueDump;
    const paths = listing.parts.map(({ url }) => new URL(url).pathname);
    ours = await download(worker.url, paths);
    heads = await download(worker.url, paths, true);
  } finally {
    await worker.stop();
  }

  // the same files as plain static assets: what serving the bytes costs without a Worker
  const config = join(WORK, 'dump-static.toml');
  mkdirSync(WORK, { recursive: true });
  const folder = join(dist, snapshotPaths(manifest.buildId).dumpPart(0), '..');
  writeFileSync(
    config,
    [
      'name = "static"',
      'compatibility_date = "2026-04-01"',
      '[assets]',
      `directory = "${folder}"`,
      '',
    ].join('\n'),
  );
  const plain = await startWorker({ config, port: 8852 });
  let statics;
  try {
    statics = await download(
      plain.url,
      listing.parts.map((_, n) => `/${snapshotPaths('x').dumpPart(n).split('/').pop()}`),
    );
  } finally {
    await plain.stop();
  }

  console.log(
    `${dist}: snapshot ${listing.snapshot}, ${listing.elements} elements, PLAN ${values.plan}, median of ${runs}`,
  );
  console.log(
    '| part | elements | MiB | SHA-256 as listed | wall ms | workerd CPU ms | HEAD: CPU ms | static file: wall ms | static: CPU ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  listing.parts.forEach((part, n) => {
    const o = ours[n]!;
    const s = statics[n]!;
    console.log(
      `| ${n + 1} | ${part.elements} | ${mib(part.bytes)} | ${o.sha256 === part.sha256 && s.sha256 === part.sha256 ? 'yes' : 'NO'} | ${o.wallMs.toFixed(0)} | ${o.cpuMs.toFixed(1)} | ${heads[n]!.cpuMs.toFixed(1)} | ${s.wallMs.toFixed(0)} | ${s.cpuMs.toFixed(1)} |`,
    );
  });
}
