// Catalogue text is data (docs/harvest.md §14): whatever a title, name, metadata value or cell holds,
// the page shows it as text, and the JSON-LD block gives it back exactly.
import { describe, expect, it } from 'vitest';
import { renderElementPage, renderNotFoundPage } from '../../../core/open-data/page/index.ts';
import { escapeHtml, jsonForScript } from '../../../core/open-data/page/escape.ts';
import { HOSTILE, hostileElement } from '../../support/hostile-element.ts';
import { attr, byTag, findAll, parseHtml, text } from '../../support/node/html-tree.ts';
import { renderContext, viewOf } from '../../support/node/fixture-views.ts';

const ctx = renderContext();
const html = renderElementPage(viewOf(hostileElement), ctx);
const document = parseHtml(html);

/** Every string anywhere in a JSON value. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(strings)
      : [];

function expectNoMarkupFromText(page: ReturnType<typeof parseHtml>) {
  const scripts = byTag(page, 'script');
  expect(scripts.map((s) => attr(s, 'type') ?? 'javascript')).toEqual(
    scripts.length ? ['application/ld+json'] : [],
  );
  const withEvents = findAll(page, (e) => e.attrs.some((a) => /^on/i.test(a.name)));
  expect(withEvents.map((e) => e.tagName)).toEqual([]);
  for (const tag of ['img', 'base', 'x', 'iframe', 'object', 'embed'])
    expect(byTag(page, tag)).toEqual([]);
  expect(byTag(page, 'style')).toHaveLength(1);
  // no link leads anywhere but http(s)
  for (const a of byTag(page, 'a')) expect(attr(a, 'href')).toMatch(/^(https:\/\/|#)/);
}

describe('hostile catalogue text', () => {
  it('never becomes markup on the element page', () => {
    expectNoMarkupFromText(document);
    // svg only as the chart's and legend's own (nothing from an onload svg)
    for (const svg of byTag(document, 'svg'))
      expect(attr(svg, 'class')).toMatch(/^(chart|swatch series s\d)$/);
  });

  it('is shown as text, as it was written', () => {
    expect(text(byTag(document, 'h1')[0]!)).toBe(hostileElement.title);
    const bodyText = text(byTag(document, 'body')[0]!);
    // every one but the slug-only javascript: URL is shown somewhere
    for (const hostile of HOSTILE.filter((h) => !h.startsWith('javascript:')))
      expect(bodyText).toContain(hostile);
    const cells = byTag(document, 'td').concat(byTag(document, 'th')).map(text);
    for (const row of hostileElement.data[0]!.table.rows)
      for (const cell of row) expect(cells).toContain(cell);
  });

  it('comes back exactly from the JSON-LD block', () => {
    const scripts = byTag(document, 'script');
    expect(scripts).toHaveLength(1);
    const block = text(scripts[0]!);
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    const data = JSON.parse(block);
    const all = strings(data);
    expect(data.name).toBe(hostileElement.title);
    expect(data.identifier).toBe(hostileElement._id);
    expect(data.creator.name).toBe(hostileElement.dataSource.name);
    expect(data.variableMeasured[0].unitText).toBe(hostileElement.unit);
    expect(data.variableMeasured[0]).toMatchObject({
      name: HOSTILE[5],
      alternateName: HOSTILE[2],
      description: `${HOSTILE[0]}${HOSTILE[6]}`,
    });
    for (const name of [
      hostileElement.category[0]!.name,
      hostileElement.sector[0]!.name,
      hostileElement.field[0]!.name,
    ])
      expect(data.keywords).toContain(name);
    expect(all.some((s) => s.includes(HOSTILE[0]))).toBe(true);
  });

  it('keeps the slugs inside the explorer URLs’ query', () => {
    const hrefs = byTag(document, 'a').map((a) => attr(a, 'href')!);
    const explorer = hrefs
      .filter((href) => href.startsWith('https:'))
      .map((href) => new URL(href))
      .filter((url) => url.pathname === '/' && url.search);
    expect(explorer.map((url) => [...url.searchParams])).toEqual([
      [['dataSource', hostileElement.dataSource.slug]],
      [['category', hostileElement.category[0]!.slug]],
      [['sector', hostileElement.sector[0]!.slug]],
      [['field', hostileElement.field[0]!.slug]],
    ]);
  });

  it('never becomes markup on the 404 page, whatever path was asked for', () => {
    for (const hostile of HOSTILE) {
      const page = parseHtml(renderNotFoundPage(ctx, `/dataset/${hostile}`));
      expectNoMarkupFromText(page);
      expect(text(byTag(page, 'main')[0]!)).toContain(hostile);
    }
  });
});

describe('escapeHtml and jsonForScript', () => {
  it('escape what could open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('a\u0000b\u0007c\td\ne')).toBe('a\uFFFDb\uFFFDc\td\ne');
  });

  it('give back the exact value, with nothing that could end a script block', () => {
    for (const hostile of [...HOSTILE, '\u0000', '\uD800', 'a</SCRIPT >b', '<!--']) {
      const json = jsonForScript({ value: hostile });
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json).value).toBe(hostile);
    }
  });
});
