// GET /api/v1/data-element/{id}/observations, …/observations.csv, …/observations.jsonstat and
// /api/v1/data-element/{id}.xlsx (docs/api.md §15): the element read as one element is (docs/api.md §5.4),
// its observations derived once (core/tables/observations.ts) and rendered in the format asked
// for. Nothing is stored for them: every format is rendered from the element's bytes.
import type { Context } from 'hono';
import {
  publicUrls,
  type ElementView,
  type RenderContext,
} from '../../core/open-data/element-view.ts';
import { XLSX_MEDIA_TYPE } from '../../core/open-data/downloads.ts';
import { elementObservations, filterObservations } from '../../core/tables/observations.ts';
import { observationsCsv } from '../../core/tables/observations-csv.ts';
import { observationsJsonStat } from '../../core/tables/observations-jsonstat.ts';
import { elementWorkbook } from '../../core/tables/workbook.ts';
import { readElementViews } from '../answer/element-views.ts';
import { observationsRenderCpuMs, type ObservationsRendering } from '../cost-model.ts';
import type { AppEnv } from '../env.ts';
import { attachment } from '../http/attachment.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { answerTooLarge, invalidQuery, noSuchElement } from '../http/errors.ts';
import { JSON_TYPE, notModified, snapshotHeaders } from '../http/responses.ts';
import { findElementById } from '../search/element-lookup.ts';
import { parseObservationQuery, type ObservationQuery } from '../search/parse-query.ts';

const encoder = new TextEncoder();

/** One format: its rendering's name in the cost model, and how it is written. */
interface Rendering {
  cost: ObservationsRendering;
  /** Whether the observations' filters apply (the workbook is the element whole). */
  filtered: boolean;
  render: (view: ElementView, query: ObservationQuery, ctx: RenderContext) => Rendered;
}
interface Rendered {
  bytes: Uint8Array;
  contentType: string;
  headers?: Record<string, string>;
}

const observationsOf = (view: ElementView, query: ObservationQuery) =>
  filterObservations(elementObservations(view.element.data), query);

export const OBSERVATION_RENDERINGS = {
  json: {
    cost: 'json',
    filtered: true,
    render: (view, query) => ({
      bytes: encoder.encode(JSON.stringify(observationsOf(view, query))),
      contentType: JSON_TYPE,
    }),
  },
  csv: {
    cost: 'csv',
    filtered: true,
    render: (view, query) => ({
      bytes: encoder.encode(observationsCsv(observationsOf(view, query))),
      contentType: 'text/csv; charset=utf-8',
      headers: { 'content-disposition': attachment(`${view.element._id}-observations.csv`) },
    }),
  },
  jsonstat: {
    cost: 'jsonstat',
    filtered: true,
    render: (view, query, ctx) => ({
      bytes: encoder.encode(
        JSON.stringify(
          observationsJsonStat(observationsOf(view, query), {
            title: view.element.title,
            unit: view.element.unit,
            source: view.element.dataSource.name,
            updated: view.modified,
            href: publicUrls(ctx.base).page(view.name),
          }),
        ),
      ),
      contentType: JSON_TYPE,
    }),
  },
  xlsx: {
    cost: 'xlsx',
    filtered: false,
    render: (view, _query, ctx) => ({
      bytes: elementWorkbook(view, ctx),
      contentType: XLSX_MEDIA_TYPE,
      headers: { 'content-disposition': attachment(`${view.name}.xlsx`) },
    }),
  },
} satisfies Record<string, Rendering>;

export type ObservationsFormat = keyof typeof OBSERVATION_RENDERINGS;

/** The handler of one format; `idOf` reads the element's _id from the path. */
export const observationsRoute =
  (format: ObservationsFormat, idOf: (c: Context<AppEnv>) => string) =>
  async (c: Context<AppEnv>): Promise<Response> => {
    const rendering: Rendering = OBSERVATION_RENDERINGS[format];
    const params = new URL(c.req.url).searchParams;
    const parsed = parseObservationQuery(params, rendering.filtered ? undefined : []);
    if (!parsed.ok) throw invalidQuery(parsed.message);
    const id = idOf(c);
    const { request } = c.var;
    const { store, profile, origin } = request;
    const index = await store.index(request);
    const element = findElementById(await store.ids(index, request), id);
    if (element === undefined) throw noSuchElement(id);
    const etag = answerEtag(
      index.buildId,
      JSON.stringify(['observations', format, element, parsed.query, origin]),
    );
    if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
    const openData = await store.openData(index, request);
    const views = await readElementViews({ ...request, index }, openData, Uint32Array.of(element), {
      renderCpuMs: observationsRenderCpuMs(rendering.cost, index.sections.elementLength[element]!),
    });
    if (!views.ok) throw answerTooLarge(views.overBudget, profile);
    const { bytes, contentType, headers } = rendering.render(views.views[0]!, parsed.query, {
      base: origin,
      identity: index.openData.identity,
    });
    return new Response(c.req.method === 'HEAD' ? null : bytes, {
      headers: snapshotHeaders(etag, bytes.length, headers, contentType),
    });
  };
