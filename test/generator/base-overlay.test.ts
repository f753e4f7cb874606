// A build on a base (core/snapshot-layout.ts, "Base and overlay"; generator/base-snapshot.ts):
// the base's element files carried as they are, what changed since in the overlay, and every
// answer the same as a new base's. Checked through the real CLI, read back by the Worker's own
// store; the Worker tests themselves run on such a build (build-fixture-snapshot.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASE_DESCRIPTION_PATH,
  MANIFEST_PATH,
  snapshotPaths,
  type IndexHeader,
  type Manifest,
} from '../../core/snapshot-layout.ts';
import { joinPackages, planPackages, readPackages } from '../../worker/answer/package-answer.ts';
import { storedDatasetParts } from '../../worker/answer/catalog-page-parts.ts';
import { joinParts, planParts, readParts } from '../../worker/answer/stored-parts.ts';
import { ReadBudget } from '../../worker/snapshot/read-budget.ts';
import { SnapshotStore } from '../../worker/snapshot/snapshot-store.ts';
import { folderAssets } from '../support/node/folder-assets.ts';
import { CHANGED_SINCE, writePreviousCatalogue } from '../support/node/previous-catalogue.ts';
import { publishedElements } from '../support/node/published-snapshot.ts';
import {
  FIXTURE_CATALOGUE,
  PROJECT_ROOT,
  copyCatalogue,
  runBuild,
  tempDir,
  treeDigest,
} from './build-cli.ts';
import { FIXTURE_TIERS } from './build-fixture-snapshot.ts';

const build = (data: string, out: string, ...extra: string[]) => {
  const result = runBuild([
    '--data',
    data,
    '--out',
    out,
    ...FIXTURE_TIERS,
    '--fresh-dates',
    ...extra,
  ]);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};

const header = (dir: string): IndexHeader => {
  const { buildId } = JSON.parse(readFileSync(join(dir, MANIFEST_PATH), 'utf8')) as Manifest;
  return JSON.parse(readFileSync(join(dir, snapshotPaths(buildId).index), 'utf8')) as IndexHeader;
};

const ORIGIN = 'https://data.example';

/** Every package as served (origin written in), in catalogue order, through the Worker's store. */
async function servedPackages(dir: string): Promise<string[]> {
  const store = new SnapshotStore(folderAssets(dir));
  const budget = new ReadBudget(Number.POSITIVE_INFINITY);
  const index = await store.index({ budget });
  const openData = await store.openData(index, { budget });
  const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
  const plan = planPackages(store, index, openData, elements);
  const packages = await readPackages(store, index, openData, elements, plan, budget);
  const origin = new TextEncoder().encode(ORIGIN);
  return packages.map((bytes) => new TextDecoder().decode(joinPackages([bytes], origin)));
}

/** Every DCAT dataset part as served (origin written in), in catalogue order. */
async function servedDatasetParts(dir: string, syntax: 'turtle' | 'jsonLd'): Promise<string[]> {
  const store = new SnapshotStore(folderAssets(dir));
  const budget = new ReadBudget(Number.POSITIVE_INFINITY);
  const index = await store.index({ budget });
  const openData = await store.openData(index, { budget });
  const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
  const parts = storedDatasetParts(store, index, openData, syntax);
  const read = await readParts(parts, elements, planParts(parts, elements), budget);
  const origin = new TextEncoder().encode(ORIGIN);
  return read.map((bytes) => new TextDecoder().decode(joinParts([bytes], origin)));
}

/** The files that depend on the catalogue alone, not on where the element bytes lie. */
const PLACE_FREE = ['titles', 'words', 'ids', 'idSections', 'keys', 'packageNames'] as const;

describe('a build on a base', () => {
  const previous = tempDir('previous-catalogue-');
  rmSync(previous, { recursive: true });
  writePreviousCatalogue(FIXTURE_CATALOGUE, previous);

  it('serves what a new base serves, byte for byte, with only what changed in the overlay', async () => {
    const onBase = tempDir('dist-');
    expect(build(previous, onBase)).toMatch(
      /element files +a new base \w+ \(.*base\.json is not there\)/,
    );
    const baseId = header(onBase).elementFiles;
    expect(build(FIXTURE_CATALOGUE, onBase)).toMatch(
      new RegExp(
        `element files +on base ${baseId}, carried; overlay 5 elements \\(.* MiB\\), their packages and DCAT parts in 3 files`,
      ),
    );
    const fresh = tempDir('dist-');
    build(FIXTURE_CATALOGUE, fresh);

    const [overlaid, anew] = [header(onBase), header(fresh)];
    expect(overlaid.elementFiles).toBe(baseId);
    expect(anew.elementFiles).not.toBe(baseId);
    expect(anew.overlay).toEqual({ elements: 0, bytes: 0, partFiles: 0, partBytes: 0 });

    // the elements and packages, as the Worker reads them
    expect(await publishedElements(onBase)).toEqual(await publishedElements(fresh));
    expect(await servedPackages(onBase)).toEqual(await servedPackages(fresh));
    for (const syntax of ['turtle', 'jsonLd'] as const)
      expect(await servedDatasetParts(onBase, syntax)).toEqual(
        await servedDatasetParts(fresh, syntax),
      );
    // the overlay holds exactly the elements changed since, and one of the two reordered
    const store = new SnapshotStore(folderAssets(onBase));
    const index = await store.index({ budget: new ReadBudget(100) });
    const overlaidIds = (await publishedElements(onBase))
      .filter((_, e) => index.elements.overlaid(e))
      .map((element) => element._id);
    const { cell, added, dataSource, title, reordered } = CHANGED_SINCE;
    expect(overlaidIds.sort()).toEqual([cell, added, dataSource, title, reordered[1]].sort());
    // the index files that do not depend on places, and the dump, are the same bytes
    const files = (dir: string, h: IndexHeader) => {
      const paths = snapshotPaths(h.buildId);
      return PLACE_FREE.map((name) => readFileSync(join(dir, paths[name])).toString('base64'));
    };
    expect(files(onBase, overlaid)).toEqual(files(fresh, anew));
    const manifest = (dir: string) =>
      (JSON.parse(readFileSync(join(dir, MANIFEST_PATH), 'utf8')) as Manifest).dump.map(
        (part) => part.sha256,
      );
    expect(manifest(onBase)).toEqual(manifest(fresh));

    // rebuilt unchanged: the very same snapshot; and the next night's build is on the same base
    const digest = treeDigest(onBase);
    build(FIXTURE_CATALOGUE, onBase);
    expect(treeDigest(onBase)).toEqual(digest);
    expect(readFileSync(join(onBase, BASE_DESCRIPTION_PATH), 'utf8')).toContain(
      `"baseId":"${baseId}"`,
    );
  });

  it('a base built on with nothing changed since makes the base itself', () => {
    const out = tempDir('dist-');
    build(FIXTURE_CATALOGUE, out);
    const digest = treeDigest(out);
    expect(build(FIXTURE_CATALOGUE, out)).toMatch(/on base \w+, carried; overlay 0 elements/);
    expect(treeDigest(out)).toEqual(digest);
  });

  it('starts a new base when the overlay would pass its cap, or a base file is missing', () => {
    const out = tempDir('dist-');
    build(previous, out);
    const baseId = header(out).elementFiles;
    expect(build(FIXTURE_CATALOGUE, out, '--overlay-bytes', '100')).toMatch(
      /element files +a new base \w+ \(5 elements differ from the base: 0\.0 MiB of overlay, over its 0\.0 MiB\)/,
    );
    expect(header(out).elementFiles).not.toBe(baseId);

    const again = tempDir('dist-');
    build(previous, again);
    const missing = snapshotPaths(header(again).elementFiles).run(0);
    rmSync(join(again, missing));
    expect(build(FIXTURE_CATALOGUE, again)).toMatch(
      new RegExp(`a new base \\w+ \\(${missing} is missing`),
    );
  });

  it("starts a new base when packages change while their elements do not (the catalogue's identity)", () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out);
    writeFileSync(
      join(data, 'catalogue.json'),
      readFileSync(join(PROJECT_ROOT, 'data/catalogue.json'), 'utf8'),
    );
    expect(build(data, out)).toMatch(
      /a new base \w+ \(\d+ CKAN packages differ from the base while their elements do not/,
    );
  });

  it('refuses a --base it cannot build on, writing nothing', () => {
    const data = copyCatalogue();
    const out = tempDir('dist-');
    build(data, out);
    const digest = treeDigest(out);
    const result = runBuild(['--data', data, '--out', out, '--base', tempDir('no-base-')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--base .*base\.json is not there; nothing written/);
    const both = runBuild(['--data', data, '--out', out, '--base', out, '--new-base']);
    expect(both.status).toBe(2);
    expect(treeDigest(out)).toEqual(digest);
  });
});
