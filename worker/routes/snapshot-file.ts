// A whole file of the snapshot served as it is (a reference list, the OpenAPI document, the
// documentation page's files): its ETag and length from the manifest, 304, HEAD.
import type { Context } from 'hono';
import type { Manifest } from '../../core/snapshot-layout.ts';
import { etagMatches } from '../http/cache-headers.ts';
import type { AppEnv } from '../env.ts';
import { JSON_TYPE, notModified, snapshotHeaders } from '../http/responses.ts';
import type { RequestContext } from '../request-context.ts';

export interface SnapshotFile {
  /** The file's ETag value (without quotes) and byte length, from the manifest. */
  entry: (manifest: Manifest) => { etag: string; bytes: number };
  read: (request: RequestContext) => Promise<Uint8Array>;
  contentType?: string;
  headers?: Record<string, string>;
}

export async function serveSnapshotFile(c: Context<AppEnv>, file: SnapshotFile) {
  const { request } = c.var;
  const { etag: tag, bytes } = file.entry(await request.store.manifest(request));
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(etag, bytes, file.headers, file.contentType ?? JSON_TYPE);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await file.read(request), { headers });
}
