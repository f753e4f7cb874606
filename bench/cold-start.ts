// A fresh isolate's index load and first search, timed inside workerd itself, one new workerd per
// isolate (bench/lib/cold-start/run.ts says how): a table per kind of isolate.
// Usage: tsx bench/cold-start.ts DIST_DIR [--runs N] [--probe PATH]
import { DEFAULT_PROBE, coldStartTable, measureColdStarts } from './lib/cold-start/run.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:cold-start --',
  positionals: '[DIST]',
  about: "A fresh isolate's index load and first search inside workerd (DIST: dist).",
  options: {
    runs: { type: 'string', default: '15', value: 'N', help: 'fresh isolates of each kind' },
    probe: { type: 'string', value: 'PATH', help: `the first search (default ${DEFAULT_PROBE})` },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number, at least 1');
const figures = await measureColdStarts(positionals[0] ?? 'dist', runs, values.probe);
console.log(`first search: ${figures.probe}`);
for (const line of coldStartTable(figures)) console.log(line);
