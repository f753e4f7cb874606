// GET / and /docs (the documentation page), its script and stylesheet, and
// /api/v1/openapi.json (contract §8): files the build wrote into the snapshot, served like the lists.
import type { Context } from 'hono';
import { DOCUMENTATION_CSP, DOCUMENTATION_FILES, type DocumentationFileName } from '../../core/contract.ts';
import { etagMatches } from '../cache-headers.ts';
import { budgetFor } from '../read-budget.ts';
import { keepAlive, notModified, snapshotHeaders, type AppEnv } from '../responses.ts';
import { snapshotStore } from '../snapshot-store.ts';

export async function serveDocumentation(c: Context<AppEnv>, name: DocumentationFileName) {
  const store = snapshotStore(c.env.ASSETS);
  const budget = budgetFor(undefined);
  const { etag: tag, bytes } = (await store.manifest(budget, keepAlive(c))).documentation[name];
  const etag = `"${tag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const { contentType } = DOCUMENTATION_FILES.find((file) => file.name === name)!;
  const headers = snapshotHeaders(etag, bytes, contentType.startsWith('text/html') ? { 'content-security-policy': DOCUMENTATION_CSP } : {}, contentType);
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(await store.documentationFile(name, budget, keepAlive(c)), { headers });
}
