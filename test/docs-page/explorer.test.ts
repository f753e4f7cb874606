// The documentation page in a real browser (Debian's Chromium, driven by playwright-core) against
// the real Worker over the fixture snapshot: it searches as people type, filters, pages and
// follows an element link; any console error or any request to another host fails the test.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../tools/serve/start-worker.ts';
import { startFixtureWorker } from '../support/node/fixture-worker.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/node/page-in-chromium.ts';

const SCREENSHOT = join(tmpdir(), 'satu-data-explorer.png');

let worker: RunningWorker;
let browser: Browser;

beforeAll(async () => {
  if (!CHROMIUM)
    throw new Error(
      '/usr/bin/chromium is missing: apt-get install -y chromium (.ci/run does), or set CHROMIUM_PATH',
    );
  [worker, browser] = await Promise.all([
    startFixtureWorker(),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS }),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
});

interface Watched {
  page: Page;
  consoleErrors: string[];
  foreignRequests: string[];
}

/**
 * A fresh page that records console errors, page errors and every request that leaves the Worker's
 * origin.
 */
async function openPage(
  options: { viewport?: { width: number; height: number }; path?: string } = {},
): Promise<Watched> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const watched: Watched = { page, consoleErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error')
      watched.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => watched.consoleErrors.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${worker.url}/`)) watched.foreignRequests.push(url);
  });
  await page.goto(`${worker.url}${options.path ?? '/'}`);
  await settled(page, '/api/v1/data-element');
  return watched;
}

/** Waits until the explorer has answered the search whose request URL contains `part`. */
async function settled(page: Page, part: string) {
  // Runs in the page: no closure, and `any` for its globals (the Node project has no DOM types).
  try {
    await page.waitForFunction((expected) => {
      const { document } = globalThis as any;
      return (
        document.getElementById('request-url').value.includes(expected) &&
        document.getElementById('results').getAttribute('aria-busy') === 'false'
      );
    }, part);
  } catch (error) {
    // what the page showed when the wait gave up, so that a failure says where it stopped
    const shown = await page
      .evaluate(() => {
        const { document } = globalThis as any;
        return {
          requestUrl: document.getElementById('request-url')?.value,
          busy: document.getElementById('results')?.getAttribute('aria-busy'),
          text: document.getElementById('results')?.innerText?.slice(0, 300),
        };
      })
      .catch((reason: Error) => reason.message);
    throw new Error(`${(error as Error).message}\npage: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

const requestUrl = (page: Page) => page.locator('#request-url').inputValue();
const rowTitles = (page: Page) => page.locator('#result-rows tr td:first-child').allInnerTexts();
/** The elements shown, by id (titles repeat), from each row's JSON link. */
const rowIds = async (page: Page) =>
  (
    await page
      .locator('#result-rows a.json-link')
      .evaluateAll((links) => links.map((link) => (link as any).href as string))
  ).map((href) => decodeURIComponent(href.slice(href.lastIndexOf('/') + 1)));
/** The explorer's main search box (`q`). */
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });
/** The advanced title pattern, its section opened first when it is closed. */
async function titlePattern(page: Page) {
  const advanced = page.locator('#advanced');
  if (!(await advanced.evaluate((details) => (details as any).open)))
    await advanced.getByText('Advanced: title pattern').click();
  return page.getByLabel(/^Title pattern/);
}
/** The explorer's searches (not the facets) the page asks for, as they start. */
function watchSearches(page: Page): URL[] {
  const searches: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/data-element') searches.push(url);
  });
  return searches;
}
const apiJson = async (path: string) => {
  const response = await fetch(`${worker.url}${path}`);
  return {
    body: (await response.json()) as any,
    total: Number(response.headers.get('x-total-count')),
  };
};

describe('the documentation page in Chromium', () => {
  it(
    'searches, filters, pages and follows an element link, with no console error and no other host',
    { timeout: 120_000 },
    async () => {
      const { page, consoleErrors, foreignRequests } = await openPage();

      // The lists come from the API; the first page of everything is shown, with its facet counts.
      const categories = (await apiJson('/api/v1/category')).body as { slug: string }[];
      await expect
        .poll(() => page.getByLabel('Category').locator('option').count())
        .toBe(categories.length + 1);
      expect(await page.getByLabel('Year').locator('option').count()).toBeGreaterThan(1);
      const everything = await apiJson('/api/v1/data-element?limit=20');
      expect(await page.locator('#result-summary').innerText()).toContain(
        `${everything.total} data elements match`,
      );
      expect(await rowTitles(page)).toEqual(
        everything.body.map((e: { title: string }) => e.title.trim()),
      );
      expect(await page.locator('#facet-groups .facet').count()).toBeGreaterThan(5);

      // Search by title (the advanced option): the table holds the API's answer to the URL shown.
      await (await titlePattern(page)).fill('jumlah');
      await (await titlePattern(page)).press('Enter');
      await settled(page, 'title=jumlah');
      const titled = await apiJson(
        new URL(await requestUrl(page)).pathname + new URL(await requestUrl(page)).search,
      );
      expect(await rowTitles(page)).toEqual(
        titled.body.map((e: { title: string }) => e.title.trim()),
      );
      for (const title of await rowTitles(page)) expect(title.toLowerCase()).toContain('jumlah');

      // A filter from its list, then a facet beside the results.
      await page.getByLabel('Data source').selectOption('dinkes');
      await settled(page, 'dataSource=dinkes');
      for (const source of await page.locator('#result-rows td:nth-child(3)').allInnerTexts())
        expect(source).toBe('Dinas Kesehatan');
      const yearFacet = page
        .locator('.facet-group', { has: page.locator('h4', { hasText: 'Year' }) })
        .locator('.facet')
        .first();
      const year = (await yearFacet.locator('.facet-label').innerText()).trim();
      await yearFacet.click();
      await settled(page, `year=${year}`);
      expect(await page.getByLabel('Year').inputValue()).toBe(year);
      const pressed = await page
        .locator('.facet[aria-pressed="true"] .facet-label')
        .allInnerTexts();
      expect(pressed).toEqual(['Dinas Kesehatan', year]);
      for (const years of await page.locator('#result-rows td.years').allInnerTexts())
        expect(years).toContain(year);
      const filtered = await apiJson(
        `/api/v1/data-element?title=jumlah&dataSource=dinkes&year=${year}`,
      );
      expect(await page.locator('#result-summary').innerText()).toContain(
        `${filtered.total} data element`,
      );
      // for a person to look at; not compared
      await page.locator('#explorer').screenshot({ path: SCREENSHOT });

      // Paging: ten a page, next, previous.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.waitForFunction(
        () => !(globalThis as any).document.getElementById('request-url').value.includes('title='),
      );
      await page.getByLabel('Per page').selectOption('10');
      await settled(page, 'limit=10&offset=0');
      const firstPage = await rowTitles(page);
      expect(firstPage).toHaveLength(10);
      expect(await page.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Next →' }).click();
      await settled(page, 'limit=10&offset=10');
      expect(await page.locator('#result-summary').innerText()).toContain(
        `showing 11–${Math.min(20, everything.total)}`,
      );
      const secondPage = await rowTitles(page);
      expect(secondPage).toEqual(
        (await apiJson('/api/v1/data-element?limit=10&offset=10')).body.map(
          (e: { title: string }) => e.title.trim(),
        ),
      );
      await page.getByRole('button', { name: '← Previous' }).click();
      await settled(page, 'limit=10&offset=0');
      expect(await rowTitles(page)).toEqual(firstPage);
      expect(new URL(page.url()).search).toBe('?limit=10');

      // Every row links its JSON and its CSV tables.
      const firstRow = page.locator('#result-rows tr').first();
      const csvHref = await firstRow.locator('td.years a').first().getAttribute('href');
      const csv = await fetch(new URL(csvHref!, worker.url));
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');

      // Follow an element's JSON link, and come back to the same page of results.
      const jsonLink = firstRow.getByRole('link', { name: /^JSON of / });
      const href = (await jsonLink.getAttribute('href'))!;
      const answer = page.waitForResponse((response) => response.url() === href);
      await jsonLink.click();
      const element = (await (await answer).json()) as { _id: string; title: string };
      expect(page.url()).toBe(href);
      expect(href).toBe(`${worker.url}/api/v1/data-element/${element._id}`);
      expect(element.title.trim()).toBe(firstPage[0]);
      await page.goBack();
      await settled(page, 'limit=10&offset=0');
      expect(await rowTitles(page)).toEqual(firstPage);

      expect(consoleErrors).toEqual([]);
      expect(foreignRequests).toEqual([]);
    },
  );

  it(
    'answers its search box as people type, one request per pause, kept in the page URL',
    { timeout: 120_000 },
    async () => {
      const { page, consoleErrors, foreignRequests } = await openPage();
      const searches = watchSearches(page);
      const facetRequests: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/facets') facetRequests.push(url);
      });

      // The search box is the form's first field, labelled, and a search field; the title pattern
      // is out of sight until asked for.
      const box = searchBox(page);
      expect(await page.locator('#search-form input').first().getAttribute('id')).toBe(
        await box.getAttribute('id'),
      );
      expect(await box.getAttribute('type')).toBe('search');
      expect(await page.getByLabel(/^Title pattern/).isVisible()).toBe(false);

      // Typed a key at a time, with a pause after the first word, words in any order, the last half
      // typed; no button pressed.
      const text = 'kec pendud';
      await box.pressSequentially('kec', { delay: 80 });
      await settled(page, 'q=kec&');
      const firstWord = searches.length;
      await box.pressSequentially(' pendud', { delay: 80 });
      await settled(page, 'q=kec+pendud');
      const expected = await apiJson(`/api/v1/data-element?q=${encodeURIComponent(text)}&limit=20`);
      expect(expected.total).toBeGreaterThan(0);
      expect(await rowIds(page)).toEqual(expected.body.map((e: { _id: string }) => e._id));
      expect(await rowTitles(page)).toEqual(
        expected.body.map((e: { title: string }) => e.title.trim()),
      );
      expect(await page.locator('#result-summary').innerText()).toContain(
        `${expected.total} data element`,
      );
      // Fewer requests than keystrokes (one a pause; a slow keystroke may add one), the last one
      // for the whole text; the facets follow q.
      expect(firstWord).toBeGreaterThanOrEqual(1);
      expect(firstWord).toBeLessThanOrEqual(2);
      expect(searches.length - firstWord).toBeGreaterThanOrEqual(1);
      expect(searches.length - firstWord).toBeLessThanOrEqual(3);
      expect(searches.length).toBeLessThan(text.length / 2);
      expect(searches.at(-1)!.searchParams.get('q')).toBe(text);
      expect(facetRequests.at(-1)!.searchParams.get('q')).toBe(text);
      const facets = (await apiJson(`/api/v1/facets?q=${encodeURIComponent(text)}`)).body as {
        dataSource: { name: string; count: number }[];
      };
      const sourceFacets = page
        .locator('.facet-group', { has: page.locator('h4', { hasText: 'Data source' }) })
        .locator('.facet');
      expect(await sourceFacets.locator('.count').allInnerTexts()).toEqual(
        facets.dataSource.map(({ count }) => count.toLocaleString()),
      );

      // The page's URL holds the search: a reload shows it again, and Back leaves the typing (one
      // history entry for all of it).
      expect(new URL(page.url()).searchParams.get('q')).toBe(text);
      await page.reload();
      await settled(page, 'q=kec+pendud');
      expect(await box.inputValue()).toBe(text);
      expect(await rowIds(page)).toEqual(expected.body.map((e: { _id: string }) => e._id));
      await page.goBack();
      await settled(page, '/api/v1/data-element?limit=20');
      expect(await box.inputValue()).toBe('');
      await page.goForward();
      await settled(page, 'q=kec+pendud');

      // The advanced title pattern narrows the words' answer (AND), and is kept in the URL too.
      await box.fill('pendud');
      await settled(page, 'q=pendud&limit');
      const words = await apiJson('/api/v1/data-element?q=pendud&limit=20');
      const pattern = await titlePattern(page);
      await pattern.pressSequentially('^jumlah', { delay: 80 });
      await settled(page, 'q=pendud&title=%5Ejumlah&limit=20');
      const both = await apiJson('/api/v1/data-element?q=pendud&title=%5Ejumlah&limit=20');
      const titleOnly = await apiJson('/api/v1/data-element?title=%5Ejumlah&limit=20');
      expect(both.total).toBeGreaterThan(0);
      expect(both.total).toBeLessThan(Math.min(words.total, titleOnly.total));
      expect(await rowIds(page)).toEqual(both.body.map((e: { _id: string }) => e._id));
      const pageUrl = new URL(page.url());
      expect([pageUrl.searchParams.get('q'), pageUrl.searchParams.get('title')]).toEqual([
        'pendud',
        '^jumlah',
      ]);
      await page.reload();
      await settled(page, 'q=pendud&title=%5Ejumlah');
      expect(await page.getByLabel(/^Title pattern/).isVisible()).toBe(true);
      expect(await page.getByLabel(/^Title pattern/).inputValue()).toBe('^jumlah');
      expect(await rowIds(page)).toEqual(both.body.map((e: { _id: string }) => e._id));

      expect(consoleErrors).toEqual([]);
      expect(foreignRequests).toEqual([]);
    },
  );

  it(
    'aborts a search that typing has replaced: a late answer never shows',
    { timeout: 60_000 },
    async () => {
      const { page, consoleErrors, foreignRequests } = await openPage();
      const aborted: string[] = [];
      page.on('requestfailed', (request) => {
        if (request.failure()?.errorText === 'net::ERR_ABORTED') aborted.push(request.url());
      });
      // The answers for "pendud" alone are held back, as from a slow network.
      const HELD_MS = 1_500;
      await page.route(
        (url) => url.pathname.startsWith('/api/v1/') && url.searchParams.get('q') === 'pendud',
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, HELD_MS));
          await route.continue().catch(() => {}); // the page may have given it up
        },
      );
      const held = page.waitForRequest(
        (request) => new URL(request.url()).searchParams.get('q') === 'pendud',
      );
      const box = searchBox(page);
      await box.pressSequentially('pendud', { delay: 40 });
      await held;
      await box.pressSequentially(' kec', { delay: 40 });
      await settled(page, 'q=pendud+kec');
      const expected = (await apiJson('/api/v1/data-element?q=pendud+kec&limit=20')).body.map(
        (e: { _id: string }) => e._id,
      );
      expect(await rowIds(page)).toEqual(expected);
      // past the time the held answers would have come: still the newer search's answer
      await page.waitForTimeout(HELD_MS + 500);
      expect(await rowIds(page)).toEqual(expected);
      expect(await requestUrl(page)).toContain('q=pendud+kec');
      expect(aborted.some((url) => new URL(url).searchParams.get('q') === 'pendud')).toBe(true);
      expect(consoleErrors).toEqual([]);
      expect(foreignRequests).toEqual([]);
    },
  );

  it('shows the reason when the API refuses a q', { timeout: 60_000 }, async () => {
    const { page, consoleErrors, foreignRequests } = await openPage();
    const box = searchBox(page);
    // no word in it
    await box.pressSequentially('-', { delay: 80 });
    await settled(page, 'q=-');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/^Invalid q: .*no word/);
    expect(await page.locator('#result-rows tr').count()).toBe(0);
    // too many words
    await box.fill('a b c d e f g h i j k l m');
    await settled(page, 'q=a+b+c+d+e+f+g+h+i+j+k+l+m');
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toMatch(/^Invalid q: .*at most 12/);
    // a word again: the error goes, the answer comes
    await box.fill('pendud');
    await settled(page, 'q=pendud&');
    expect(await page.getByRole('alert').isVisible()).toBe(false);
    expect(await rowIds(page)).toEqual(
      (await apiJson('/api/v1/data-element?q=pendud&limit=20')).body.map(
        (e: { _id: string }) => e._id,
      ),
    );
    // The browser itself logs each refused request (search and facets); nothing else may be logged.
    expect(consoleErrors.filter((text) => !text.includes('status of 400'))).toEqual([]);
    expect(consoleErrors.length).toBeLessThanOrEqual(4);
    expect(foreignRequests).toEqual([]);
  });

  it('shows the reason when the API refuses a title pattern', { timeout: 60_000 }, async () => {
    const { page, consoleErrors, foreignRequests } = await openPage();
    await (await titlePattern(page)).fill('(?=x)');
    await (await titlePattern(page)).press('Enter');
    await settled(page, 'title=%28%3F%3Dx%29');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/lookahead/);
    expect(await page.locator('#result-rows tr').count()).toBe(0);
    // The browser itself logs each refused request (search and facets); nothing else may be logged.
    expect(consoleErrors.filter((text) => !text.includes('status of 400'))).toEqual([]);
    expect(consoleErrors.length).toBeLessThanOrEqual(2);
    expect(foreignRequests).toEqual([]);
  });

  it("opens a live example's answer in the endpoint list", { timeout: 60_000 }, async () => {
    const { page, consoleErrors, foreignRequests } = await openPage();
    const example = page.locator('#list-category details.live');
    await example.locator('summary').click();
    await expect
      .poll(() => example.locator('code').innerText())
      .toMatch(/^HTTP 200 · application\/json/);
    expect(await example.locator('code').innerText()).toContain('"slug"');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });

  it('opens with the search of its URL, and fits a phone screen', { timeout: 60_000 }, async () => {
    const { page, consoleErrors, foreignRequests } = await openPage({
      viewport: { width: 390, height: 844 },
      path: '/docs?sector=kesehatan&limit=10',
    });
    expect(await requestUrl(page)).toContain('sector=kesehatan&limit=10&offset=0');
    expect(await page.getByLabel('Sector').inputValue()).toBe('kesehatan');
    expect(
      await page.evaluate(
        () =>
          (globalThis as any).document.documentElement.scrollWidth <=
          (globalThis as any).innerWidth,
      ),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
