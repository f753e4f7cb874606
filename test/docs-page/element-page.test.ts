// The element page and the 404 page (contract §14) in a real browser, served as the Worker will
// serve them (their Content-Security-Policy, nosniff) from a small local server: no console error,
// no dialog ever, no request to another host, no axe-core violation, no sideways scroll on a
// phone, and hostile catalogue text stays text. checkPageInChromium is shared with the route
// tests, which point it at the real Worker.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageContentSecurityPolicy,
  renderElementPage,
  renderNotFoundPage,
} from '../../core/open-data/page/index.ts';
import { hostileElement } from '../support/hostile-element.ts';
import { fixtureViews, renderContext, viewOf } from '../support/node/fixture-views.ts';
import { checkPageInChromium, launchChromium } from '../support/node/page-in-chromium.ts';

const FAVICON = readFileSync(new URL('../../site/favicon.png', import.meta.url));

let server: Server;
let origin: string;
let browser: Browser;
const pages = new Map<string, { status: number; html: string }>();

/** Serves the rendered pages with the headers the route will send; /favicon.ico as the Worker does. */
function servePages(): Promise<string> {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/favicon.ico') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(FAVICON);
      return;
    }
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const page = pages.get(path) ?? {
      status: 404,
      html: renderNotFoundPage(renderContext(origin), path),
    };
    response
      .writeHead(page.status, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': pageContentSecurityPolicy,
        'x-content-type-options': 'nosniff',
      })
      .end(page.html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** The fixture element whose tables hold the most cells. */
function largestView() {
  const cells = (view: ReturnType<typeof fixtureViews>[number]) =>
    view.element.data.reduce(
      (sum, { table }) => sum + table.rows.reduce((s, row) => s + row.length, 0),
      0,
    );
  return fixtureViews().reduce((a, b) => (cells(b) > cells(a) ? b : a));
}

beforeAll(async () => {
  [origin, browser] = await Promise.all([servePages(), launchChromium()]);
  const ctx = renderContext(origin);
  const largest = largestView();
  pages.set('/dataset/largest', { status: 200, html: renderElementPage(largest, ctx) });
  pages.set('/dataset/hostile', {
    status: 200,
    html: renderElementPage(viewOf(hostileElement), ctx),
  });
  const lines = fixtureViews().find((v) => v.element._id === '000000000000000000001006')!;
  pages.set('/dataset/lines', { status: 200, html: renderElementPage(lines, ctx) });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the element page in Chromium', () => {
  it.each([
    ['the element with the largest table', '/dataset/largest', 200],
    ['an element of line charts', '/dataset/lines', 200],
    ['an element of hostile text', '/dataset/hostile', 200],
    ['the 404 page', '/dataset/tidak-ada-%3Cscript%3Ealert(1)%3C/script%3E', 404],
  ])(
    '%s: no console error, no dialog, no other host, no axe violation, fits a phone',
    { timeout: 60_000 },
    async (_name, path, status) => {
      const report = await checkPageInChromium(`${origin}${path}`, { browser });
      expect(report.status).toBe(status);
      expect(report.contentSecurityPolicy).toBe(pageContentSecurityPolicy);
      expect(report.consoleErrors).toEqual([]);
      expect(report.dialogs).toEqual([]);
      expect(report.foreignRequests).toEqual([]);
      expect(report.axeViolations).toEqual([]);
      expect(report.scripts).toBe(0);
      expect(report.eventAttributes).toEqual([]);
      expect(report.phoneScrollWidth).toBeLessThanOrEqual(390);
    },
  );

  it('prints without the navigation, tables whole', { timeout: 60_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/dataset/largest`);
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
    await context.close();
  });
});
