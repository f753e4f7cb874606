// build: compiled catalogue → every snapshot file as bytes (path → bytes). Pure; no disk.
import { createHash } from 'node:crypto';
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';
import {
  LAYOUT_VERSION,
  MANIFEST_PATH,
  TITLE_SEPARATOR,
  encodeIndexSections,
  foldAsciiCase,
  postingSections,
  snapshotPaths,
  type IndexHeader,
  type IndexSections,
  type Manifest,
} from '../core/snapshot-layout.ts';
import type { CompiledCatalogue, PublishedElement } from './compile-catalogue.ts';

/**
 * Shards are small, because a search reads whole shards to answer with a few elements of each
 * (ASSETS serves whole files), and grow with the catalogue so that a deploy stays below the
 * 20,000 files of the free plan.
 */
export const MIN_SHARD_BYTES = 16 * 1024;
export const MAX_SHARD_FILES = 15_000;

export interface Snapshot {
  files: Map<string, Uint8Array>;
  manifest: Manifest;
}

const encoder = new TextEncoder();

/** `shardBytes` overrides the shard size (tests use a tiny one to get many shards). */
export function buildSnapshot(catalogue: CompiledCatalogue, options: { shardBytes?: number } = {}): Snapshot {
  const { published, lists } = catalogue;
  const content = new Map<string, Uint8Array>(); // paths relative to the build-id folder

  const listBytes = {} as Record<ReferenceListName, Uint8Array>;
  for (const { name } of REFERENCE_LISTS) {
    listBytes[name] = encoder.encode(JSON.stringify(lists[name]));
    content.set(`lists/${name}.json`, listBytes[name]);
  }

  const shards = buildShards(published, options.shardBytes);
  shards.files.forEach((bytes, shard) => content.set(`shard/${shard}`, bytes));

  const titles = buildTitleIndex(published);
  content.set('titles', encoder.encode(titles.text));
  content.set('titles-folded', encoder.encode(foldAsciiCase(titles.text)));

  const sections: IndexSections = {
    elementShard: shards.elementShard,
    elementStart: shards.elementStart,
    elementEnd: shards.elementEnd,
    elementTitle: titles.elementTitle,
    titleStart: titles.titleStart,
    ...buildPostingLists(published, lists),
  };
  const { bytes: indexBytes, table } = encodeIndexSections(sections);
  content.set('index.bin', indexBytes);
  const slugs = Object.fromEntries(REFERENCE_LISTS.map(({ name }) => [name, lists[name].map((item) => item.slug)])) as IndexHeader['slugs'];
  content.set('slugs', encoder.encode(JSON.stringify(slugs)));

  const buildId = contentHash([...content.entries()]).slice(0, 16);
  const paths = snapshotPaths(buildId);
  const header: IndexHeader = { layoutVersion: LAYOUT_VERSION, buildId, elementCount: published.length, titleCount: titles.count, sections: table, slugs };

  const files = new Map<string, Uint8Array>();
  for (const { name } of REFERENCE_LISTS) files.set(paths.list(name), listBytes[name]);
  shards.files.forEach((bytes, shard) => files.set(paths.shard(shard), bytes));
  files.set(paths.titles, content.get('titles')!);
  files.set(paths.foldedTitles, content.get('titles-folded')!);
  files.set(paths.indexBinary, indexBytes);
  files.set(paths.index, encoder.encode(JSON.stringify(header)));

  const manifest: Manifest = {
    layoutVersion: LAYOUT_VERSION,
    buildId,
    counts: {
      elementsRead: catalogue.stats.elementsRead,
      elementsPublished: published.length,
      titles: titles.count,
      shards: shards.files.length,
      ...(Object.fromEntries(REFERENCE_LISTS.map(({ name }) => [name, lists[name].length])) as Record<ReferenceListName, number>),
    },
    lists: Object.fromEntries(
      REFERENCE_LISTS.map(({ name }) => [
        name,
        { etag: `${buildId}-${contentHash([[name, listBytes[name]]]).slice(0, 16)}`, bytes: listBytes[name].length },
      ]),
    ) as Manifest['lists'],
  };
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)));
  return { files, manifest };
}

function contentHash(entries: [string, Uint8Array][]): string {
  const hash = createHash('sha256');
  for (const [path, bytes] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * Elements joined by "," into shards, grouped by data source (each element has exactly one),
 * in catalogue order within a data source: a search by data source then reads whole shards
 * of its own elements. The index gives every element's place, so answers keep catalogue order.
 */
export function buildShards(published: PublishedElement[], shardBytes?: number) {
  const sizes = published.map((element) => Buffer.byteLength(element.json));
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  const target = shardBytes ?? Math.max(MIN_SHARD_BYTES, Math.ceil(totalBytes / MAX_SHARD_FILES));
  const layout = published.map((_, i) => i).sort((a, b) => published[a]!.refs.dataSource[0]! - published[b]!.refs.dataSource[0]! || a - b);
  const elementShard = new Uint32Array(published.length);
  const elementStart = new Uint32Array(published.length);
  const elementEnd = new Uint32Array(published.length);
  const files: Uint8Array[] = [];
  let parts: string[] = [];
  let length = 0;
  const flush = () => {
    files.push(encoder.encode(parts.join(',')));
    parts = [];
    length = 0;
  };
  for (const i of layout) {
    const size = sizes[i]!;
    if (parts.length > 0 && length + 1 + size > target) flush();
    if (parts.length > 0) length += 1; // the comma before it
    elementShard[i] = files.length;
    elementStart[i] = length;
    elementEnd[i] = length + size;
    parts.push(published[i]!.json);
    length += size;
  }
  if (parts.length > 0) flush();
  return { files, elementShard, elementStart, elementEnd };
}

/** Distinct titles in order of first use, and each element's title number. */
export function buildTitleIndex(published: PublishedElement[]) {
  const numberOf = new Map<string, number>();
  const distinct: string[] = [];
  const elementTitle = new Uint32Array(published.length);
  published.forEach(({ title }, i) => {
    let n = numberOf.get(title);
    if (n === undefined) {
      n = distinct.length;
      numberOf.set(title, n);
      distinct.push(title);
    }
    elementTitle[i] = n;
  });
  const titleStart = new Uint32Array(distinct.length + 1);
  let offset = 0;
  distinct.forEach((title, n) => {
    titleStart[n] = offset;
    offset += title.length + TITLE_SEPARATOR.length;
  });
  titleStart[distinct.length] = offset;
  return { text: distinct.join(TITLE_SEPARATOR) + TITLE_SEPARATOR, elementTitle, titleStart, count: distinct.length };
}

/** Per list, for each item (by position), the sorted numbers of the elements that reference it. */
export function buildPostingLists(published: PublishedElement[], lists: CompiledCatalogue['lists']) {
  const sections = {} as Record<string, Uint32Array>;
  for (const { name } of REFERENCE_LISTS) {
    const perItem: number[][] = lists[name].map(() => []);
    published.forEach((element, i) => {
      for (const position of element.refs[name]) {
        const postings = perItem[position]!;
        if (postings[postings.length - 1] !== i) postings.push(i);
      }
    });
    const start = new Uint32Array(perItem.length + 1);
    perItem.forEach((postings, item) => (start[item + 1] = start[item]! + postings.length));
    const { start: startName, postings: postingsName } = postingSections(name);
    sections[startName] = start;
    sections[postingsName] = Uint32Array.from(perItem.flat());
  }
  return sections as Pick<IndexSections, ReturnType<typeof postingSections>[keyof ReturnType<typeof postingSections>]>;
}
