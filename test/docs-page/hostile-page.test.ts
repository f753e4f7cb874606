// The element page of hostile catalogue text (docs/harvest.md §14) in a real browser: every title, cell
// and metadata value made of markup, script ends and event attributes stays text: no console
// error, no dialog ever, no script, no on… attribute, no request to another host, no axe-core
// violation. The fixture catalogue holds no such element (its counts are other tests'
// expectations), so this page is rendered here and served from a small local server with the
// headers the Worker sends (its Content-Security-Policy, nosniff); element-page.test.ts checks the
// real Worker's pages.
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
import { renderContext, viewOf } from '../support/node/fixture-views.ts';
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

beforeAll(async () => {
  [origin, browser] = await Promise.all([servePages(), launchChromium()]);
  pages.set('/dataset/hostile', {
    status: 200,
    html: renderElementPage(viewOf(hostileElement), renderContext(origin)),
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the element page of hostile text in Chromium', () => {
  it(
    'shows it as text: no console error, no dialog, no script, no other host, no axe violation, fits a phone',
    { timeout: 60_000 },
    async () => {
      const report = await checkPageInChromium(`${origin}/dataset/hostile`, { browser });
      expect(report.status).toBe(200);
      expect(report.contentSecurityPolicy).toBe(pageContentSecurityPolicy);
      expect(report.consoleErrors).toEqual([]);
      expect(report.dialogs).toEqual([]);
      expect(report.foreignRequests).toEqual([]);
      expect(report.axeViolations).toEqual([]);
      expect(report.scripts).toBe(0);
      expect(report.eventAttributes).toEqual([]);
      expect(report.phoneScrollWidth).toBeLessThanOrEqual(390);
      // the title, markup and all, is the heading's text
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/dataset/hostile`);
        expect(await page.locator('h1').textContent()).toBe(hostileElement.title);
      } finally {
        await context.close();
      }
    },
  );
});
