// What every snapshot answer carries: its headers, a 304 for a validator that matches, and the
// request's waitUntil for work that outlives the response.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
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

/** The request's waitUntil, when it has one (the tests' direct calls may not). */
export function keepAlive(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return undefined; // no ExecutionContext: nothing to keep alive
  }
}
