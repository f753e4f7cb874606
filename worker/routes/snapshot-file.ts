// A whole file of the snapshot served as it is (a reference list, the OpenAPI document, the
// documentation page's files): its ETag and length from the manifest, 304, HEAD.
import type { Context } from 'hono';
import type { Manifest } from '../../core/snapshot-layout.ts';
import { etagMatches } from '../http/cache-headers.ts';
import type { AppEnv } from '../env.ts';
import { JSON_TYPE, notModified, snapshotHeaders } from '../http/responses.ts';
import type { ReadBudget } from '../snapshot/read-budget.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { snapshotRequest } from './snapshot-request.ts';

export interface SnapshotFile {
  /** The file's ETag value (without quotes) and byte length, from the manifest. */
  entry: (manifest: Manifest) => { etag: string; bytes: number };
  read: (
    store: SnapshotStore,
    budget: ReadBudget,
    keepAlive: ((promise: Promise<unknown>) => void) | undefined,
  ) => Promise<Uint8Array>;
  contentType?: string;
  headers?: Record<string, string>;
}

export async function serveSnapshotFile(c: Context<AppEnv>, file: SnapshotFile) {
  const { store, budget, keepAlive } = snapshotRequest(c);
  const { etag: tag, bytes } = file.entry(await store.manifest(budget, keepAlive));
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(etag, bytes, file.headers, file.contentType ?? JSON_TYPE);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await file.read(store, budget, keepAlive), { headers });
}
