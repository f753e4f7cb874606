import { describe, expect, it } from 'vitest';
import { resolveIdentity } from '../../../core/open-data/catalogue-identity.ts';
import { renderNotFoundPage } from '../../../core/open-data/page/index.ts';
import { attr, byTag, findAll, parseHtml, text } from '../../support/node/html-tree.ts';
import { renderContext } from '../../support/node/fixture-views.ts';

const ctx = renderContext();

describe('renderNotFoundPage', () => {
  const document = parseHtml(renderNotFoundPage(ctx, '/dataset/tidak-ada'));

  it('says what was not found, in the catalogue’s language, and is not indexed', () => {
    expect(attr(byTag(document, 'html')[0]!, 'lang')).toBe('id');
    expect(text(byTag(document, 'h1')[0]!)).toBe('Halaman tidak ditemukan');
    expect(text(byTag(document, 'main')[0]!)).toContain('/dataset/tidak-ada');
    const robots = findAll(document, (e) => e.tagName === 'meta' && attr(e, 'name') === 'robots');
    expect(robots.map((m) => attr(m, 'content'))).toEqual(['noindex']);
    expect(byTag(document, 'script')).toEqual([]);
  });

  it('has a search box the explorer at / reads (q), and a link home', () => {
    const [form] = byTag(document, 'form');
    expect([attr(form!, 'action'), attr(form!, 'method'), attr(form!, 'role')]).toEqual([
      `${ctx.base}/`,
      'get',
      'search',
    ]);
    const [input] = byTag(form!, 'input');
    expect([attr(input!, 'name'), attr(input!, 'type')]).toEqual(['q', 'search']);
    const [label] = byTag(form!, 'label');
    expect(attr(label!, 'for')).toBe(attr(input!, 'id'));
    const home = byTag(byTag(document, 'main')[0]!, 'a').map((a) => [text(a), attr(a, 'href')]);
    expect(home).toEqual([['Kembali ke beranda', `${ctx.base}/`]]);
  });

  it('speaks English for a catalogue in English, and shortens a very long path', () => {
    const english = parseHtml(
      renderNotFoundPage(
        { ...ctx, identity: resolveIdentity({ language: 'en' }) },
        `/dataset/${'x'.repeat(5000)}`,
      ),
    );
    expect(text(byTag(english, 'h1')[0]!)).toBe('Page not found');
    expect(text(byTag(english, 'button')[0]!)).toBe('Search');
    expect(text(byTag(english, 'main')[0]!).length).toBeLessThan(400);
  });
});
