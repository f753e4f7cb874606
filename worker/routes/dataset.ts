// GET /dataset/{id} (docs/harvest.md §14): an element's page for people and search engines, by its _id
// or its CKAN name; an unknown or unpublished one: a 404 page with a search box. With .ttl or
// .jsonld: its DCAT dataset (docs/harvest.md §13.2, routes/dcat.ts).
import type { Context } from 'hono';
import { ERROR_CACHE_CONTROL } from '../../core/contract.ts';
import {
  pageContentSecurityPolicy,
  renderElementPage,
  renderNotFoundPage,
} from '../../core/open-data/page/index.ts';
import type { ElementView } from '../../core/open-data/element-view.ts';
import { readElementViews } from '../answer/element-views.ts';
import { pageRenderCpuMs } from '../cost-model.ts';
import type { AppEnv } from '../env.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { answerTooLarge } from '../http/errors.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { locateByName, locateElement } from '../snapshot/locate-element.ts';
import type { LoadedIndex } from '../snapshot/snapshot-store.ts';
import { dcatDataset } from './dcat.ts';
import type { RequestContext } from '../request-context.ts';

const HTML_TYPE = 'text/html; charset=utf-8';

export async function dataset(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const rdf = /^(.+)\.(ttl|jsonld)$/.exec(id);
  if (rdf) return dcatDataset(c, rdf[1]!, rdf[2] as 'ttl' | 'jsonld');
  return elementPage(c, id);
}

async function elementPage(c: Context<AppEnv>, idOrName: string): Promise<Response> {
  const url = new URL(c.req.url);
  const { request } = c.var;
  const { store } = request;
  const index = await store.index(request);
  const ctx = { base: url.origin, identity: index.openData.identity };
  const view = await viewOf(request, index, idOrName);
  if (!view) {
    const bytes = new TextEncoder().encode(renderNotFoundPage(ctx, url.pathname));
    return new Response(c.req.method === 'HEAD' ? null : bytes, {
      status: 404,
      headers: {
        'content-type': HTML_TYPE,
        'content-length': String(bytes.length),
        'cache-control': ERROR_CACHE_CONTROL,
        'content-security-policy': pageContentSecurityPolicy,
      },
    });
  }
  const etag = answerEtag(index.buildId, JSON.stringify(['page', url.origin, view.element._id]));
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const bytes = new TextEncoder().encode(renderElementPage(view, ctx));
  const headers = snapshotHeaders(
    etag,
    bytes.length,
    { 'content-security-policy': pageContentSecurityPolicy },
    HTML_TYPE,
  );
  return new Response(c.req.method === 'HEAD' ? null : bytes, { headers });
}

/** The element's view, or undefined when no published element has this _id or name. */
async function viewOf(
  request: RequestContext,
  index: LoadedIndex,
  idOrName: string,
): Promise<ElementView | undefined> {
  const { store, profile } = request;
  let located = await locateElement(store, index, request, idOrName);
  if (!located) return undefined;
  const openData = await store.openData(index, request);
  const read = async (element: number) => {
    const views = await readElementViews({ ...request, index }, openData, Uint32Array.of(element), {
      renderCpuMs: pageRenderCpuMs(index.sections.elementLength[element]!),
    });
    if (!views.ok) throw answerTooLarge(views.overBudget, profile);
    return views.views[0]!;
  };
  let view = await read(located.element);
  if (located.byName && view.name !== located.byName) {
    // the name's suffix led to another element: look the name up itself
    located = await locateByName(store, index, request, located.byName);
    if (!located) return undefined;
    view = await read(located.element);
  }
  return view;
}
