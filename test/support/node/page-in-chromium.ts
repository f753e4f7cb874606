// One page in a real browser (Debian's Chromium, driven by playwright-core), as people and the
// tools they use meet it: every console error, every dialog (an alert would mean a script ran),
// every request to another origin, axe-core's violations, and whether it fits a phone's width.
// Give it any URL: the page tests serve rendered pages from a small server; the route tests can
// point it at the real Worker.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; Google Chrome where a CI image has that instead. */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/google-chrome'].find((path) => existsSync(path));
/** Without the background-networking flags Chromium calls Google's hosts at start. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

export interface PageCheck {
  status: number | undefined;
  contentSecurityPolicy: string | undefined;
  consoleErrors: string[];
  dialogs: string[];
  foreignRequests: string[];
  axeViolations: AxeViolation[];
  /** At 390 px wide, the page's own width (more than 390: it scrolls sideways). */
  phoneScrollWidth: number;
  /** Script elements other than JSON-LD data blocks. */
  scripts: number;
  /** Elements with an on… attribute. */
  eventAttributes: string[];
}

export async function launchChromium(): Promise<Browser> {
  if (!CHROMIUM)
    throw new Error(
      '/usr/bin/chromium is missing: apt-get install -y chromium (.ci/run does), or set CHROMIUM_PATH',
    );
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * Opens `url` at desktop and phone sizes in a fresh context each (CSP enforced, as served) and
 * reports what happened. Runs axe-core in the page (injected through the DevTools protocol, which
 * the page's CSP does not govern) with its default rules.
 */
export async function checkPageInChromium(
  url: string,
  options: { browser?: Browser } = {},
): Promise<PageCheck> {
  const browser = options.browser ?? (await launchChromium());
  const origin = new URL(url).origin;
  const report: PageCheck = {
    status: undefined,
    contentSecurityPolicy: undefined,
    consoleErrors: [],
    dialogs: [],
    foreignRequests: [],
    axeViolations: [],
    phoneScrollWidth: 0,
    scripts: 0,
    eventAttributes: [],
  };
  try {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          // the browser logs the document's own error status (a 404 page's) as an error: not one
          const ownStatus =
            /^Failed to load resource: the server responded with a status of 4\d\d /;
          if (message.location().url === url && ownStatus.test(message.text())) return;
          report.consoleErrors.push(`${message.text()} (${message.location().url})`);
        });
        page.on('pageerror', (error) => report.consoleErrors.push(`page error: ${error.message}`));
        page.on('dialog', async (dialog) => {
          report.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
          await dialog.dismiss();
        });
        page.on('request', (request) => {
          if (new URL(request.url()).origin !== origin) report.foreignRequests.push(request.url());
        });
        const response = await page.goto(url, { waitUntil: 'load' });
        // anything late (an image, an icon) has its chance to fail
        await page.waitForLoadState('networkidle');
        if (viewport.width < 500) {
          report.phoneScrollWidth = await page.evaluate(
            () => (globalThis as any).document.documentElement.scrollWidth,
          );
          continue;
        }
        report.status = response?.status();
        report.contentSecurityPolicy = response?.headers()['content-security-policy'];
        Object.assign(
          report,
          await page.evaluate(() => {
            const { document } = globalThis as any;
            const all = [...document.querySelectorAll('*')] as any[];
            return {
              scripts: [...document.scripts].filter((s: any) => s.type !== 'application/ld+json')
                .length,
              eventAttributes: all
                .filter((e) => [...e.attributes].some((a: any) => /^on/i.test(a.name)))
                .map((e) => e.outerHTML.slice(0, 120)),
            };
          }),
        );
        await page.evaluate(axeSource);
        report.axeViolations = await page.evaluate(async () => {
          const results = await (globalThis as any).axe.run((globalThis as any).document, {
            resultTypes: ['violations'],
          });
          return results.violations.map((v: any) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n: any) => n.html.slice(0, 200)),
          }));
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    if (!options.browser) await browser.close();
  }
  return report;
}
