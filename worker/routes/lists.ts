// GET /api/v1/category, /sector, /field, /data-source: precomputed bytes, catalogue order.
import type { Context } from 'hono';
import type { ReferenceListName } from '../../core/contract.ts';
import { etagMatches } from '../cache-headers.ts';
import { budgetFor } from '../read-budget.ts';
import { keepAlive, notModified, snapshotHeaders, type AppEnv } from '../responses.ts';
import { snapshotStore } from '../snapshot-store.ts';

export async function serveList(c: Context<AppEnv>, name: ReferenceListName) {
  const store = snapshotStore(c.env.ASSETS);
  const budget = budgetFor(undefined);
  const { etag: tag, bytes } = (await store.manifest(budget, keepAlive(c))).lists[name];
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(etag, bytes);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await store.list(name, budget), { headers });
}
