// Three projects: the generator, tools and pure modules in Node; the Worker inside workerd
// (through @cloudflare/vitest-pool-workers) against a snapshot the real generator builds from
// test/fixtures/catalogue before the Worker tests start (test/generator/build-fixture-snapshot.ts);
// the Worker over a synthetic snapshot of thousands of files, where read bounds matter; and the
// Worker over catalogues of several shapes, in each deployment profile.
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { buildFixtureSnapshot } from './test/generator/build-fixture-snapshot.ts';
import {
  buildScaleSnapshot,
  buildShapeSnapshots,
} from './test/support/node/build-scale-snapshot.ts';
import { quietPackageSourcemaps } from './test/support/node/quiet-package-sourcemaps.ts';

// Snapshots built by the tests date new elements at a fixed time (docs/harvest.md §12), so that two
// builds of one catalogue are byte for byte the same.
process.env.SOURCE_DATE_EPOCH ??= '1767225600'; // 2026-01-01T00:00:00Z

// Built here, not in a globalSetup: the pool reads the assets folder when it configures itself.
buildFixtureSnapshot();
buildScaleSnapshot();
buildShapeSnapshots();

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [quietPackageSourcemaps()],
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/worker/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          // its schema is imported as JSON without an import attribute, which Node refuses; Vite's
          // transform accepts it
          server: { deps: { inline: ['@actions/workflow-parser'] } },
        },
      },
      {
        plugins: [
          cloudflareTest({ wrangler: { configPath: './test/wrangler.test.toml' } }),
          quietPackageSourcemaps(),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          exclude: ['test/worker/scale/**', 'test/worker/shapes/**'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          cloudflareTest({ wrangler: { configPath: './test/wrangler.scale.toml' } }),
          quietPackageSourcemaps(),
        ],
        test: {
          name: 'worker-scale',
          include: ['test/worker/scale/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest({ wrangler: { configPath: './test/wrangler.shapes.toml' } }),
          quietPackageSourcemaps(),
        ],
        test: {
          name: 'worker-shapes',
          include: ['test/worker/shapes/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
