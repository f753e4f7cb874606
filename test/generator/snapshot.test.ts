// The built snapshot against the catalogue it came from. The command line builds the fixture
// catalogue once; the other builds run the build's steps in process.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLISHED,
  fixtureElements,
  fixtureLists,
  idOf,
  refId,
  type RawElement,
  type RawRef,
} from '../support/fixture-catalogue.ts';
import { buildGroups } from '../../generator/build-snapshot.ts';
import { buildCatalogueFolder, compileCatalogueFolder } from '../support/node/generator-steps.ts';
import {
  FIXTURE_CATALOGUE,
  PROJECT_ROOT,
  allFiles,
  runBuild,
  tempDir,
  treeDigest,
} from './build-cli.ts';
import { publishedElements, publishedManifest } from '../support/node/published-snapshot.ts';

/** The contract's published form of an element, written out longhand. */
function expectedPublished(element: RawElement) {
  const item = (list: keyof typeof fixtureLists, ref: RawRef) => {
    const found = fixtureLists[list].find((i) => idOf(i._id) === refId(ref))!;
    return { _id: idOf(found._id), name: found.name, slug: found.slug };
  };
  const data = element.data as {
    id: string;
    year: number;
    table: { headers: any[]; subHeaders: string[][]; rows: string[][] };
  }[];
  return {
    _id: idOf(element._id),
    title: element.title,
    unit: element.unit,
    data: data.map((d) => ({
      id: d.id,
      year: d.year,
      table: {
        headers: d.table.headers.map((h) => ({
          content: h.content,
          colSpan: h.colSpan,
          rowSpan: h.rowSpan,
          dataType: h.dataType,
        })),
        subHeaders: d.table.subHeaders,
        rows: d.table.rows,
      },
    })),
    metadata: (element.metadata as { key: string; value: string }[]).map((m) => ({
      key: m.key,
      value: m.value,
    })),
    status: 'TERVERIFIKASI',
    category: element.category.map((r) => item('category', r)),
    dataSource: item('dataSource', element.dataSource),
    sector: element.sector.map((r) => item('sector', r)),
    field: element.field.map((r) => item('field', r)),
  };
}

/** The tiers of the command line's build below, for the builds in process. */
const SMALL_TIERS = { blockBytes: 2000, runBytes: 5000 };

describe('npm run build: the fixture catalogue', () => {
  let out: string;
  let result: ReturnType<typeof runBuild>;
  beforeAll(() => {
    out = tempDir('dist-');
    result = runBuild([
      '--data',
      FIXTURE_CATALOGUE,
      '--out',
      out,
      '--block-bytes',
      '2000',
      '--run-bytes',
      '5000',
    ]);
  });

  it('exits 0 with a summary of what it read, published, held back and wrote', () => {
    expect(result.status).toBe(0);
    const files = allFiles(join(FIXTURE_CATALOGUE, 'data-element')).length;
    expect(result.stdout).toMatch(
      new RegExp(`elements read\\s+${fixtureElements.length} from ${files} files`),
    );
    expect(result.stdout).toMatch(new RegExp(`published\\s+${PUBLISHED.length}\\n`));
    expect(result.stdout).toMatch(/held back \(status\)\s+.*1 "DRAFT"/);
    expect(result.stdout).toMatch(/written\s+\d+ files/);
  });

  it('publishes every verified element, equal to its input resolved per the contract, in catalogue order', async () => {
    const expected = fixtureElements
      .filter((e) => e.status === 'TERVERIFIKASI')
      .map(expectedPublished);
    const published = await publishedElements(out);
    expect(published).toEqual(expected);
    // key order too, which toEqual does not check
    expect(published.map((e) => JSON.stringify(e))).toEqual(expected.map((e) => JSON.stringify(e)));
  });

  it('orders element files by plain code-unit comparison of their paths', async () => {
    const ids = (await publishedElements(out)).map((e) => e._id);
    // Z-extra.json (element 19) sorts before a-lain.json (element 20): "Z" < "a" in code units
    const zExtra = ids.indexOf('000000000000000000001013');
    expect(zExtra).toBeGreaterThan(0);
    expect(ids[zExtra + 1]).toBe('000000000000000000001014');
  });

  it('writes nothing of an unverified element anywhere', () => {
    const unverified = fixtureElements.filter((e) => e.status !== 'TERVERIFIKASI');
    for (const { file, bytes } of allFiles(out)) {
      const text = bytes.toString('latin1') + bytes.toString('utf8');
      for (const e of unverified) {
        expect(text, `${file} holds ${idOf(e._id)}`).not.toContain(idOf(e._id));
        expect(text, `${file} holds "${e.title}"`).not.toContain(e.title);
      }
    }
  });

  it('is reproducible: the same catalogue gives the same bytes and build id', () => {
    const again = tempDir('dist-');
    buildCatalogueFolder(FIXTURE_CATALOGUE, again, SMALL_TIERS);
    expect(treeDigest(again)).toEqual(treeDigest(out));
  });

  it('derives the build id from the content', async () => {
    const other = tempDir('dist-');
    buildCatalogueFolder(FIXTURE_CATALOGUE, other, { blockBytes: 100000 });
    const id = async (dir: string) => (await publishedManifest(dir)).buildId;
    expect(await id(other)).not.toBe(await id(out));
  });

  it('replaces a previous output completely', () => {
    const target = tempDir('dist-');
    buildCatalogueFolder(join(PROJECT_ROOT, 'data'), target);
    buildCatalogueFolder(FIXTURE_CATALOGUE, target, SMALL_TIERS);
    expect(treeDigest(target)).toEqual(treeDigest(out));
  });
});

describe('groups: the element bytes again, in data-source order', () => {
  it('holds every published element, byte for byte, at the offset the index gives', () => {
    const catalogue = compileCatalogueFolder(FIXTURE_CATALOGUE);
    const { groups, elementGroup, elementGroupStart } = buildGroups(catalogue.published, {
      groupBytes: 3000,
    });
    expect(groups.length).toBeGreaterThan(1);
    const decoder = new TextDecoder();
    catalogue.published.forEach((element, e) => {
      const group = groups[elementGroup[e]!]!;
      const start = elementGroupStart[e]!;
      expect(decoder.decode(group.subarray(start, start + element.byteLength))).toBe(element.json);
    });
    // each group parses as the elements it joins, in data-source order, then catalogue order
    const order = catalogue.published
      .map((element, e) => ({ e, source: element.refs.dataSource[0]! }))
      .sort((a, b) => a.source - b.source || a.e - b.e)
      .map(({ e }) => catalogue.published[e]!.id);
    const inGroups = groups.flatMap((bytes) =>
      (JSON.parse(`[${decoder.decode(bytes)}]`) as { _id: string }[]).map((x) => x._id),
    );
    expect(inGroups).toEqual(order);
  });
});

describe('the build steps on the sample catalogue in data/', () => {
  it('build it, publishing only verified elements', async () => {
    const out = tempDir('dist-');
    buildCatalogueFolder(join(PROJECT_ROOT, 'data'), out);
    const published = await publishedElements(out);
    expect(published.length).toBeGreaterThanOrEqual(150);
    expect(published.every((e) => e.status === 'TERVERIFIKASI')).toBe(true);
  });
});
