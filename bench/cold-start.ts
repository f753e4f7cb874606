// A fresh isolate's index load and first search, timed inside workerd itself, one new workerd per
// isolate (bench/lib/cold-start/run.ts says how): a table per kind of isolate.
// Usage: tsx bench/cold-start.ts DIST_DIR [--runs N] [--probe PATH]
import { parseArgs } from 'node:util';
import { coldStartTable, measureColdStarts } from './lib/cold-start/run.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '15' }, probe: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number, at least 1');
const figures = await measureColdStarts(positionals[0] ?? 'dist', runs, values.probe);
console.log(`first search: ${figures.probe}`);
for (const line of coldStartTable(figures)) console.log(line);
