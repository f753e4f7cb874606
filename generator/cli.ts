// npm run build -- [--data DIR] [--out DIR]
// read (data/) → validate + resolve + serialize → build snapshot files → write dist/ atomically.
// Exit codes: 0 built, 1 the catalogue has problems (output untouched), 2 bad usage (including an
// --out that would replace the catalogue or the project) or I/O failure.
import { parseArgs } from 'node:util';
import { formatProblem } from './problems.ts';
import { readCatalogue } from './read-catalogue.ts';
import { compileCatalogue } from './compile-catalogue.ts';
import { buildSnapshot } from './build-snapshot.ts';
import { writeSnapshotAtomically } from './write-snapshot.ts';
import { createProgress } from './progress.ts';
import { refuseBuildOutput } from './output-guard.ts';

const USAGE = 'usage: npm run build -- [--data DIR] [--out DIR] [--shard-bytes N]';

function main(): number {
  let options: { data: string; out: string; shardBytes: number | undefined };
  try {
    const { values } = parseArgs({
      options: { data: { type: 'string', default: 'data' }, out: { type: 'string', default: 'dist' }, 'shard-bytes': { type: 'string' } },
    });
    const shardBytes = values['shard-bytes'] === undefined ? undefined : Number(values['shard-bytes']);
    if (shardBytes !== undefined && !(Number.isInteger(shardBytes) && shardBytes > 0)) throw new Error('--shard-bytes takes a positive whole number');
    options = { data: values.data!, out: values.out!, shardBytes };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const refusal = refuseBuildOutput(options.out, options.data);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  const started = performance.now();
  const sources = readCatalogue(options.data);
  const progress = createProgress(sources.elementFileCount);
  const catalogue = compileCatalogue(sources, progress.update);
  progress.done();

  if (catalogue.problems.length > 0) {
    for (const problem of catalogue.problems) console.error(formatProblem(problem));
    const n = catalogue.problems.length;
    console.error(`\n${n} problem${n === 1 ? '' : 's'} in ${options.data}; nothing written, ${options.out} left as it was.`);
    return 1;
  }

  const snapshot = buildSnapshot(catalogue, { shardBytes: options.shardBytes });
  const written = writeSnapshotAtomically(options.out, snapshot.files);
  const { stats, published } = catalogue;
  const heldBack = Object.entries(stats.heldBackByStatus).map(([status, n]) => `${n} ${JSON.stringify(status)}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      `built ${options.out} (snapshot ${snapshot.manifest.buildId}) in ${seconds} s`,
      `  elements read      ${stats.elementsRead} from ${stats.elementFiles} files`,
      `  published          ${published.length}`,
      `  held back (status) ${heldBack.length ? heldBack.join(', ') : 'none'}`,
      `  written            ${written.files} files, ${(written.bytes / 1048576).toFixed(1)} MiB (${snapshot.manifest.counts.shards} element shards)`,
    ].join('\n'),
  );
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  // I/O failures (disk full, permissions on the output): one clear line, not a stack trace.
  console.error(`build failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
