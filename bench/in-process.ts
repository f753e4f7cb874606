// The Worker's own search pipeline in process (Node's V8), over a built snapshot on disk
// (bench/lib/in-process.ts says what is measured); `npm run bench` runs it with --json.
// Usage: tsx bench/in-process.ts DIST_DIR [--json]
import { measureInProcess } from './lib/in-process.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:in-process --',
  positionals: '[DIST]',
  about: "The Worker's search pipeline in process over a built snapshot (DIST: dist).",
  options: { json: { type: 'boolean', help: 'print the figures as JSON' } },
});
const dist = positionals[0] ?? 'dist';
const figures = await measureInProcess(dist);
if (values.json) {
  console.log(JSON.stringify(figures));
  process.exit(0);
}
console.log(
  `index load ${figures.loadMs.toFixed(1)} ms, load + first search ${figures.coldSearchMs.toFixed(1)} ms, heap after load ${figures.heapMiB.toFixed(1)} MiB`,
);
for (const q of figures.queries) {
  console.log(
    `${q.name.padEnd(22)} ${q.searchUs.toFixed(1).padStart(9)} µs search ${q.results.toString().padStart(6)} results ${(q.bytes / 1024).toFixed(0).padStart(7)} KiB answer; cold: ${q.reads} reads, ${(q.bytesRead / 1048576).toFixed(1)} MiB read, ${q.streamMs.toFixed(1)} ms`,
  );
}
for (const f of figures.facets)
  console.log(`${f.name.padEnd(22)} ${f.us.toFixed(1).padStart(9)} µs facets (total ${f.total})`);
