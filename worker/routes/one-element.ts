// GET /api/v1/data-element/{id} (docs/api.md §5.4) and /api/v1/data-element/{id}/{year}.csv (docs/api.md §5.5).
// An unverified element was never published: its id answers exactly as an unknown one.
import type { Context } from 'hono';
import type { DataElement } from '../../core/schema.ts';
import { admitAnswer, answerFormat, prepareAnswer } from '../answer/prepare-answer.ts';
import { answerLength, type ElementFormat } from '../answer/streamed-answer.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { csvAttachment } from '../http/attachment.ts';
import { projectedElement } from '../answer/element-format.ts';
import { findElementById } from '../search/element-lookup.ts';
import { answerTooLarge, invalidQuery, noSuchElement, noSuchTable } from '../http/errors.ts';
import { parseFieldsOnly } from '../search/parse-query.ts';
import { collect, streamedBody } from '../answer/answer-body.ts';
import type { AppEnv } from '../env.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { postingList } from '../search/filters.ts';
import type { LoadedIndex } from '../snapshot/snapshot-store.ts';
import { tableCsv } from '../../core/tables/csv.ts';
import type { RequestContext } from '../request-context.ts';

export async function oneElement(c: Context<AppEnv>) {
  const parsed = parseFieldsOnly(new URL(c.req.url).searchParams);
  if (!parsed.ok) throw invalidQuery(parsed.message);
  const located = await locate(c);
  const { index, store, element } = located;
  const etag = answerEtag(
    index.buildId,
    JSON.stringify(['element', element, parsed.fields ?? null]),
  );
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const format = await answerFormat(index, store, located, parsed.fields);
  const elements = Uint32Array.of(element);
  if (c.req.method === 'HEAD')
    return new Response(null, {
      headers: snapshotHeaders(etag, answerLength(elements, format, true)),
    });
  const answer = oneElementAnswer(located, format);
  return new Response(await streamedBody(answer), {
    headers: snapshotHeaders(etag, answer.length),
  });
}

export async function tableAsCsv(c: Context<AppEnv>) {
  const table = c.req.param('table') ?? '';
  const year = Number(/^(-?\d+)\.csv$/.exec(table)?.[1] ?? NaN);
  const located = await locate(c);
  const { index, store, element, id } = located;
  if (!hasYear(index, element, year)) throw noSuchTable(id, table);
  const etag = answerEtag(index.buildId, JSON.stringify(['csv', element, year]));
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  // Only the element's `data` is parsed (the table has to be read cell by cell anyway).
  const dataOnly = projectedElement(
    index.sections.elementLength,
    await store.keyStarts(index, located),
    ['data'],
  );
  const answer = oneElementAnswer(located, dataOnly);
  const { data } = JSON.parse(new TextDecoder().decode(await collect(answer))) as Pick<
    DataElement,
    'data'
  >;
  const entry = data.find((d) => d.year === year)!;
  const bytes = new TextEncoder().encode(tableCsv(entry.table));
  const headers = snapshotHeaders(
    etag,
    bytes.length,
    { 'content-disposition': csvAttachment(id, year) },
    'text/csv; charset=utf-8',
  );
  return new Response(c.req.method === 'HEAD' ? null : bytes, { headers });
}

/** One element's bytes (one read): within any profile, unless the budget is already spent. */
function oneElementAnswer(
  { profile, index, store, budget, element }: LocatedElement,
  format: ElementFormat,
) {
  const elements = Uint32Array.of(element);
  const admitted = admitAnswer(profile, index, budget, elements, format, { bare: true });
  if (!admitted.ok) throw answerTooLarge(admitted.overBudget, profile);
  return prepareAnswer(index, store, budget, elements, format, admitted, true);
}

interface LocatedElement extends RequestContext {
  index: LoadedIndex;
  element: number;
  id: string;
}

async function locate(c: Context<AppEnv>): Promise<LocatedElement> {
  const id = c.req.param('id') ?? '';
  const { request } = c.var;
  const index = await request.store.index(request);
  const element = findElementById(await request.store.ids(index, request), id);
  if (element === undefined) throw noSuchElement(id);
  return { ...request, index, element, id };
}

/** Whether the element has a table for the year (the year posting lists say, without a read). */
function hasYear(index: LoadedIndex, element: number, year: number): boolean {
  const y = Number.isSafeInteger(year) ? index.years.indexOf(year) : -1;
  return y >= 0 && postingList(index.sections, 'year', y).includes(element);
}
