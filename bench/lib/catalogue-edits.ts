// A catalogue as files of elements, and edits of it, as a night's changes make them: for the
// churn benchmark (bench/churn.ts) and a soak on a build with an overlay (bench/soak.ts).
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { PUBLISHED_STATUS } from '../../core/contract.ts';
import { ELEMENT_DIR, compareCodeUnits } from '../../generator/read-catalogue.ts';
import { seededRandom } from '../../tools/synth/seeded-random.ts';

export type Json = Record<string, unknown>;

/** A published element's place: its file (relative to data-element/) and index there. */
export interface Place {
  file: string;
  index: number;
  dataSource: string;
}

/** Every element file in catalogue order, and every published element's place. */
export function surveyCatalogue(data: string) {
  const files = fg.sync('**/*.json', { cwd: join(data, ELEMENT_DIR) }).sort(compareCodeUnits);
  const published: Place[] = [];
  for (const file of files) {
    const items = readElements(data, file);
    items.forEach((element, index) => {
      if (element.status === PUBLISHED_STATUS)
        published.push({ file, index, dataSource: refId(element.dataSource) });
    });
  }
  return { files, published };
}

export const readElements = (data: string, file: string): Json[] => {
  const value = JSON.parse(readFileSync(join(data, ELEMENT_DIR, file), 'utf8')) as Json | Json[];
  return Array.isArray(value) ? value : [value];
};

/** Items by key, in order of first appearance (Map.groupBy is not in Node 20). */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A reference's id, in any of the catalogue's forms ("id", {$oid}, {_id, name, slug}). */
function refId(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  const { $oid, _id } = (ref ?? {}) as { $oid?: unknown; _id?: unknown };
  return typeof $oid === 'string' ? $oid : refId(_id);
}

/** `to` as a copy of `from` whose files are hard links (cheap); edited files are rewritten. */
export function linkTree(from: string, to: string) {
  rmSync(to, { recursive: true, force: true });
  for (const file of fg.sync('**/*', { cwd: from, dot: true })) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    linkSync(join(from, file), join(to, file));
  }
}

/** Rewrites element files of the copy (never through the link: the base keeps its bytes). */
export function rewrite(data: string, file: string, items: Json[]) {
  const path = join(data, ELEMENT_DIR, file);
  if (existsSync(path)) unlinkSync(path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(items));
}

/** Appends a digit to the first value cell of the element's first table. */
export function editCell(element: Json) {
  const data = element.data as { table: { rows: string[][] } }[];
  const row = data[0]!.table.rows[0]!;
  row[1] = `${row[1]}1`;
}

/** Draws n places at random, without repeats (seeded: the same draw every run). */
export function sampler(seed: number) {
  const random = seededRandom(seed);
  return <T>(places: readonly T[], n: number): T[] => {
    const pool = [...places];
    for (let i = 0; i < n; i++) {
      const j = i + random.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, n);
  };
}

/** Changes the elements at `places` in `data` (a linked copy of `base`); the files touched. */
export function editElements(
  base: string,
  data: string,
  places: readonly Place[],
  change: (element: Json) => void,
): number {
  const byFile = groupBy(places, (place) => place.file);
  for (const [file, here] of byFile) {
    const items = readElements(base, file);
    for (const { index } of here) change(items[index]!);
    rewrite(data, file, items);
  }
  return byFile.size;
}
