// Builds the Worker tests' snapshot with the real generator CLI, from the fixture catalogue,
// into test/.snapshot (the assets folder of test/wrangler.test.toml). Small shards on purpose:
// answers then span several shards, as they do at scale.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const FIXTURE_CATALOGUE = fileURLToPath(new URL('../fixtures/catalogue', import.meta.url));
export const FIXTURE_SNAPSHOT = fileURLToPath(new URL('../.snapshot', import.meta.url));
export const FIXTURE_SHARD_BYTES = 3000;

export function buildFixtureSnapshot() {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'generator/cli.ts', '--data', FIXTURE_CATALOGUE, '--out', FIXTURE_SNAPSHOT, '--shard-bytes', String(FIXTURE_SHARD_BYTES)],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
