// Headers and the answers shared by several operations: 304, and the error bodies of docs/api.md §3.
import {
  ALLOWED_METHODS,
  CACHE_CONTROL,
  CONTENT_TYPE_OPTIONS,
  DOCUMENTATION_CSP,
  ERROR_CACHE_CONTROL,
  EXPOSED_HEADERS,
  MAX_LIMIT,
  MAX_PAGED_QUERY_LENGTH,
  PREFLIGHT_MAX_AGE_S,
} from '../../core/contract.ts';
import {
  fetchFailedExample,
  invalidParameterExample,
  invalidWordsExample,
  invalidPatternExample,
  answerTooLargeExample,
  listFetchFailedExample,
  methodNotAllowedExample,
  queryTooLongExample,
  unknownSlugExample,
} from '../../core/examples.ts';
import { schemaRef, type ComponentName } from './schemas.ts';

const JSON_TYPE = 'application/json';

/** Headers of the answers; every one but Link is sent whenever an answer lists it. */
export const HEADERS = {
  ETag: {
    required: true,
    description:
      'Strong validator of this answer (the snapshot and the normalized query). Send it in `If-None-Match` to get a 304 while nothing changed.',
    schema: { type: 'string', pattern: '^"[^"]+"$' },
  },
  'Cache-Control': {
    required: true,
    description: 'Answers may be cached: the snapshot changes only when the catalogue is rebuilt.',
    schema: { type: 'string', const: CACHE_CONTROL },
  },
  'Cache-Control-No-Store': {
    required: true,
    description: 'Errors are not cached.',
    schema: { type: 'string', const: ERROR_CACHE_CONTROL },
  },
  'Access-Control-Allow-Origin': {
    required: true,
    description: 'Every answer may be read by a script of any origin.',
    schema: { type: 'string', const: '*' },
  },
  'Access-Control-Expose-Headers': {
    required: true,
    description: 'The headers a script of another origin may read.',
    schema: { type: 'string', const: EXPOSED_HEADERS.join(', ') },
  },
  'X-Content-Type-Options': {
    required: true,
    description: 'Browsers take the content type as given.',
    schema: { type: 'string', const: CONTENT_TYPE_OPTIONS },
  },
  'X-Total-Count': {
    required: true,
    description: 'How many elements match the query, before paging.',
    schema: { type: 'integer', minimum: 0 },
  },
  Link: {
    description: `With \`limit\`: RFC 8288 links to the first, previous (when offset > 0), next (when more follow) and last page, absolute URLs of the same query with only \`offset\` changed. Absent without \`limit\` (1 to ${MAX_LIMIT}).`,
    schema: { type: 'string' },
    example:
      '<https://example.org/api/v1/data-element?limit=20&offset=0>; rel="first", <https://example.org/api/v1/data-element?limit=20&offset=20>; rel="next", <https://example.org/api/v1/data-element?limit=20&offset=180>; rel="last"',
  },
  'Content-Disposition': {
    required: true,
    description:
      'A download named `<id>-<year>.csv`. When the id holds characters a quoted string cannot carry (beyond printable ASCII, `"` or `\\`), `filename` has `_` for them and `filename*` the exact name (RFC 6266, RFC 8187).',
    schema: {
      type: 'string',
      pattern:
        '^attachment; filename="[ !#-\\[\\]-~]+-(-?[0-9]+)\\.csv"(; filename\\*=UTF-8\'\'[A-Za-z0-9!#$&+.^_`|~%-]+)?$',
    },
  },
  'Content-Disposition-Observations': {
    required: true,
    description:
      'A download named `<id>-observations.csv`, with `filename*` as for a table (RFC 6266, RFC 8187).',
    schema: {
      type: 'string',
      pattern:
        '^attachment; filename="[ !#-\\[\\]-~]+-observations\\.csv"(; filename\\*=UTF-8\'\'[A-Za-z0-9!#$&+.^_`|~%-]+)?$',
    },
  },
  'Content-Disposition-Workbook': {
    required: true,
    description: "A download named by the element's CKAN name: `<name>.xlsx`.",
    schema: { type: 'string', pattern: '^attachment; filename="[a-z0-9_-]{2,100}\\.xlsx"$' },
  },
  'Content-Disposition-Dump': {
    required: true,
    description:
      'A download named after the snapshot and the part: `satu-data-<snapshot>-part-00001.jsonl.gz`.',
    schema: {
      type: 'string',
      pattern: '^attachment; filename="satu-data-[0-9a-f]+-part-[0-9]{5}\\.jsonl\\.gz"$',
    },
  },
  'Content-Security-Policy': {
    required: true,
    description: 'The page loads nothing from another host.',
    schema: { type: 'string', const: DOCUMENTATION_CSP },
  },
  Allow: {
    required: true,
    description: 'The methods the API answers.',
    schema: { type: 'string', const: ALLOWED_METHODS.join(', ') },
  },
  'Access-Control-Allow-Methods': {
    required: true,
    description: 'The methods a script of another origin may use.',
    schema: { type: 'string', const: ALLOWED_METHODS.join(',') },
  },
  'Access-Control-Allow-Headers': {
    description:
      'The request headers the preflight asked for (`Access-Control-Request-Headers`), allowed.',
    schema: { type: 'string' },
  },
  'Access-Control-Max-Age': {
    required: true,
    description: 'How long, in seconds, a browser may keep this preflight.',
    schema: { type: 'string', const: String(PREFLIGHT_MAX_AGE_S) },
  },
};
type HeaderName = keyof typeof HEADERS;

/** Sent with every answer, errors included. */
const EVERY_ANSWER: HeaderName[] = [
  'Access-Control-Allow-Origin',
  'Access-Control-Expose-Headers',
  'X-Content-Type-Options',
];

/** Components that describe one header as some answers send it, by the header's name. */
const SENT_AS: Partial<Record<HeaderName, string>> = {
  'Cache-Control-No-Store': 'Cache-Control',
  'Content-Disposition-Dump': 'Content-Disposition',
  'Content-Disposition-Observations': 'Content-Disposition',
  'Content-Disposition-Workbook': 'Content-Disposition',
};

/** Header components by name; each is sent under its own name but those of SENT_AS. */
const headerRefs = (...names: HeaderName[]) =>
  Object.fromEntries(
    names.map((name) => [SENT_AS[name] ?? name, { $ref: `#/components/headers/${name}` }]),
  );

/** The headers of every 200 from the snapshot, with any of an endpoint's own. */
export const okHeaders = (...extra: HeaderName[]) =>
  headerRefs('ETag', 'Cache-Control', ...EVERY_ANSWER, ...extra);

const errorResponse = (
  description: string,
  schema: ComponentName,
  examples: Record<string, { summary: string; value: object }>,
  ...extra: HeaderName[]
) => ({
  description,
  headers: headerRefs('Cache-Control-No-Store', ...EVERY_ANSWER, ...extra),
  content: { [JSON_TYPE]: { schema: schemaRef(schema), examples } },
});

export const RESPONSES = {
  Preflight: {
    description:
      'A CORS preflight: any origin may read the answers of GET and HEAD, with any request header. No body.',
    headers: headerRefs(
      ...EVERY_ANSWER,
      'Access-Control-Allow-Methods',
      'Access-Control-Allow-Headers',
      'Access-Control-Max-Age',
    ),
  },
  NotModified: {
    description: '`If-None-Match` named the current ETag: nothing changed. No body.',
    headers: headerRefs('ETag', 'Cache-Control', ...EVERY_ANSWER),
  },
  NotModifiedPage: {
    description:
      '`If-None-Match` named the current ETag: nothing changed. No body; the paging headers as with a 200.',
    headers: headerRefs('ETag', 'Cache-Control', ...EVERY_ANSWER, 'X-Total-Count', 'Link'),
  },
  BadRequest: errorResponse(
    "A parameter is invalid (the title pattern, `q`, a number, a field name) or misspelt, the answer is too large for the deployment's profile (`PLAN`: refused before its first byte, never cut short; page it with `limit`), or the snapshot could not be read.",
    'MessageBody',
    {
      pattern: { summary: 'A title pattern the API refuses', value: invalidPatternExample },
      parameter: {
        summary: 'A parameter out of range, repeated or misspelt',
        value: invalidParameterExample,
      },
      words: { summary: 'A q without a word, or with more than 12', value: invalidWordsExample },
      tooLarge: {
        summary: "An answer too large for the deployment's profile",
        value: answerTooLargeExample,
      },
      unreadable: { summary: 'The snapshot could not be read', value: fetchFailedExample },
    },
  ),
  QueryTooLongToPage: errorResponse(
    `With \`limit\`, a query string longer than ${MAX_PAGED_QUERY_LENGTH} characters: the page's \`Link\` header would repeat it four times. Without \`limit\`, such a query is answered.`,
    'MessageBody',
    { long: { summary: 'A paged query too long for its Link header', value: queryTooLongExample } },
  ),
  ReadFailed: errorResponse('The snapshot could not be read.', 'MessageBody', {
    unreadable: { summary: 'The snapshot could not be read', value: fetchFailedExample },
  }),
  ListReadFailed: errorResponse('The snapshot could not be read.', 'ListErrorBody', {
    unreadable: { summary: 'The snapshot could not be read', value: listFetchFailedExample },
  }),
  UnknownSlug: errorResponse(
    'A filter names a slug that no item of its list has (checked in the order category, dataSource, sector, field).',
    'ErrorBody',
    {
      slug: { summary: 'An unknown slug', value: unknownSlugExample },
    },
  ),
  ElementNotFound: errorResponse('No published data element has the id.', 'ErrorBody', {
    element: {
      summary: 'An unknown id',
      value: {
        error: 'No published data element has the id "x". Search /api/v1/data-element for the ids.',
        status: 404,
      },
    },
  }),
  TableNotFound: errorResponse(
    'No published data element has the id, or it has no table for the year.',
    'ErrorBody',
    {
      table: {
        summary: 'A year the element has no table for',
        value: {
          error:
            'The data element "21bacaba8dd85048097c9862" has no table "1999.csv": ask for /api/v1/data-element/21bacaba8dd85048097c9862/<year>.csv with a year of its data.',
          status: 404,
        },
      },
    },
  ),
  DumpPartNotFound: errorResponse(
    'The whole-catalogue download has no part of this name (`/api/v1/dump` lists them).',
    'ErrorBody',
    {
      part: {
        summary: 'A part the download does not have',
        value: {
          error:
            'The whole-catalogue download has no part "part-00099.jsonl.gz". /api/v1/dump lists its parts.',
          status: 404,
        },
      },
    },
  ),
  CkanError: errorResponse(
    "CKAN's error envelope, with CKAN's status: 404 Not Found Error, 409 Validation Error or Search Error, 400 Search Query Error or Bad request (an unknown action), 403 Authorization Error (a write action).",
    'CkanErrorEnvelope',
    {
      notFound: {
        summary: 'package_show of an id no package has',
        value: {
          help: 'https://data.example/api/3/action/help_show?name=package_show',
          success: false,
          error: { __type: 'Not Found Error', message: 'Not found' },
        },
      },
      validation: {
        summary: 'package_search with rows=abc',
        value: {
          help: 'https://data.example/api/3/action/help_show?name=package_search',
          success: false,
          error: { __type: 'Validation Error', rows: ['Invalid integer'] },
        },
      },
    },
  ),
  PageNotFound: {
    description:
      'No published element has this `_id` or name: a page for people, with a search box.',
    headers: headerRefs('Cache-Control-No-Store', ...EVERY_ANSWER, 'Content-Security-Policy'),
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  MethodNotAllowed: errorResponse(
    'A method other than GET, HEAD and OPTIONS, on any path: the API is read-only.',
    'ErrorBody',
    { method: { summary: 'POST', value: methodNotAllowedExample } },
    'Allow',
  ),
};
export type ResponseName = keyof typeof RESPONSES;

export const responseRef = (name: ResponseName) => ({ $ref: `#/components/responses/${name}` });
