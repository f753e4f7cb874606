// The contract's error answers, as HTTPExceptions carrying their JSON body. Rendered in one
// place (app.onError), with the same CORS and nosniff headers as every other answer.
import { HTTPException } from 'hono/http-exception';
import {
  ALLOWED_METHODS,
  ERROR_CACHE_CONTROL,
  FETCH_FAILED,
  MAX_PAGED_QUERY_LENGTH,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '../../core/contract.ts';
import type { ErrorBody, MessageBody } from '../../core/schema.ts';
import type { AnswerOverBudget, DeploymentProfile } from '../deployment-profile.ts';

const jsonException = (
  status: 400 | 404 | 405 | 414,
  body: object,
  headers: Record<string, string> = {},
) => {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return new HTTPException(status, {
    res: new Response(bytes, {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': ERROR_CACHE_CONTROL,
        // stated, so that HEAD (the same headers, no body) gives it as GET does
        'content-length': String(bytes.length),
        ...headers,
      },
    }),
  });
};

export const unknownSlug = (list: ReferenceListName, slug: string) => {
  const { label, endpoint } = REFERENCE_LISTS.find((l) => l.name === list)!;
  const body: ErrorBody = {
    error: `The ${label} slug ${JSON.stringify(slug)} is wrong: no ${label} has it. See ${endpoint} for the valid slugs.`,
    status: 404,
  };
  return jsonException(404, body);
};

export const invalidPattern = (message: string) =>
  jsonException(400, { message } satisfies MessageBody);

/** A parameter other than the title is wrong (paging, year, fields, a misspelt name). */
export const invalidQuery = (message: string) =>
  jsonException(400, { message } satisfies MessageBody);

/** A page's Link header would repeat a query this long four times (docs/api.md §5.1). */
export const queryTooLongToPage = (length: number) =>
  jsonException(414, {
    message: `The query is ${length} characters long; a page (limit) allows at most ${MAX_PAGED_QUERY_LENGTH}, since its Link header repeats the query. Shorten the query, or leave out limit to get every match.`,
  } satisfies MessageBody);

/**
 * An answer this deployment's profile cannot give whole (docs/operations.md §10): refused before its first
 * byte, never cut short. Says what it would take and what to do instead.
 */
/** `remedy`: what to do instead, where paging with limit and offset is not it. */
export function answerTooLarge(
  over: AnswerOverBudget,
  profile: DeploymentProfile,
  remedy?: string,
) {
  const needs =
    over.reads === undefined
      ? `more than the ${over.readsAllowed} snapshot reads left to this request`
      : `about ${over.cpuMs!.toFixed(1)} ms of CPU to assemble, over the ${over.cpuMsAllowed} ms this profile allows an answer`;
  const limits =
    profile.plan === 'free'
      ? 'at most 50 subrequests and 10 ms of CPU per request'
      : `at most ${profile.subrequests} subrequests per request`;
  remedy ??=
    profile.plan === 'free'
      ? 'Ask for it in pages with limit (up to 100) and offset, narrow the search, or deploy with PLAN = "paid" to answer it whole.'
      : 'Ask for it in pages with limit and offset, or raise SUBREQUEST_BUDGET.';
  return jsonException(400, {
    message: `This answer (${over.length} bytes) is too large for this deployment's "${profile.plan}" profile (${limits}): it would need ${needs}. ${remedy}`,
  } satisfies MessageBody);
}

export const searchFetchFailed = () =>
  jsonException(400, { message: FETCH_FAILED } satisfies MessageBody);

export const listFetchFailed = () => jsonException(400, { error: FETCH_FAILED });

export const notFound = (path: string) =>
  jsonException(404, {
    error: `No such endpoint: ${path}. The API answers /api/v1/data-element, /api/v1/data-element/{id}, /api/v1/data-element/{id}/{year}.csv, /api/v1/facets, /api/v1/category, /api/v1/sector, /api/v1/field, /api/v1/data-source and /api/v1/dump; /api/v1/openapi.json describes them, and / documents them for people.`,
    status: 404,
  } satisfies ErrorBody);

export const noSuchElement = (id: string) =>
  jsonException(404, {
    error: `No published data element has the id ${JSON.stringify(id)}. Search /api/v1/data-element for the ids.`,
    status: 404,
  } satisfies ErrorBody);

export const noSuchTable = (id: string, table: string) =>
  jsonException(404, {
    error: `The data element ${JSON.stringify(id)} has no table ${JSON.stringify(table)}: ask for /api/v1/data-element/${id}/<year>.csv with a year of its data.`,
    status: 404,
  } satisfies ErrorBody);

export const noSuchDumpPart = (name: string) =>
  jsonException(404, {
    error: `The whole-catalogue download has no part ${JSON.stringify(name)}. /api/v1/dump lists its parts.`,
    status: 404,
  } satisfies ErrorBody);

export const methodNotAllowed = (method: string, allowed: readonly string[] = ALLOWED_METHODS) =>
  jsonException(
    405,
    {
      error: `Method ${method} is not allowed; this API is read-only (${allowed.join(', ')}).`,
      status: 405,
    } satisfies ErrorBody,
    {
      allow: allowed.join(', '),
    },
  );
