// CKAN's action API envelope (docs/harvest.md §13.1): every answer is
// {"help": "<origin>/api/3/action/help_show?name=<action>", "success": true, "result": …}, every
// error {"help", "success": false, "error": {"__type", "message", …}} with CKAN's status
// (ckan/views/api.py). The same headers as every answer of the API (CORS and nosniff are added by
// the app; ETag and cache-control here).
import { ERROR_CACHE_CONTROL } from '../../core/contract.ts';
import { JSON_TYPE, snapshotHeaders } from './responses.ts';

export const CKAN_ERRORS = {
  notFound: { status: 404, type: 'Not Found Error' },
  validation: { status: 409, type: 'Validation Error' },
  search: { status: 409, type: 'Search Error' },
  searchQuery: { status: 400, type: 'Search Query Error' },
  authorization: { status: 403, type: 'Authorization Error' },
  badRequest: { status: 400, type: 'Bad request' },
} as const;
export type CkanErrorKind = keyof typeof CKAN_ERRORS;

/** An action's failure, answered in CKAN's envelope by the dispatcher. */
export class CkanError extends Error {
  constructor(
    readonly kind: CkanErrorKind,
    message: string,
    /** A Validation Error's messages by parameter, as CKAN gives them beside __type. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export const helpUrl = (origin: string, action: string) =>
  `${origin}/api/3/action/help_show?name=${encodeURIComponent(action)}`;

const encoder = new TextEncoder();

export function ckanErrorResponse(origin: string, action: string, error: CkanError): Response {
  const { status, type } = CKAN_ERRORS[error.kind];
  const body =
    error.kind === 'validation'
      ? { __type: type, ...error.fields, ...(error.message && { message: error.message }) }
      : { __type: type, message: error.message };
  const bytes = encoder.encode(
    JSON.stringify({ help: helpUrl(origin, action), success: false, error: body }),
  );
  return new Response(bytes, {
    status,
    headers: {
      'content-type': JSON_TYPE,
      'content-length': String(bytes.length),
      'cache-control': ERROR_CACHE_CONTROL,
    },
  });
}

/** The envelope around a result already serialized (as parts, so packages are not copied twice). */
export function ckanSuccess(
  origin: string,
  action: string,
  result: Uint8Array[],
  etag: string,
  head: boolean,
): Response {
  const opening = encoder.encode(
    `{"help":${JSON.stringify(helpUrl(origin, action))},"success":true,"result":`,
  );
  const parts = [opening, ...result, CLOSING];
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const headers = snapshotHeaders(etag, length);
  if (head) return new Response(null, { headers });
  // the parts in chunks of about CHUNK_BYTES: a stream chunk costs the runtime more than copying
  // a package (rows=1000 is 2,000 parts), and the whole answer is never copied at once
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === parts.length) return controller.close();
      let end = next;
      let size = 0;
      while (end < parts.length && (end === next || size + parts[end]!.length <= CHUNK_BYTES))
        size += parts[end++]!.length;
      if (end === next + 1) controller.enqueue(parts[next]!);
      else {
        const chunk = new Uint8Array(size);
        let at = 0;
        for (let i = next; i < end; i++) {
          chunk.set(parts[i]!, at);
          at += parts[i]!.length;
        }
        controller.enqueue(chunk);
      }
      next = end;
    },
  });
  return new Response(body, { headers });
}

const CHUNK_BYTES = 64 * 1024;
const CLOSING = encoder.encode('}');

export const jsonPart = (value: unknown) => encoder.encode(JSON.stringify(value));
