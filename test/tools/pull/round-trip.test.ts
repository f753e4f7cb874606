// docs/operations.md §9: a round trip is lossless. The real Worker (in workerd) serves snapshot S, built by
// the real generator from the fixture catalogue; the pull reads it; the build rebuilds; a second
// Worker serves the rebuilt snapshot. Every list and every shared search case answers the same
// bytes.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../../core/contract.ts';
import { startWorker } from '../../../tools/serve/start-worker.ts';
import { FIXTURE_CATALOGUE, PROJECT_ROOT, runBuild, tempDir } from '../../generator/build-cli.ts';
import { FIXTURE_TIERS } from '../../generator/build-fixture-snapshot.ts';
import { SEARCH_CASES } from '../../support/search-cases.ts';
import { runPull } from './pull-cli.ts';

const WRANGLER_CONFIG = join(PROJECT_ROOT, 'wrangler.toml');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const ANSWERED_PATHS = [
  ...REFERENCE_LISTS.map(({ endpoint }) => endpoint),
  ...SEARCH_CASES.map(({ query }) => `/api/v1/data-element${query ? `?${query}` : ''}`),
];

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

async function answersOf(base: string): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const path of ANSWERED_PATHS) {
    const response = await fetch(base + path, { signal: AbortSignal.timeout(15_000) });
    answers.set(path, {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    });
  }
  return answers;
}

async function serving<T>(snapshot: string, use: (url: string) => Promise<T>): Promise<T> {
  const worker = await startWorker({
    config: WRANGLER_CONFIG,
    assets: snapshot,
    port: await freePort(),
  });
  try {
    return await use(worker.url);
  } finally {
    await worker.stop();
  }
}

describe('pull from this API, then build', () => {
  it('gives a snapshot whose every answer equals the original: the lists and every shared search case', async () => {
    const work = tempDir('round-trip-');
    const original = join(work, 'original');
    const pulled = join(work, 'pulled');
    const rebuilt = join(work, 'rebuilt');
    const built = runBuild(['--data', FIXTURE_CATALOGUE, '--out', original, ...FIXTURE_TIERS]);
    expect(built.status, built.stderr).toBe(0);

    const { before, pull } = await serving(original, async (url) => ({
      before: await answersOf(url),
      // a small page, so that the catalogue spans several pages and shards
      pull: await runPull(['--from', url, '--out', pulled, '--page-size', '5']),
    }));
    expect(pull.status, pull.stderr).toBe(0);
    expect(
      pull.stdout,
      'the Worker answers X-Total-Count (docs/api.md §5.1), so the pull pages and keeps the catalogue order',
    ).toMatch(/mode +paging/);

    const rebuild = runBuild(['--data', pulled, '--out', rebuilt, ...FIXTURE_TIERS]);
    expect(rebuild.status, rebuild.stderr).toBe(0);
    const after = await serving(rebuilt, answersOf);

    for (const path of ANSWERED_PATHS) expect(after.get(path), path).toEqual(before.get(path));
    expect(before.get('/api/v1/data-element')!.body.length).toBeGreaterThan(1000);
  });
});
