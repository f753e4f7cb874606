// Every read of the snapshot goes through here (the ASSETS binding is a parameter, so tests
// can hand in a fake). The manifest and the search index are loaded once per isolate and kept;
// a failed read drops them, so a rebuilt snapshot is picked up on the next request.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import {
  LAYOUT_VERSION,
  MANIFEST_PATH,
  decodeIndexSections,
  snapshotPaths,
  type IndexHeader,
  type Manifest,
} from '../core/snapshot-layout.ts';
import { AnswerCache } from './answer-cache.ts';
import { LruCache } from './lru-cache.ts';
import { buildSlugLookup, type SearchIndex } from './search.ts';

/** The snapshot could not be read: a missing file, a bad status, a layout this Worker does not know. */
export class SnapshotUnavailable extends Error {}

export interface LoadedIndex extends SearchIndex {
  buildId: string;
  /** Recent answers of this index. */
  answers: AnswerCache;
}

/** What this module needs of the ASSETS binding (a Fetcher); plain fetch types, so Node can run it too. */
export interface AssetFetcher {
  fetch(url: string): Promise<Response>;
}

/** Memory for hot shards and lists, beside the index (an isolate has 128 MB in all). */
export const FILE_CACHE_BYTES = 32 * 1024 * 1024;

// ASSETS ignores the host; any absolute URL will do.
const assetUrl = (path: string) => `https://snapshot.invalid/${path}`;

export class SnapshotStore {
  private manifestPromise: Promise<Manifest> | undefined;
  private indexPromise: Promise<LoadedIndex> | undefined;
  private readonly cache = new LruCache<Uint8Array>(FILE_CACHE_BYTES, (bytes) => bytes.length);

  constructor(private readonly assets: AssetFetcher) {}

  /**
   * The manifest, loaded once. `keepAlive` (the request's waitUntil) keeps the loading request's
   * I/O alive until the load is done, since concurrent requests wait on the same promise.
   */
  manifest(keepAlive?: (promise: Promise<unknown>) => void): Promise<Manifest> {
    if (!this.manifestPromise) {
      this.manifestPromise = this.remember(this.loadManifest());
      keepAlive?.(this.manifestPromise.catch(() => undefined));
    }
    return this.manifestPromise;
  }

  /** The search index, loaded once; see manifest() for `keepAlive`. */
  index(keepAlive?: (promise: Promise<unknown>) => void): Promise<LoadedIndex> {
    if (!this.indexPromise) {
      this.indexPromise = this.remember(this.manifest(keepAlive).then((manifest) => this.loadIndex(manifest.buildId)));
      keepAlive?.(this.indexPromise.catch(() => undefined));
    }
    return this.indexPromise;
  }

  /** A reference list, ready-to-serve bytes. */
  async list(name: ReferenceListName): Promise<Uint8Array> {
    const manifest = await this.manifest();
    return this.bytes(snapshotPaths(manifest.buildId).list(name));
  }

  /** One shard of element bytes. */
  shard(buildId: string, shard: number): Promise<Uint8Array> {
    return this.bytes(snapshotPaths(buildId).shard(shard));
  }

  /**
   * A snapshot file's bytes, through a small LRU cache: hot shards and lists stay in memory.
   * Only bytes already read are shared: a read still in flight belongs to the request that
   * started it, and workerd cancels it with that request (another request awaiting it would hang).
   */
  async bytes(path: string): Promise<Uint8Array> {
    const cached = this.cache.get(path);
    if (cached) return cached;
    const bytes = new Uint8Array(await (await this.read(path)).arrayBuffer());
    this.cache.set(path, bytes);
    return bytes;
  }

  private async read(path: string): Promise<Response> {
    let response: Response;
    try {
      response = await this.assets.fetch(assetUrl(path));
    } catch (error) {
      this.forget();
      throw new SnapshotUnavailable(`${path}: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      response.body?.cancel();
      this.forget();
      throw new SnapshotUnavailable(`${path}: HTTP ${response.status}`);
    }
    return response;
  }

  private async readJson<T>(path: string): Promise<T> {
    try {
      return (await (await this.read(path)).json()) as T;
    } catch (error) {
      if (error instanceof SnapshotUnavailable) throw error;
      throw new SnapshotUnavailable(`${path}: not valid JSON`);
    }
  }

  private async loadManifest(): Promise<Manifest> {
    const manifest = await this.readJson<Manifest>(MANIFEST_PATH);
    if (manifest?.layoutVersion !== LAYOUT_VERSION) throw new SnapshotUnavailable(`${MANIFEST_PATH}: unknown layout`);
    return manifest;
  }

  private async loadIndex(buildId: string): Promise<LoadedIndex> {
    const paths = snapshotPaths(buildId);
    const [header, binary, text, folded] = await Promise.all([
      this.readJson<IndexHeader>(paths.index),
      this.read(paths.indexBinary).then((r) => r.arrayBuffer()),
      this.read(paths.titles).then((r) => r.text()),
      this.read(paths.foldedTitles).then((r) => r.text()),
    ]);
    if (header.buildId !== buildId) throw new SnapshotUnavailable(`${paths.index}: belongs to another snapshot`);
    let sections;
    try {
      sections = decodeIndexSections(binary, header.sections);
    } catch (error) {
      throw new SnapshotUnavailable((error as Error).message);
    }
    const slugs = Object.fromEntries(REFERENCE_LISTS.map(({ name }) => [name, buildSlugLookup(header.slugs[name])])) as SearchIndex['slugs'];
    return {
      buildId,
      elementCount: header.elementCount,
      sections,
      titles: { text, folded, titleStart: sections.titleStart, count: header.titleCount },
      slugs,
      answers: new AnswerCache(),
    };
  }

  private remember<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => this.forget());
    return promise;
  }

  private forget() {
    this.manifestPromise = undefined;
    this.indexPromise = undefined;
    this.cache.clear();
  }
}

let current: { assets: AssetFetcher; store: SnapshotStore } | undefined;

/** The isolate's store for this ASSETS binding (the binding is the same object for every request). */
export function snapshotStore(assets: AssetFetcher): SnapshotStore {
  if (current?.assets !== assets) current = { assets, store: new SnapshotStore(assets) };
  return current.store;
}
