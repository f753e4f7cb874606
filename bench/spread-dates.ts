// A dates ledger with the `modified` times spread out, for benchmarking an incremental harvest.
// A synthetic catalogue has no updatedAt, so its first build dates every element's `modified` at
// the build's time, and `metadata_modified:[<since> TO *]` then matches everything or nothing. A
// catalogue served for a while has them spread: this writes a copy of a build's ledger
// (DIST/_build/dates.json) in which each element's `modified` lies between its `created` and the
// build, uniformly, by a hash of its _id (the same every time). Rebuilt with it
// (`npm run build -- --data S --out DIST --ledger OUT`), the snapshot's bytes are those of an
// unchanged catalogue whose elements keep these dates (docs/harvest.md §12).
// Usage: tsx bench/spread-dates.ts DIST OUT.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATES_LEDGER_PATH } from '../core/snapshot-layout.ts';
import type { DatesLedger } from '../generator/element-dates.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { positionals } = parseCommandLine({
  command: 'npm run bench:spread-dates --',
  positionals: 'DIST OUT.json',
  about:
    "A copy of DIST's dates ledger with each element's `modified` spread out, written to OUT.json.",
  options: {},
});
const [dist, out] = positionals;
if (!dist || !out) {
  console.error('usage: npm run bench:spread-dates -- DIST OUT.json');
  process.exit(2);
}
const ledger = JSON.parse(readFileSync(join(dist, DATES_LEDGER_PATH), 'utf8')) as DatesLedger;
const spread: DatesLedger = {};
let newest = 0;
for (const [id, [hash, created, modified]] of Object.entries(ledger)) {
  // the build's time is every `modified` of a first build; keep `modified` ≥ `created`
  const u = createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32;
  const at = created + Math.floor(u * Math.max(0, modified - created));
  spread[id] = [hash, created, at];
  newest = Math.max(newest, at);
}
writeFileSync(out, JSON.stringify(spread));
console.log(
  `${Object.keys(spread).length} entries, newest modified ${new Date(newest * 1000).toISOString()}`,
);
