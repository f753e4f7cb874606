// What each request shape costs in each deployment profile, in process (Node's V8) over built
// snapshots (bench/lib/answer-cpu.ts says how it is measured): a Markdown table, or JSON.
// Usage: tsx bench/answer-cpu.ts DIST [DIST ...] [--runs N] [--shapes NAME_PREFIX] [--json]
import { ANSWER_SHAPES, measureAnswerCpu } from './lib/answer-cpu.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:answer-cpu --',
  positionals: '[DIST ...]',
  about: 'CPU, reads and bytes read per request shape and profile, in process (DIST: dist).',
  options: {
    runs: {
      type: 'string',
      default: '5',
      value: 'N',
      help: 'measured runs of each shape (median)',
    },
    json: { type: 'boolean', help: 'print the rows as JSON' },
    // only the shapes whose name starts with this (`--shapes q` for word search)
    shapes: {
      type: 'string',
      value: 'PREFIX',
      help: 'only the shapes whose name starts with PREFIX (q: word search)',
    },
  },
});
const rows = await measureAnswerCpu(
  positionals.length ? positionals : ['dist'],
  Number(values.runs),
  ANSWER_SHAPES.filter(({ name }) => name.startsWith(values.shapes ?? '')),
);
if (values.json) {
  console.log(JSON.stringify(rows));
  process.exit(0);
}
const mib = (bytes: number) => (bytes / 1048576).toFixed(2);
console.log(
  '| snapshot | profile | shape | elements | answer MiB | answered | plan | reads | MiB read per MiB answered | estimated ms | measured ms | estimate / measured | wall ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const perByte = r.bytesRead !== undefined ? (r.bytesRead / r.bytes).toFixed(1) : '-';
  console.log(
    `| ${r.dist} | ${r.plan} | ${r.name} | ${r.elements} | ${mib(r.bytes)} | ${r.admitted ? 'whole' : '**refused**'} | ${r.kind ?? '-'} | ${r.reads ?? '> budget'} | ${perByte} | ${r.estimatedMs?.toFixed(1) ?? '-'} | ${r.measuredMs?.toFixed(1) ?? '-'} | ${r.measuredMs ? (r.estimatedMs! / r.measuredMs).toFixed(2) : '-'} | ${r.wallMs?.toFixed(1) ?? '-'} |`,
  );
}
