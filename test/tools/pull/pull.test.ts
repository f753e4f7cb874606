// The pull against a fake source: both modes, then every way a source can fail. A failed pull
// must leave DIR byte for byte as it was, with no staged folder left beside it.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../../core/contract.ts';
import { copyCatalogue, runBuild, tempDir, treeDigest } from '../../generator/build-cli.ts';
import {
  fixtureCatalogue,
  isPage,
  startFakeSource,
  type FakeSource,
  type FakeSourceOptions,
} from '../../support/fake-source.ts';
import { publishedElements } from '../../support/node/published-snapshot.ts';
import { runPull, stagingLeftBeside } from './pull-cli.ts';

const FAST_RETRIES = ['--retry-delay', '10'];
let source: FakeSource | undefined;

afterEach(async () => {
  await source?.close();
  source = undefined;
});

async function serve(options: FakeSourceOptions) {
  source = await startFakeSource(options);
  return source;
}

/** An existing catalogue folder the pull would replace, and its digest. */
function existingCatalogue() {
  const dir = copyCatalogue();
  return { dir, digest: treeDigest(dir) };
}

function expectLeftAsItWas(existing: { dir: string; digest: Record<string, string> }) {
  expect(treeDigest(existing.dir)).toEqual(existing.digest);
  expect(stagingLeftBeside(existing.dir)).toEqual([]);
}

const publishedIds = async (catalogueDir: string) => {
  const out = join(tempDir('pulled-dist-'), 'dist');
  const built = runBuild(['--data', catalogueDir, '--out', out]);
  expect(built.status, built.stderr).toBe(0);
  return (await publishedElements(out)).map((element) => element._id);
};

describe('npm run pull: a source that pages', () => {
  it('writes one file per page whose order is the catalogue order, and the build accepts it', async () => {
    const fake = await serve({ paging: true });
    const out = join(tempDir('pull-'), 'data');
    const run = await runPull(['--from', fake.url, '--out', out, '--page-size', '4']);
    expect(run.status, run.stderr).toBe(0);
    const total = fake.catalogue.elements.length;
    const pages = Math.ceil(total / 4);
    expect(readdirSync(join(out, 'data-element'))).toEqual(
      Array.from({ length: pages }, (_, n) => `${String(n + 1).padStart(6, '0')}.json`),
    );
    expect(run.stdout).toMatch(
      /mode +paging, 4 elements a request: the source's catalogue order is kept/,
    );
    expect(run.stdout).toMatch(
      new RegExp(`elements +${total} in ${pages} files; ${total} published`),
    );
    expect(await publishedIds(out)).toEqual(fake.catalogue.elements.map((element) => element._id));
    for (const { name, file } of REFERENCE_LISTS)
      expect(readFileSync(join(out, file), 'utf8')).toBe(
        JSON.stringify(fake.catalogue.lists[name]),
      );
  });

  it('never asks for the whole catalogue at once', async () => {
    const fake = await serve({ paging: true });
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      join(tempDir('pull-'), 'data'),
      '--page-size',
      '6',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const elementRequests = fake.requests.filter(
      (request) => request.path === '/api/v1/data-element',
    );
    const pages = Math.ceil(fake.catalogue.elements.length / 6);
    expect(elementRequests.map((request) => request.query.toString())).toEqual([
      'limit=1',
      ...Array.from({ length: pages }, (_, n) => `limit=6&offset=${6 * n}`),
    ]);
  });

  it('replaces an existing catalogue whole once the pull is complete', async () => {
    const fake = await serve({ paging: true });
    const existing = existingCatalogue();
    writeFileSync(join(existing.dir, 'data-element', 'stale.json'), '[]');
    const run = await runPull(['--from', fake.url, '--out', existing.dir]);
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(join(existing.dir, 'data-element'))).toEqual(['000001.json']);
    expect(stagingLeftBeside(existing.dir)).toEqual([]);
  });

  it('carries the catalogue identity (catalogue.json) into the new catalogue (docs/harvest.md §12)', async () => {
    const fake = await serve({ paging: true });
    const existing = existingCatalogue();
    const identity = JSON.stringify({ title: 'Satu Data Kota Contoh', license: 'CC0-1.0' });
    writeFileSync(join(existing.dir, 'catalogue.json'), identity);
    const run = await runPull(['--from', fake.url, '--out', existing.dir]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(existing.dir, 'catalogue.json'), 'utf8')).toBe(identity);
  });

  it('refuses a pull into a catalogue whose identity is invalid, leaving it as it was', async () => {
    const fake = await serve({ paging: true });
    const existing = copyCatalogue();
    writeFileSync(join(existing, 'catalogue.json'), JSON.stringify({ language: 'not a tag!' }));
    const before = { dir: existing, digest: treeDigest(existing) };
    const run = await runPull(['--from', fake.url, '--out', existing]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/catalogue\.json/);
    expectLeftAsItWas(before);
  });

  it('replaces the folder a symbolic link points to, and leaves the link a link', async () => {
    const fake = await serve({ paging: true });
    const existing = existingCatalogue();
    const link = join(tempDir('pull-link-'), 'data');
    symlinkSync(existing.dir, link);
    const run = await runPull(['--from', fake.url, '--out', link]);
    expect(run.status, run.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(existing.dir, 'data-element'))).toEqual(['000001.json']);
    expect(stagingLeftBeside(existing.dir)).toEqual([]);
  });

  it('pulls an empty catalogue as an empty catalogue', async () => {
    const catalogue = { ...fixtureCatalogue(), elements: [] };
    const fake = await serve({ paging: true, catalogue });
    const out = join(tempDir('pull-'), 'data');
    const run = await runPull(['--from', fake.url, '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(await publishedIds(out)).toEqual([]);
  });
});

describe('npm run pull: a source that does not page (the original service)', () => {
  it('asks per data source, writes one file each, and says the order across data sources is unknown', async () => {
    const fake = await serve({ paging: false });
    const out = join(tempDir('pull-'), 'data');
    const run = await runPull(['--from', fake.url, '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    const slugs = fake.catalogue.lists.dataSource.map((item) => item.slug);
    expect(readdirSync(join(out, 'data-element'))).toEqual(
      slugs.map((slug, i) => `00000${i + 1}-${slug}.json`),
    );
    expect(run.stdout).toMatch(
      /per data source \(the source does not page\).*order across data sources can not be known/,
    );
    const bySource = slugs.flatMap((slug) =>
      fake.catalogue.elements
        .filter((element) => element.dataSource.slug === slug)
        .map((element) => element._id),
    );
    expect(await publishedIds(out)).toEqual(bySource);
  });

  it('keeps only the elements of the data source asked for, when the source matches slugs loosely', async () => {
    const catalogue = fixtureCatalogue();
    const fake = await serve({
      paging: false,
      catalogue,
      // "dinkes" also answers every "dinsos" element, as a prefix match would
      fault: (request) => {
        if (request.query.get('dataSource') !== 'dinkes') return undefined;
        const loose = catalogue.elements.filter((element) =>
          ['dinkes', 'dinsos'].includes(element.dataSource.slug),
        );
        return { body: JSON.stringify(loose) };
      },
    });
    const out = join(tempDir('pull-'), 'data');
    const run = await runPull(['--from', fake.url, '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    const dinsos = catalogue.elements.filter((element) => element.dataSource.slug === 'dinsos');
    expect(run.stdout).toMatch(
      new RegExp(`skipped +${dinsos.length} answered under another data source's slug`),
    );
    expect((await publishedIds(out)).sort()).toEqual(
      catalogue.elements.map((element) => element._id).sort(),
    );
  });
});

describe('npm run pull: transient failures are asked again', () => {
  it('recovers from a 500 in the middle', async () => {
    let failed = false;
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && request.query.get('offset') === '8' && !failed
          ? ((failed = true), { status: 500, body: '{"error":"busy"}' })
          : undefined,
    });
    const out = join(tempDir('pull-'), 'data');
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      out,
      '--page-size',
      '4',
      ...FAST_RETRIES,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/data-element\?limit=4&offset=8: answered 500 \{"error":"busy"\}; asking again in/,
    );
    expect(run.stdout).toMatch(/requests +\d+ \(1 of them a retry\)/);
    expect(await publishedIds(out)).toEqual(fake.catalogue.elements.map((element) => element._id));
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    let limited = false;
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && !limited
          ? ((limited = true), { status: 429, headers: { 'retry-after': '1' } })
          : undefined,
    });
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      join(tempDir('pull-'), 'data'),
      ...FAST_RETRIES,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const [first, second] = fake.requests.filter(isPage);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
  });

  it('recovers from a connection dropped halfway through a body', async () => {
    let dropped = false;
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && !dropped ? ((dropped = true), { dropConnection: true }) : undefined,
    });
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      join(tempDir('pull-'), 'data'),
      ...FAST_RETRIES,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/network error/);
  });

  it('asks again after the contract\'s 400 "Failed to fetch data."', async () => {
    let failed = false;
    const fake = await serve({
      paging: true,
      fault: (request) =>
        request.path === '/api/v1/sector' && !failed
          ? ((failed = true), { status: 400, body: '{"error":"Failed to fetch data."}' })
          : undefined,
    });
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      join(tempDir('pull-'), 'data'),
      ...FAST_RETRIES,
    ]);
    expect(run.status, run.stderr).toBe(0);
  });

  it('asks again when one request takes longer than --request-timeout', async () => {
    let delayed = false;
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && !delayed ? ((delayed = true), { delayMs: 30_000 }) : undefined,
    });
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      join(tempDir('pull-'), 'data'),
      '--request-timeout',
      '1',
      ...FAST_RETRIES,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/no answer within 1 s; asking again/);
  });
});

describe('npm run pull: a failure of any kind leaves DIR exactly as it was', () => {
  it('a source that fails in the middle and does not recover', async () => {
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && Number(request.query.get('offset')) >= 8 ? { status: 503 } : undefined,
    });
    const existing = existingCatalogue();
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      existing.dir,
      '--page-size',
      '4',
      '--retries',
      '2',
      ...FAST_RETRIES,
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/data-element\?limit=4&offset=8 failed 3 times, last: answered 503/,
    );
    expect(run.stderr).toContain(`${existing.dir} left as it was.`);
    expectLeftAsItWas(existing);
  });

  it('malformed JSON, named with its URL and not asked again', async () => {
    const fake = await serve({
      paging: true,
      fault: (request) => (isPage(request) ? { body: '[{"_id": "x",' } : undefined),
    });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir, ...FAST_RETRIES]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/data-element\?limit=1000&offset=0 answered malformed JSON \(.+\)$/m,
    );
    expect(fake.requests.filter(isPage)).toHaveLength(1);
    expectLeftAsItWas(existing);
  });

  it('an answer of another shape', async () => {
    const fake = await serve({
      paging: false,
      fault: (request) =>
        request.path === '/api/v1/category' ? { body: '{"data": []}' } : undefined,
    });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/category answered something other than a list of \{_id, name, slug\} items: Invalid input: expected array, received object$/m,
    );
    expectLeftAsItWas(existing);
  });

  it('a 404, which is not asked again', async () => {
    const fake = await serve({
      paging: true,
      fault: (request) =>
        request.path === '/api/v1/field'
          ? { status: 404, body: '{"error":"Not found","status":404}' }
          : undefined,
    });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir, ...FAST_RETRIES]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/field answered 404 \{"error":"Not found","status":404\}/,
    );
    expect(fake.requests.filter((request) => request.path === '/api/v1/field')).toHaveLength(1);
    expectLeftAsItWas(existing);
  });

  it('a slow source that reaches the time limit', async () => {
    const fake = await serve({
      paging: true,
      fault: (request) =>
        isPage(request) && request.query.get('offset') !== '0' ? { delayMs: 120_000 } : undefined,
    });
    const existing = existingCatalogue();
    const run = await runPull([
      '--from',
      fake.url,
      '--out',
      existing.dir,
      '--page-size',
      '4',
      '--timeout',
      '2',
      '--request-timeout',
      '600',
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /the time limit \(--timeout 2 s\) was reached during GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/data-element\?limit=4&offset=4/,
    );
    expectLeftAsItWas(existing);
  });

  it('a catalogue that changes while it is read', async () => {
    const fake = await serve({
      paging: true,
      announcedTotal: (request, total) => (request.query.get('offset') === '4' ? total + 1 : total),
    });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir, '--page-size', '4']);
    expect(run.status).toBe(1);
    const total = fake.catalogue.elements.length;
    expect(run.stderr).toMatch(
      `answered X-Total-Count ${total + 1} where the pull began with ${total}: the catalogue changed while it was read`,
    );
    expectLeftAsItWas(existing);
  });

  it("a pulled catalogue that fails the build's validation, reported with the URL of each problem", async () => {
    const catalogue = fixtureCatalogue();
    catalogue.elements[5] = {
      ...catalogue.elements[5]!,
      category: [{ _id: 'ffffffffffffffffffffffff', name: 'Hilang', slug: 'hilang' }],
    };
    const fake = await serve({ paging: true, catalogue });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir, '--page-size', '4']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^data-element\/000002\.json \(from http:\/\/127\.0\.0\.1:\d+\/api\/v1\/data-element\?limit=4&offset=4\): \[1\]\.category\[0\]: unknown category id "ffffffffffffffffffffffff"/m,
    );
    expect(run.stderr).toMatch(/1 problem in the catalogue pulled from/);
    expectLeftAsItWas(existing);
  });

  it('an interruption (SIGTERM) while pulling', async () => {
    const fake = await serve({
      paging: true,
      fault: (request) => (isPage(request) ? { delayMs: 120_000 } : undefined),
    });
    const existing = existingCatalogue();
    const run = await runPull(['--from', fake.url, '--out', existing.dir], {
      onStart: (child) => {
        const waitForPage = setInterval(() => {
          if (fake.requests.some(isPage)) {
            clearInterval(waitForPage);
            child.kill('SIGTERM');
          }
        }, 20);
      },
    });
    expect(run.status).toBe(143);
    expect(run.stderr).toContain(`pull interrupted (SIGTERM); ${existing.dir} left as it was.`);
    expectLeftAsItWas(existing);
  });
});

describe('npm run pull: usage', () => {
  it.each([
    [[], /--from is required/],
    [['--from', 'ftp://example.org'], /is not an http\(s\) URL/],
    [
      ['--from', 'http://127.0.0.1:9', '--page-size', '5000'],
      /--page-size takes a whole number from 1 to 1000/,
    ],
    [['--from', 'http://127.0.0.1:9', '--timeout', '1.5'], /--timeout takes a whole number/],
  ])('exits 2 for %j', async (args, message) => {
    const run = await runPull(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('refuses --out .: the pull would replace the project', async () => {
    const project = tempDir('project-');
    writeFileSync(join(project, 'package.json'), '{}');
    const run = await runPull(['--from', 'http://127.0.0.1:9', '--out', '.'], { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^--out \. is the project folder: replacing it would delete the project\. Nothing was touched\.$/m,
    );
    expect(readdirSync(project)).toEqual(['package.json']);
  });

  it('refuses --out ..: the pull would replace a folder holding the project', async () => {
    const outer = tempDir('outer-');
    const project = join(outer, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{}');
    const run = await runPull(['--from', 'http://127.0.0.1:9', '--out', '..'], { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/contains the project folder/);
    expect(existsSync(join(project, 'package.json'))).toBe(true);
  });

  it('refuses an --out folder that holds something other than a catalogue', async () => {
    const dir = tempDir('notes-');
    writeFileSync(join(dir, 'notes.txt'), 'keep me');
    const run = await runPull(['--from', 'http://127.0.0.1:9', '--out', dir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/holds files but no catalogue/);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});
