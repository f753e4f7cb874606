// The 404 page of /dataset/{id} (docs/harvest.md §14): what was asked for, a search box that the
// explorer at / reads (`q`), and the way home. Not indexed.
import type { RenderContext } from '../element-view.ts';
import { renderDocument } from './document.ts';
import { escapeHtml } from './escape.ts';
import { labelsFor } from './labels.ts';

const MAX_PATH_SHOWN = 200;

export function renderNotFoundPage(ctx: RenderContext, requestedPath: string): string {
  const labels = labelsFor(ctx.identity.language);
  const path =
    requestedPath.length > MAX_PATH_SHOWN
      ? `${requestedPath.slice(0, MAX_PATH_SHOWN - 1)}…`
      : requestedPath;
  const main = [
    `<p>${escapeHtml(labels.notFoundText(path))}</p>`,
    `<form class="search" role="search" action="${escapeHtml(`${ctx.base}/`)}" method="get">`,
    `<label for="q">${escapeHtml(labels.search)}</label>`,
    '<input id="q" name="q" type="search" autocomplete="off">',
    `<button type="submit">${escapeHtml(labels.searchButton)}</button>`,
    '</form>',
    `<p><a href="${escapeHtml(`${ctx.base}/`)}">${escapeHtml(labels.backHome)}</a></p>`,
  ].join('\n');
  return renderDocument(
    {
      title: `${labels.notFoundTitle} – ${ctx.identity.title}`,
      description: labels.notFoundText(path),
      noindex: true,
      masthead: `<h1>${escapeHtml(labels.notFoundTitle)}</h1>`,
      main,
    },
    ctx,
    labels,
  );
}
