// Part three's request shapes (docs/harvest.md §13, §14) in process, as bench/answer-cpu.ts measures part
// one's (bench/lib/open-data-cpu.ts says how): a Markdown table and the refusals' bodies, or JSON.
// Usage: tsx bench/open-data-cpu.ts DIST [DIST ...] [--runs 7] [--json]
import { measureOpenData } from './lib/open-data-cpu.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:open-data-cpu --',
  positionals: '[DIST ...]',
  about: "Part three's request shapes in process, cold and warm: reads and CPU (DIST: dist).",
  options: {
    runs: {
      type: 'string',
      default: '7',
      value: 'N',
      help: 'measured runs of each shape (median)',
    },
    json: { type: 'boolean', help: 'print the rows as JSON' },
  },
});
const rows = await measureOpenData(
  positionals.length ? positionals : ['dist'],
  Number(values.runs),
);
if (values.json) {
  console.log(JSON.stringify(rows));
  process.exit(0);
}
console.log(
  '| snapshot | profile | shape | status | answer KiB | reads cold | CPU ms cold | reads warm | CPU ms warm | warm, to the Response |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.dist} | ${r.plan} | ${r.shape} | ${r.status === 200 ? '200' : `**${r.status}**`} | ${(r.bytes / 1024).toFixed(1)} | ${r.coldReads} | ${r.coldMs.toFixed(1)} | ${r.warmReads} | ${r.warmMs.toFixed(1)} | ${r.warmToResponseMs.toFixed(1)} |`,
  );
for (const r of rows)
  if (r.refusal) console.log(`\n${r.dist} ${r.plan} ${r.shape}\n  GET ${r.path}\n  ${r.refusal}`);
