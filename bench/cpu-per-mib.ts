// CPU per MiB answered, ours against the same bytes as a static file, in the same workerd on this
// machine: each server started alone (tools/serve/start-worker.ts, the `paid` profile, the edge
// cache off so every answer is assembled), each large answer asked for `--runs` times in turn, and
// the CPU of all the workerd processes this one started read from /proc (every thread) around
// the requests. A static file's figure is what serving bytes costs anyway; the ratio is ours.
// Usage: tsx bench/cpu-per-mib.ts DIST [--runs N]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processTree } from '../tools/serve/process-tree.ts';
import { startWorker } from '../tools/serve/start-worker.ts';
import { ANSWER_SHAPES } from './lib/answer-cpu.ts';
import { WORK } from './lib/synthetic-catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:cpu-per-mib --',
  positionals: '[DIST]',
  about:
    "workerd's CPU per MiB answered, ours against a static file of the same bytes (DIST: dist).",
  options: {
    runs: {
      type: 'string',
      default: '5',
      value: 'N',
      help: 'requests of each large answer, in turns',
    },
  },
});
const dist = positionals[0] ?? 'dist';
const runs = Number(values.runs);
const PORT = 8841;
const STATIC_MAX_BYTES = 24 * 1048576;

/** The large answers of bench/answer-cpu.ts: what the paid profile alone answers whole. */
const LARGE = ANSWER_SHAPES.filter(({ name }) =>
  [
    'broad title',
    'one data source',
    'title + two filters',
    'whole catalogue',
    'projected listing',
  ].includes(name),
);

/** CPU seconds of every thread of every workerd process under this one. */
function workerdCpuMs(): number {
  let ns = 0;
  for (const { pid, command } of processTree(process.pid)) {
    if (command !== 'workerd') continue;
    for (const task of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  }
  return ns / 1e6;
}

/** Median CPU ms and bytes of `runs` requests for each path, one at a time. */
async function measure(base: string, paths: string[]) {
  const figures = [];
  for (const path of paths) {
    const cpu: number[] = [];
    let bytes = 0;
    await (await fetch(`${base}${path}`)).arrayBuffer(); // compiled, index loaded
    for (let i = 0; i < runs; i++) {
      const before = workerdCpuMs();
      bytes = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
      cpu.push(workerdCpuMs() - before);
    }
    figures.push({ ms: cpu.sort((a, b) => a - b)[cpu.length >> 1]!, bytes });
  }
  return figures;
}

const answersDir = join(WORK, 'cpu-per-mib-static');
rmSync(answersDir, { recursive: true, force: true });
mkdirSync(answersDir, { recursive: true });

const ours = await startWorker({
  config: 'wrangler.toml',
  assets: dist,
  port: PORT,
  vars: { PLAN: 'paid', EDGE_CACHE: 'off' },
});
let oursFigures;
try {
  const paths = LARGE.map(({ query }) => `/api/v1/data-element?${query}`);
  for (const [i, path] of paths.entries()) {
    const bytes = new Uint8Array(await (await fetch(`${ours.url}${path}`)).arrayBuffer());
    // a static asset may have 25 MiB at most: a larger answer has no static file to compare with
    if (bytes.length <= STATIC_MAX_BYTES) writeFileSync(join(answersDir, `a${i}.json`), bytes);
  }
  oursFigures = await measure(ours.url, paths);
} finally {
  await ours.stop();
}

const config = join(WORK, 'cpu-per-mib-static.toml');
writeFileSync(
  config,
  [
    'name = "static"',
    'compatibility_date = "2026-04-01"',
    '[assets]',
    `directory = "${answersDir}"`,
    '',
  ].join('\n'),
);
const staticFile = await startWorker({ config, port: PORT });
let staticFigures;
try {
  const kept = oursFigures.map(({ bytes }, i) => (bytes <= STATIC_MAX_BYTES ? i : -1));
  const measured = await measure(
    staticFile.url,
    kept.filter((i) => i >= 0).map((i) => `/a${i}.json`),
  );
  staticFigures = kept.map((i) => (i >= 0 ? measured.shift() : undefined));
} finally {
  await staticFile.stop();
}

console.log(
  `| answer | MiB | ours: ms CPU | ours: ms per MiB | static file: ms CPU | static: ms per MiB | ours / static |`,
);
console.log('|---|---|---|---|---|---|---|');
LARGE.forEach(({ name }, i) => {
  const mib = oursFigures[i]!.bytes / 1048576;
  const o = oursFigures[i]!.ms;
  const s = staticFigures[i]?.ms;
  const cell = (value: number | undefined, digits: number) =>
    value === undefined ? '- (over 24 MiB)' : value.toFixed(digits);
  console.log(
    `| ${name} | ${mib.toFixed(1)} | ${o.toFixed(1)} | ${(o / mib).toFixed(2)} | ${cell(s, 1)} | ${cell(s && s / mib, 2)} | ${cell(s && o / s, 2)} |`,
  );
});
