// The whole catalogue as one download (docs/harvest.md §13.3): the listing, and each part served as the
// build wrote it (the fixture snapshot is built with small parts, so there are several): gzip'd
// JSON Lines of exactly the bytes of /api/v1/data-element/{id}, every published element once, in
// catalogue order; docs/api.md §4's headers; one snapshot read a part.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import { CatalogueDump } from '../../core/schema.ts';
import { MANIFEST_PATH, type Manifest } from '../../core/snapshot-layout.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { PUBLISHED, UNVERIFIED, idOf } from '../support/fixture-catalogue.ts';
import { snapshotStore } from '../../worker/snapshot/snapshot-store.ts';
import { countingAssets } from '../support/workerd/counting-assets.ts';
import { ORIGIN, api } from './worker-client.ts';

const listing = async (origin = ORIGIN) => {
  const response = await fetchAt(origin, '/api/v1/dump');
  expect(response.status).toBe(200);
  return CatalogueDump.strict().parse(await response.json());
};
const fetchAt = (origin: string, path: string, init?: RequestInit) =>
  origin === ORIGIN ? api(path, init) : app.request(`${origin}${path}`, init, env);
const pathOf = (url: string) => new URL(url).pathname;
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Lines of JSON Lines as bytes; every line, the last too, ends with "\n". */
function linesOf(bytes: Uint8Array): Uint8Array[] {
  expect(bytes[bytes.length - 1]).toBe(0x0a);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 1;
    }
  return lines;
}

describe('GET /api/v1/dump', () => {
  it('lists the snapshot, the published count and parts at absolute URLs of this origin', async () => {
    const manifest = (await (
      await env.ASSETS.fetch(`https://x/${MANIFEST_PATH}`)
    ).json()) as Manifest;
    const dump = await listing();
    expect(dump.snapshot).toBe(manifest.buildId);
    expect(dump.elements).toBe(PUBLISHED.length);
    expect(dump.parts.length).toBeGreaterThan(2);
    expect(dump.parts.map(({ url }) => url)).toEqual(
      dump.parts.map(
        (_, n) => `${ORIGIN}/api/v1/dump/part-${String(n + 1).padStart(5, '0')}.jsonl.gz`,
      ),
    );
    expect(dump.parts.reduce((sum, part) => sum + part.elements, 0)).toBe(PUBLISHED.length);
    const elsewhere = await listing('https://data.example.go.id');
    expect(elsewhere.parts[0]!.url).toBe(
      'https://data.example.go.id/api/v1/dump/part-00001.jsonl.gz',
    );
  });

  it('carries the headers of every snapshot answer, a strong ETag per origin, and answers 304', async () => {
    const response = await api('/api/v1/dump');
    const text = await response.text();
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(
      String(new TextEncoder().encode(text).length),
    );
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const elsewhere = await fetchAt('https://data.example.go.id', '/api/v1/dump');
    expect(elsewhere.headers.get('etag')).not.toBe(etag);
    const again = await api('/api/v1/dump', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await api('/api/v1/dump', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['etag', 'content-length', 'content-type', 'cache-control'])
      expect(head.headers.get(name), name).toBe(response.headers.get(name));
  });
});

describe('GET /api/v1/dump/{part}', () => {
  it('serves each part with the length and SHA-256 the listing gives', async () => {
    for (const part of (await listing()).parts) {
      const response = await api(pathOf(part.url));
      expect(response.status).toBe(200);
      const bytes = await bytesOf(response);
      expect(bytes.length).toBe(part.bytes);
      expect(response.headers.get('content-length')).toBe(String(part.bytes));
      expect(hex(await crypto.subtle.digest('SHA-256', bytes))).toBe(part.sha256);
    }
  });

  it('holds, across its parts, every published element once in catalogue order: the bytes of /api/v1/data-element/{id}, a line each', async () => {
    const dump = await listing();
    const decoder = new TextDecoder();
    const lines: string[] = [];
    for (const part of dump.parts) {
      const ofPart = linesOf(await gunzip(await bytesOf(await api(pathOf(part.url)))));
      expect(ofPart).toHaveLength(part.elements);
      lines.push(...ofPart.map((line) => decoder.decode(line)));
    }
    const search = (
      JSON.parse(await (await api('/api/v1/data-element')).text()) as { _id: string }[]
    ).map((element) => element._id);
    const ids = lines.map((line) => (JSON.parse(line) as { _id: string })._id);
    expect(ids).toEqual(search);
    expect(ids).toEqual(PUBLISHED.map((element) => idOf(element._id)));
    for (const element of UNVERIFIED) expect(ids).not.toContain(idOf(element._id));
    for (const [i, id] of ids.entries()) {
      const one = await bytesOf(await api(`/api/v1/data-element/${id}`));
      expect(new TextEncoder().encode(lines[i]!), id).toEqual(one);
    }
  });

  it('is a gzip download, not an encoding: application/gzip, an attachment, no content-encoding', async () => {
    const [first] = (await listing()).parts;
    const response = await api(pathOf(first!.url));
    await response.body?.cancel();
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="satu-data-${(await listing()).snapshot}-part-00001.jsonl.gz"`,
    );
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('carries a strong ETag of its own, answered with 304, and HEAD without a body', async () => {
    const [first, second] = (await listing()).parts;
    const get = await api(pathOf(first!.url));
    const bytes = await bytesOf(get);
    const etag = get.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const other = await api(pathOf(second!.url), { method: 'HEAD' });
    expect(other.headers.get('etag')).not.toBe(etag);
    const again = await api(pathOf(first!.url), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await api(pathOf(first!.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of [
      'etag',
      'content-length',
      'content-type',
      'content-disposition',
      'cache-control',
    ])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it.each([
    ['a part past the last', 'part-09999.jsonl.gz'],
    ['part zero', 'part-00000.jsonl.gz'],
    ['a name without its leading zeros', 'part-1.jsonl.gz'],
    ['the file name inside the snapshot', '00000.jsonl.gz'],
    ['another extension', 'part-00001.json'],
  ])('answers %s with 404 naming it', async (_, name) => {
    const error = await expectErrorBody(await api(`/api/v1/dump/${name}`), 404, 'error');
    expect(error).toContain(JSON.stringify(name));
    expect(error).toContain('/api/v1/dump');
  });

  it.each(['free', 'paid'] as const)(
    'reads the snapshot once a part, and lets the read go when the body ends (%s)',
    async (plan) => {
      const { assets, counts } = countingAssets(env.ASSETS);
      const bindings = { ASSETS: assets, PLAN: plan };
      const dump = CatalogueDump.parse(
        await (await app.request(`${ORIGIN}/api/v1/dump`, {}, bindings)).json(),
      );
      expect(counts.reads).toBe(1); // the manifest, once per isolate
      for (const [n, part] of dump.parts.entries()) {
        const response = await app.request(part.url, {}, bindings);
        expect(response.status).toBe(200);
        expect((await bytesOf(response)).length).toBe(part.bytes);
        expect(counts.reads).toBe(2 + n);
        await expect.poll(() => counts.open).toBe(0);
        await expect.poll(() => snapshotStore(assets).readsOpen).toBe(0);
      }
      // HEAD and a revalidation need no read beyond the manifest
      const before = counts.reads;
      const head = await app.request(dump.parts[0]!.url, { method: 'HEAD' }, bindings);
      const etag = head.headers.get('etag')!;
      await app.request(dump.parts[0]!.url, { headers: { 'if-none-match': etag } }, bindings);
      expect(counts.reads).toBe(before);
    },
  );

  it('lets the read go when the client stops reading halfway', async () => {
    // the binding itself: a counting one (a JavaScript stream over it) would report its own
    // cancelled read as uncaught
    const bindings = { ASSETS: env.ASSETS };
    const [first] = CatalogueDump.parse(
      await (await app.request(`${ORIGIN}/api/v1/dump`, {}, bindings)).json(),
    ).parts;
    const response = await app.request(first!.url, {}, bindings);
    expect(snapshotStore(env.ASSETS).readsOpen).toBe(1);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => snapshotStore(env.ASSETS).readsOpen).toBe(0);
  });
});
