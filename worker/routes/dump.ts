// GET /api/v1/dump and /api/v1/dump/{part} (docs/harvest.md §13.3): the whole catalogue as gzip'd JSON
// Lines, in parts the build wrote. The listing comes from the manifest alone; a part is one
// snapshot read, its bytes handed on as they arrive (never held), with its ETag from the manifest.
import type { Context } from 'hono';
import type { CatalogueDump } from '../../core/schema.ts';
import {
  DUMP_ENDPOINT,
  dumpPartName,
  dumpPartNumber,
  type Manifest,
} from '../../core/snapshot-layout.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { noSuchDumpPart } from '../http/errors.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import type { AppEnv } from '../env.ts';

export async function dumpListing(c: Context<AppEnv>) {
  const { request } = c.var;
  const { store } = request;
  const manifest = await store.manifest(request);
  const { origin } = new URL(c.req.url);
  // the answer names absolute URLs: its ETag covers the origin as well as the snapshot
  const etag = answerEtag(manifest.buildId, JSON.stringify(['dump', origin]));
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const bytes = new TextEncoder().encode(JSON.stringify(dumpAnswer(manifest, origin)));
  return new Response(c.req.method === 'HEAD' ? null : bytes, {
    headers: snapshotHeaders(etag, bytes.length),
  });
}

export function dumpAnswer(manifest: Manifest, origin: string): CatalogueDump {
  return {
    snapshot: manifest.buildId,
    elements: manifest.counts.elementsPublished,
    parts: manifest.dump.map(({ elements, bytes, sha256 }, part) => ({
      url: `${origin}${DUMP_ENDPOINT}/${dumpPartName(part)}`,
      elements,
      bytes,
      sha256,
    })),
  };
}

export async function dumpPart(c: Context<AppEnv>) {
  const name = c.req.param('part') ?? '';
  const { request } = c.var;
  const { store, budget } = request;
  const manifest = await store.manifest(request);
  const part = dumpPartNumber(name);
  const entry = part === undefined ? undefined : manifest.dump[part];
  if (part === undefined || !entry) throw noSuchDumpPart(name);
  const etag = `"${entry.etag}"`;
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  const headers = snapshotHeaders(
    etag,
    entry.bytes,
    { 'content-disposition': `attachment; filename="satu-data-${manifest.buildId}-${name}"` },
    'application/gzip', // the file itself, not an encoding of it: its SHA-256 is the listing's
  );
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  const { body, release } = await store.dumpPart(manifest.buildId, part, budget);
  // Piped by the runtime, not through JavaScript. The read is let go when the body ends, or when
  // the pipe fails (the client gone, mostly): the body is then short of its length, as it shows.
  const { readable, writable } = new FixedLengthStream(entry.bytes);
  body.pipeTo(writable).then(release, release);
  return new Response(readable, { headers });
}
