// The frame every page shares: the head (title, description, canonical link, Open Graph, the
// inline stylesheet), a skip link, the catalogue's name linking home, and a footer.
import type { RenderContext } from '../element-view.ts';
import { licenseUrl } from '../element-view.ts';
import { escapeHtml } from './escape.ts';
import type { PageLabels } from './labels.ts';
import { PAGE_STYLESHEET } from './stylesheet.ts';

export interface DocumentParts {
  title: string;
  description: string;
  /** The page's own URL: canonical link and og:url. */
  canonical?: string;
  /** More of the head (JSON-LD, alternate links), already HTML. */
  head?: string;
  /** Without indexing (the 404 page). */
  noindex?: boolean;
  /** The masthead below the catalogue's name, already HTML. */
  masthead: string;
  /** The main content, already HTML. */
  main: string;
}

const meta = (name: string, content: string) =>
  `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) =>
  `<meta property="${name}" content="${escapeHtml(content)}">`;

/** A description for <meta>: whole words, about 300 characters at most. */
export function shortDescription(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

export function renderDocument(parts: DocumentParts, ctx: RenderContext, labels: PageLabels) {
  const { identity, base } = ctx;
  const description = shortDescription(parts.description);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    meta('description', description),
    parts.noindex ? meta('robots', 'noindex') : '',
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}">` : '',
    property('og:type', 'website'),
    property('og:title', parts.title),
    property('og:description', description),
    parts.canonical ? property('og:url', parts.canonical) : '',
    property('og:site_name', identity.title),
    property('og:locale', labels.locale),
    `<link rel="icon" href="${escapeHtml(`${base}/favicon.ico`)}" type="image/png">`,
    `<style>${PAGE_STYLESHEET}</style>`,
    parts.head ?? '',
  ];
  const publisher = identity.publisher.url
    ? `<a href="${escapeHtml(identity.publisher.url)}">${escapeHtml(identity.publisher.name)}</a>`
    : escapeHtml(identity.publisher.name);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(identity.language)}">`,
    `<head>${head.filter(Boolean).join('\n')}</head>`,
    '<body>',
    `<a class="skip-link" href="#content">${escapeHtml(labels.skipToContent)}</a>`,
    '<header class="masthead"><div class="wrap">',
    `<p class="site"><a href="${escapeHtml(`${base}/`)}">${escapeHtml(identity.title)}</a></p>`,
    parts.masthead,
    '</div></header>',
    `<main id="content" class="wrap">${parts.main}</main>`,
    '<footer class="wrap footer">',
    `<p>${escapeHtml(labels.publisher)}: ${publisher}</p>`,
    `<p>${escapeHtml(labels.licence)}: <a href="${escapeHtml(licenseUrl(identity.license))}" rel="license">${escapeHtml(identity.license)}</a></p>`,
    '</footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
