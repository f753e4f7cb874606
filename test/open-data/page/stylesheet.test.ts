import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PAGE_STYLESHEET,
  PAGE_STYLE_HASH,
  pageContentSecurityPolicy,
  renderElementPage,
  renderNotFoundPage,
} from '../../../core/open-data/page/index.ts';
import { byTag, parseHtml, text } from '../../support/node/html-tree.ts';
import { fixtureViews, renderContext } from '../../support/node/fixture-views.ts';

const ctx = renderContext();

describe('the pages’ stylesheet and Content-Security-Policy', () => {
  it('names the stylesheet by its hash (update PAGE_STYLE_HASH when the stylesheet changes)', () => {
    const hash = `sha256-${createHash('sha256').update(PAGE_STYLESHEET, 'utf8').digest('base64')}`;
    expect(PAGE_STYLE_HASH, `PAGE_STYLE_HASH should be '${hash}'`).toBe(hash);
  });

  it('puts exactly that stylesheet in every page, the only style in it', () => {
    for (const html of [
      renderElementPage(fixtureViews()[0]!, ctx),
      renderNotFoundPage(ctx, '/dataset/nothing'),
    ]) {
      const document = parseHtml(html);
      expect(byTag(document, 'style').map(text)).toEqual([PAGE_STYLESHEET]);
      expect(html).not.toMatch(/\sstyle=/);
    }
  });

  it('allows nothing but that stylesheet, the site’s own icon and robots.txt, forms to the site', () => {
    const directives = Object.fromEntries(
      pageContentSecurityPolicy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'none'",
      'style-src': `'${PAGE_STYLE_HASH}'`,
      'img-src': "'self'",
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });
});
