// Every read of the snapshot goes through here (the ASSETS binding is a parameter, so tests
// can hand in a fake), counted against the request's ReadBudget. The manifest and the index are
// loaded once per isolate and kept; a failed read drops them, so a rebuilt snapshot is picked up
// on the next request.
import {
  ELEMENT_KEYS,
  REFERENCE_LISTS,
  type DocumentationFileName,
  type ReferenceListName,
} from '../../core/contract.ts';
import {
  LAYOUT_VERSION,
  MANIFEST_PATH,
  decodeIdSections,
  decodeIndexSections,
  snapshotPaths,
  type ElementKeyStarts,
  type IndexHeader,
  type IndexSections,
  type Manifest,
  type OverlaySize,
} from '../../core/snapshot-layout.ts';
import { partFilePath, partKind } from '../../core/open-data/part-kinds.ts';
import { Overlay } from './overlay.ts';
import { moved } from '../event-loop.ts';
import type { MatchCache } from '../memory.ts';
import { indexCaches, type ElementCache } from './index-caches.ts';
import type { LruCache } from '../lru-cache.ts';
import type { IdIndex } from '../search/element-lookup.ts';
import type { ReferenceItem } from '../../core/schema.ts';
import type { ReadBudget } from './read-budget.ts';
import type { KeepAlive, ReadContext } from './read-context.ts';
import type { OpenRun } from './run-reader.ts';
import { buildSlugLookup, type SearchIndex } from '../search/search-index.ts';
import { decodeTitleSearchIndex, type TitleSearchIndex } from '../../core/title-index/decode.ts';
import { decodeWordIndex, type WordIndex } from '../../core/word-index.ts';
import type { OpenDataHeader, OpenDataSections } from '../../core/open-data/layout.ts';

/**
 * The snapshot could not be read: a missing file, a bad status, a layout this Worker does not know.
 */
export class SnapshotUnavailable extends Error {}

export interface LoadedIndex extends SearchIndex {
  buildId: string;
  /** The folder of the element files it reads (its base's: IndexHeader.elementFiles). */
  elementFiles: string;
  blockCount: number;
  runCount: number;
  /** [B] run of each block, and the block's byte offset inside that run. */
  blockRun: Uint32Array;
  blockRunOffset: Uint32Array;
  /** Recent matches of this index. */
  matches: MatchCache;
  /** Recent facet answers' bytes, by their normalized query. */
  facets: LruCache<string, Uint8Array>;
  /** Hot elements' bytes, and the overlay's (the elements changed since the base). */
  elements: ElementCache;
  /** Part three: the catalogue's identity, CKAN's names, where open-data.bin's sections are. */
  openData: OpenDataHeader;
  /** What the overlay holds (loaded with the index). */
  overlaySize: OverlaySize;
}

/** open-data.bin's sections. */
export type LoadedOpenData = OpenDataSections;

/**
 * What this module needs of the ASSETS binding (a Fetcher); plain fetch types, so Node can run it
 * too.
 */
export interface AssetFetcher {
  fetch(url: string): Promise<Response>;
}

// ASSETS ignores the host; any absolute URL will do.
const assetUrl = (path: string) => `https://snapshot.invalid/${path}`;

export class SnapshotStore {
  private manifestPromise: Promise<Manifest> | undefined;
  private indexPromise: Promise<LoadedIndex> | undefined;
  private readonly smallFiles = new Map<string, Uint8Array>();
  private readonly parsedLists = new WeakMap<Uint8Array, ReferenceItem[]>();
  private readonly lazyParts = new Map<string, Promise<unknown>>();
  private openReads = 0;

  constructor(private readonly assets: AssetFetcher) {}

  /** Reads of this isolate begun and not yet released, whichever request made them. */
  get readsOpen(): number {
    return this.openReads;
  }

  /**
   * The manifest, loaded once. The read's keepAlive (the request's waitUntil) keeps the loading
   * request's I/O alive until the load is done, since concurrent requests wait on the same promise.
   */
  manifest(read: ReadContext): Promise<Manifest> {
    if (!this.manifestPromise) {
      this.manifestPromise = this.remember(this.loadManifest(read.budget));
      read.keepAlive?.(this.manifestPromise.catch(() => undefined));
    }
    return this.manifestPromise;
  }

  /** The index, loaded once; see manifest() for the keepAlive. */
  index(read: ReadContext): Promise<LoadedIndex> {
    if (!this.indexPromise) {
      this.indexPromise = this.remember(
        this.manifest(read).then((manifest) => this.loadIndex(manifest.buildId, read.budget)),
      );
      read.keepAlive?.(this.indexPromise.catch(() => undefined));
    }
    return this.indexPromise;
  }

  /** A reference list, ready-to-serve bytes (lists are small: kept once read). */
  async list(name: ReferenceListName, read: ReadContext): Promise<Uint8Array> {
    const manifest = await this.manifest(read);
    return this.smallFile(snapshotPaths(manifest.buildId).list(name), read.budget);
  }

  /**
   * A documentation file (the OpenAPI document, the page and its assets), kept once read like the
   * lists.
   */
  async documentationFile(name: DocumentationFileName, read: ReadContext): Promise<Uint8Array> {
    const manifest = await this.manifest(read);
    return this.smallFile(snapshotPaths(manifest.buildId).documentation(name), read.budget);
  }

  private async smallFile(path: string, budget: ReadBudget): Promise<Uint8Array> {
    let bytes = this.smallFiles.get(path);
    if (!bytes)
      this.smallFiles.set(path, (bytes = new Uint8Array(await this.readBytes(path, budget))));
    return bytes;
  }

  /** A reference list's items (for the facets), parsed once. */
  async listItems(name: ReferenceListName, read: ReadContext): Promise<ReferenceItem[]> {
    const bytes = await this.list(name, read);
    let items = this.parsedLists.get(bytes);
    if (!items)
      this.parsedLists.set(
        bytes,
        (items = JSON.parse(new TextDecoder().decode(bytes)) as ReferenceItem[]),
      );
    return items;
  }

  /**
   * The element ids in code-unit order (for finding one element), loaded once when first needed.
   */
  ids(index: LoadedIndex, read: ReadContext): Promise<IdIndex> {
    return this.lazily(`ids ${index.buildId}`, read.keepAlive, async () => {
      const paths = snapshotPaths(index.buildId);
      const [sections, text] = await Promise.all([
        this.readBytes(paths.idSections, read.budget),
        this.readBytes(paths.ids, read.budget),
      ]);
      try {
        return {
          ...decodeIdSections(sections, index.elementCount),
          text: new TextDecoder().decode(text),
        };
      } catch (error) {
        throw this.unavailable(paths.idSections, (error as Error).message);
      }
    });
  }

  /** Where each key of each element starts (for projections), loaded once when first needed. */
  keyStarts(index: LoadedIndex, read: ReadContext): Promise<ElementKeyStarts> {
    return this.lazily(`keys ${index.buildId}`, read.keepAlive, async () => {
      const path = snapshotPaths(index.buildId).keys;
      const bytes = await this.readBytes(path, read.budget);
      if (bytes.byteLength !== index.elementCount * ELEMENT_KEYS.length * 4)
        throw this.unavailable(path, 'unexpected length');
      return new Uint32Array(bytes);
    });
  }

  /** The word search index (`q`), loaded once when first needed. */
  wordIndex(index: LoadedIndex, read: ReadContext): Promise<WordIndex> {
    return this.lazily(`words ${index.buildId}`, read.keepAlive, async () => {
      const path = snapshotPaths(index.buildId).words;
      const bytes = await this.readBytes(path, read.budget);
      let words: WordIndex;
      try {
        words = decodeWordIndex(bytes);
      } catch (error) {
        throw this.unavailable(path, (error as Error).message);
      }
      if (words.elementCount !== index.elementCount)
        throw this.unavailable(path, 'belongs to another snapshot');
      return words;
    });
  }

  /**
   * Part three's sections (dates, CKAN's sort orders, where each package is), loaded once when
   * first needed.
   */
  openData(index: LoadedIndex, read: ReadContext): Promise<LoadedOpenData> {
    return this.lazily(`open-data ${index.buildId}`, read.keepAlive, async () => {
      const path = snapshotPaths(index.buildId).openData;
      const bytes = await this.readBytes(path, read.budget);
      let sections: OpenDataSections;
      try {
        sections = decodeIndexSections<OpenDataSections>(bytes, index.openData.sections, path);
      } catch (error) {
        throw this.unavailable(path, (error as Error).message);
      }
      if (sections.created.length !== index.elementCount)
        throw this.unavailable(path, 'belongs to another snapshot');
      return sections;
    });
  }

  /** Every CKAN name in name order, joined by `","` (package_list), loaded once when needed. */
  packageNames(index: LoadedIndex, read: ReadContext): Promise<Uint8Array> {
    return this.lazily(
      `names ${index.buildId}`,
      read.keepAlive,
      async () =>
        new Uint8Array(
          await this.readBytes(snapshotPaths(index.buildId).packageNames, read.budget),
        ),
    );
  }

  /**
   * One file of CKAN packages (in _id order), as a stream read up to what is needed: the base's,
   * or past them one of the build's own (packages changed since the base).
   */
  packageFile(index: LoadedIndex, file: number, budget: ReadBudget): Promise<OpenRun> {
    return this.open(partFilePath(partKind('package'), index, file), budget);
  }

  /** One file of DCAT dataset parts in a syntax (catalogue order), as packageFile's. */
  datasetPartFile(
    index: LoadedIndex,
    syntax: 'turtle' | 'jsonLd',
    file: number,
    budget: ReadBudget,
  ): Promise<OpenRun> {
    return this.open(partFilePath(partKind(syntax), index, file), budget);
  }

  /**
   * A part of the index that only some requests need, loaded by the first of them and kept; like
   * the index, the loading request's I/O is kept alive until the load is done (others wait on it).
   */
  private lazily<T>(
    key: string,
    keepAlive: KeepAlive | undefined,
    load: () => Promise<T>,
  ): Promise<T> {
    let loading = this.lazyParts.get(key) as Promise<T> | undefined;
    if (!loading) {
      this.lazyParts.set(key, (loading = this.remember(load())));
      keepAlive?.(loading.catch(() => undefined));
    }
    return loading;
  }

  /**
   * One shard of the DataStore's resource index (core/datastore/resource-index.ts), read whole
   * for each lookup and not kept: a few hundred KiB at most, one read.
   */
  async resourceShard(index: LoadedIndex, shard: string, read: ReadContext): Promise<Uint8Array> {
    return new Uint8Array(
      await this.readBytes(snapshotPaths(index.buildId).resourceShard(shard), read.budget),
    );
  }

  /** One block of element bytes, whole. */
  async block(index: LoadedIndex, block: number, budget: ReadBudget): Promise<Uint8Array> {
    return new Uint8Array(
      await this.readBytes(snapshotPaths(index.elementFiles).block(block), budget),
    );
  }

  /** One run of element bytes, as a stream: a broad answer reads it as it goes. */
  run(index: LoadedIndex, run: number, budget: ReadBudget): Promise<OpenRun> {
    return this.open(snapshotPaths(index.elementFiles).run(run), budget);
  }

  /** One group of element bytes (data-source order), as a stream read up to what is needed. */
  group(index: LoadedIndex, group: number, budget: ReadBudget): Promise<OpenRun> {
    return this.open(snapshotPaths(index.elementFiles).group(group), budget);
  }

  /** One part of the whole-catalogue download, as a stream: served as it is, never held. */
  dumpPart(buildId: string, part: number, budget: ReadBudget): Promise<OpenRun> {
    return this.open(snapshotPaths(buildId).dumpPart(part), budget);
  }

  private async open(path: string, budget: ReadBudget): Promise<OpenRun & { response: Response }> {
    const releaseSlot = await budget.acquire();
    this.openReads++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.openReads--;
      releaseSlot();
    };
    let response: Response;
    try {
      response = await this.assets.fetch(assetUrl(path));
    } catch (error) {
      release();
      throw this.unavailable(path, (error as Error).message);
    }
    if (!response.ok || !response.body) {
      release();
      await response.body?.cancel();
      throw this.unavailable(path, `HTTP ${response.status}`);
    }
    return { body: response.body, release, response };
  }

  private async readBytes(path: string, budget: ReadBudget): Promise<ArrayBuffer> {
    const { response, release } = await this.open(path, budget);
    let bytes: ArrayBuffer;
    try {
      bytes = await response.arrayBuffer();
    } catch (error) {
      throw this.unavailable(path, (error as Error).message);
    } finally {
      release();
    }
    await moved(bytes.byteLength); // the isolate's other requests meanwhile (event-loop.ts)
    return bytes;
  }

  private async readJson<T>(path: string, budget: ReadBudget): Promise<T> {
    const bytes = await this.readBytes(path, budget);
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as T;
    } catch {
      throw this.unavailable(path, 'not valid JSON');
    }
  }

  private async loadManifest(budget: ReadBudget): Promise<Manifest> {
    const manifest = await this.readJson<Manifest>(MANIFEST_PATH, budget);
    if (manifest?.layoutVersion !== LAYOUT_VERSION)
      throw this.unavailable(MANIFEST_PATH, 'unknown layout');
    return manifest;
  }

  private async loadIndex(buildId: string, budget: ReadBudget): Promise<LoadedIndex> {
    const paths = snapshotPaths(buildId);
    const headerRead = this.readJson<IndexHeader>(paths.index, budget);
    const [header, binary, titleBytes, overlayBytes] = await Promise.all([
      headerRead,
      this.readBytes(paths.indexBinary, budget),
      this.readBytes(paths.titles, budget),
      // the elements changed since the base, held from the start: most answers may need them
      headerRead.then((read) =>
        read.overlay?.elements > 0 ? this.readBytes(paths.overlay, budget) : new ArrayBuffer(0),
      ),
    ]);
    if (header.buildId !== buildId)
      throw this.unavailable(paths.index, 'belongs to another snapshot');
    let sections: IndexSections;
    let titles: TitleSearchIndex;
    let overlay: Overlay;
    try {
      sections = decodeIndexSections(binary, header.sections);
      titles = decodeTitleSearchIndex(titleBytes);
      overlay = Overlay.of(
        new Uint8Array(overlayBytes),
        sections.overlayElements,
        sections.overlayElementStart,
        (e) => sections.elementLength[e]!,
      );
    } catch (error) {
      throw this.unavailable(paths.index, (error as Error).message);
    }
    if (titles.count !== header.titleCount)
      throw this.unavailable(paths.titles, 'belongs to another snapshot');
    const slugs = Object.fromEntries(
      REFERENCE_LISTS.map(({ name }) => [name, buildSlugLookup(header.slugs[name])]),
    ) as SearchIndex['slugs'];
    return {
      buildId,
      elementFiles: header.elementFiles,
      overlaySize: header.overlay,
      elementCount: header.elementCount,
      blockCount: header.blockCount,
      runCount: header.runCount,
      sections,
      titles,
      slugs,
      years: header.years,
      blockRun: sections.blockRun,
      blockRunOffset: sections.blockRunOffset,
      openData: header.openData,
      ...indexCaches(overlay),
    };
  }

  private unavailable(path: string, why: string): SnapshotUnavailable {
    this.forget();
    return new SnapshotUnavailable(`${path}: ${why}`);
  }

  private remember<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => this.forget());
    return promise;
  }

  private forget() {
    this.manifestPromise = undefined;
    this.indexPromise = undefined;
    this.smallFiles.clear();
    this.lazyParts.clear();
  }
}

let current: { assets: AssetFetcher; store: SnapshotStore } | undefined;

/**
 * The isolate's store for this ASSETS binding (the binding is the same object for every request).
 */
export function snapshotStore(assets: AssetFetcher): SnapshotStore {
  if (current?.assets !== assets) current = { assets, store: new SnapshotStore(assets) };
  return current.store;
}
