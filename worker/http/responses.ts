// What every snapshot answer carries, and the streaming of a prepared answer.
import type { Context } from 'hono';
import type { PreparedAnswer } from '../answer/prepare-answer.ts';
import {
  deploymentProfile,
  type DeploymentProfile,
  type ProfileSettings,
} from '../deployment-profile.ts';
import { CACHE_CONTROL } from './cache-headers.ts';
import { fixedLengthStream, type BodyOptions } from '../answer/fixed-length-body.ts';

/**
 * The bindings of wrangler.toml (`PLAN`, the deployment profile, among them), and optional
 * variables: `SUBREQUEST_BUDGET` for the `paid` profile, `EDGE_CACHE = "off"` to serve every
 * answer assembled (edge-cache.ts; the benchmark measures both).
 */
export type AppEnv = {
  Bindings: Omit<Env, 'PLAN'> & ProfileSettings & { EDGE_CACHE?: string };
};

/** The request's deployment profile (deployment-profile.ts). */
export const profileOf = (c: Context<AppEnv>): DeploymentProfile => deploymentProfile(c.env);

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

/**
 * A prepared answer as a response body of exact length. The first chunk is awaited before the
 * 200 is answered, so an unreadable snapshot is still a clean error. `copyTo`: a consumer of the
 * same bytes, which holds the answer back at most briefly (fixed-length-body.ts).
 */
export async function streamedBody(
  answer: PreparedAnswer,
  copyTo?: BodyOptions['copyTo'],
): Promise<ReadableStream<Uint8Array>> {
  const stop = new AbortController();
  const chunks = answer.chunks(stop.signal);
  const first = await chunks.next();
  return fixedLengthStream(answer.length, prepend(first, chunks), {
    onError: (error) => console.error('answer cut short:', error),
    onCancel: () => stop.abort(),
    copyTo,
  });
}

/** The whole of a small prepared answer (one element), as bytes. */
export async function collect(answer: PreparedAnswer): Promise<Uint8Array> {
  const out = new Uint8Array(answer.length);
  let offset = 0;
  for await (const chunk of answer.chunks()) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * `first`, then the rest of the generator; returning early returns the rest too (its cleanup runs).
 */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    if (first.done) return;
    yield first.value;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}
