// Never-seen title patterns answered by a Worker that is already warm: `npx tsx
// bench/fresh-patterns.ts [DIST]` (default bench/.work/dist-100000, built by `npm run bench`).
// In workerd (wrangler dev, loopback), each benchmark pattern is sent in 15 variants that mean
// the same but were never compiled (`(?:qN){0}` appended, which matches the empty string), each
// once and then again (cached). Printed: what each took beyond a request of the category list,
// medians; a first request's extra time is its pattern's compile, binding and first search. Wall
// time on a shared machine: the figures include whatever else ran.
import { startWorker } from '../tools/serve/start-worker.ts';
import { TITLE_PATTERNS } from './lib/title-patterns.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { positionals } = parseCommandLine({
  command: 'npm run bench:fresh-patterns --',
  positionals: '[DIST]',
  about: 'Never-seen title patterns against a warm Worker (DIST: bench/.work/dist-100000).',
  options: {},
});
const dist = positionals[0] ?? 'bench/.work/dist-100000';
const VARIANTS = 15;
const worker = await startWorker({ config: 'wrangler.toml', assets: dist, port: 8821 });

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(worker.url + path);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  return performance.now() - started;
}
const search = (pattern: string) =>
  `/api/v1/data-element?limit=1&fields=_id&title=${encodeURIComponent(pattern)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

try {
  // a Worker that has answered searches before: index loaded, code compiled by V8
  for (let i = 0; i < 30; i++) await timed(search(`jumlah.*x${i}|penduduk${i}`));
  for (const [, pattern] of TITLE_PATTERNS)
    for (let i = 0; i < 3; i++) await timed(search(`${pattern}(?:w${i}){0}`));
  const base: number[] = [];
  for (let i = 0; i < 20; i++) base.push(await timed('/api/v1/category'));
  const baseline = median(base);
  console.log(`category list: median ${baseline.toFixed(1)} ms`);
  console.log(
    '| pattern | never seen: more than the list, median (least) | cached: more, median |',
  );
  console.log('|---|---|---|');
  for (const [kind, pattern] of TITLE_PATTERNS) {
    const fresh: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < VARIANTS; i++) {
      const path = search(`${pattern}(?:q${i}){0}`);
      fresh.push((await timed(path)) - baseline);
      again.push((await timed(path)) - baseline);
    }
    const shown = pattern.length > 40 ? `${pattern.slice(0, 40)}…` : pattern;
    console.log(
      `| \`${shown.replaceAll('|', '\\|')}\` (${kind}) | ${median(fresh).toFixed(1)} (${Math.min(...fresh).toFixed(1)}) ms | ${median(again).toFixed(1)} ms |`,
    );
  }
} finally {
  await worker.stop();
}
