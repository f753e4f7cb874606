// The element page, the 404 page and `/` (docs/harvest.md §14) in a real browser (Debian's Chromium,
// driven by playwright-core), served by the real Worker as `npm start` runs it over the fixture
// snapshot: no console error, no dialog ever, no request to another host, no axe-core violation,
// no sideways scroll on a phone. The elements are found as anyone would find them: the one with
// the largest table from /api/v1/data-element, a CKAN name from package_show. A result title in
// the explorer leads to its element's page. The fixture catalogue holds no hostile text (its
// counts are other tests' expectations): hostile-page.test.ts renders that element itself.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from '../../core/open-data/page/index.ts';
import { checkPageInChromium, launchChromium } from '../support/node/page-in-chromium.ts';
import {
  elementWithLargestTable,
  serveSnapshot,
  tableCells,
  type ListedElement,
  type ServedSnapshot,
} from '../support/node/served-snapshot.ts';

/** The fixture's element of line charts (one series a year). */
const LINES_ID = '000000000000000000001006';

let server: ServedSnapshot;
let browser: Browser;
/** The paths under test, found in beforeAll from the API's answers. */
const paths: Record<'largest' | 'byName' | 'missing' | 'home', string> = {
  largest: '',
  byName: '',
  // its slash escaped, so that the id is one path segment (/dataset/a/b matches no route at all)
  missing: '/dataset/tidak-ada-%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  home: '/',
};
let largest: ListedElement;
let lines: { _id: string; name: string; title: string };

const getJson = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return {
    body: (await response.json()) as any,
    total: Number(response.headers.get('x-total-count')),
  };
};

const sameText = (s: string) => s.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  [server, browser] = await Promise.all([serveSnapshot(), launchChromium()]);
  largest = await elementWithLargestTable(server.url);
  paths.largest = `/dataset/${encodeURIComponent(largest._id)}`;
  const shown = (await getJson(`/api/3/action/package_show?id=${LINES_ID}`)).body.result as {
    id: string;
    name: string;
    title: string;
  };
  lines = { _id: shown.id, name: shown.name, title: shown.title };
  expect(lines.name).not.toBe(LINES_ID);
  paths.byName = `/dataset/${encodeURIComponent(lines.name)}`;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the element page, the 404 page and / in Chromium, from the real Worker', () => {
  it('finds a table of some size to show', () => {
    // the largest is worth the name: more than one table, one of more than a handful of cells
    expect(largest.data.length).toBeGreaterThan(1);
    expect(Math.max(...largest.data.map((d) => tableCells(d.table)))).toBeGreaterThan(20);
  });

  it.each([
    ['the element with the largest table, by its _id', 'largest', 200],
    ['an element of line charts, by its CKAN name', 'byName', 200],
    ['the 404 page', 'missing', 404],
    ['the documentation page and explorer (/)', 'home', 200],
  ] as const)(
    '%s: no console error, no dialog, no other host, no axe violation, fits a phone',
    { timeout: 60_000 },
    async (_name, key, status) => {
      const report = await checkPageInChromium(`${server.url}${paths[key]}`, { browser });
      expect(report.status).toBe(status);
      if (key === 'home') {
        // the explorer is a script of its own, from this origin only
        expect(report.contentSecurityPolicy).toMatch(/^default-src 'none';/);
        expect(report.contentSecurityPolicy).toContain("script-src 'self'");
        expect(report.contentSecurityPolicy).not.toContain('unsafe-');
        expect(report.scripts).toBeGreaterThan(0);
      } else {
        expect(report.contentSecurityPolicy).toBe(pageContentSecurityPolicy);
        expect(report.scripts).toBe(0);
      }
      expect(report.consoleErrors).toEqual([]);
      expect(report.dialogs).toEqual([]);
      expect(report.foreignRequests).toEqual([]);
      expect(report.axeViolations).toEqual([]);
      expect(report.eventAttributes).toEqual([]);
      expect(report.phoneScrollWidth).toBeLessThanOrEqual(390);
    },
  );

  it('shows the element named by its _id or its CKAN name', { timeout: 60_000 }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      for (const [path, title] of [
        [paths.largest, largest.title],
        [paths.byName, lines.title],
        [`/dataset/${lines._id}`, lines.title],
      ] as const) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        expect(sameText(await page.locator('h1').innerText())).toBe(sameText(title));
      }
    } finally {
      await context.close();
    }
  });

  it(
    'leads from a result title in the explorer to its element page',
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
        await page.goto(`${server.url}/`);
        const first = (await getJson('/api/v1/data-element?limit=20&fields=_id,title')).body[0] as {
          _id: string;
          title: string;
        };
        const link = page
          .locator('#result-rows tr')
          .first()
          .locator('td')
          .first()
          .getByRole('link');
        await expect.poll(() => link.count()).toBe(1);
        expect(sameText(await link.innerText())).toBe(sameText(first.title));
        const target = `${server.url}/dataset/${encodeURIComponent(first._id)}`;
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url() === target && r.request().isNavigationRequest()),
          link.click(),
        ]);
        await page.waitForURL(target);
        expect(response.status()).toBe(200);
        expect(sameText(await page.locator('h1').innerText())).toBe(sameText(first.title));
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('prints without the navigation, tables whole', { timeout: 60_000 }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}${paths.largest}`);
      await page.emulateMedia({ media: 'print' });
      const printed = await page.evaluate(() => {
        const { document, getComputedStyle } = globalThis as any;
        return {
          nav: getComputedStyle(document.querySelector('.nav')).display,
          overflow: getComputedStyle(document.querySelector('.table-wrap')).overflowX,
        };
      });
      expect(printed).toEqual({ nav: 'none', overflow: 'visible' });
      expect((await page.pdf()).length).toBeGreaterThan(1000);
    } finally {
      await context.close();
    }
  });
});
