// What every snapshot answer carries: its headers, and a 304 for a validator that matches.
import { CACHE_CONTROL } from './cache-headers.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function snapshotHeaders(
  etag: string,
  length: number,
  extra: Record<string, string> = {},
  contentType = JSON_TYPE,
): Headers {
  return new Headers({
    'content-type': contentType,
    'content-length': String(length),
    etag,
    'cache-control': CACHE_CONTROL,
    ...extra,
  });
}

export const notModified = (etag: string, extra: Record<string, string> = {}) =>
  new Response(null, { status: 304, headers: { etag, 'cache-control': CACHE_CONTROL, ...extra } });
