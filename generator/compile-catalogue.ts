// validate → resolve → serialize: turns the catalogue's file texts into published elements.
// Pure: takes texts, returns data and problems. Every problem is collected; nothing stops early.
import {
  ELEMENT_KEYS,
  PUBLISHED_STATUS,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '../core/contract.ts';
import {
  IdInput,
  ReferenceItemInput,
  type DataElement,
  type DataElementInput,
  type ReferenceInput,
  type ReferenceItem,
  type Table,
} from '../core/schema.ts';
import { parseJson } from './json-syntax.ts';
import { jsonPath, type Problem } from './problems.ts';
import { checkElementShape, checkReferenceListShape } from './validate-shapes.ts';
import type { CatalogueDates } from './element-dates.ts';
import { parseCatalogueDate } from '../core/open-data/catalogue-date.ts';
import {
  CatalogueIdentityInput,
  resolveIdentity,
  type CatalogueIdentity,
} from '../core/open-data/catalogue-identity.ts';

/** A file as read from disk: its text, or why it could not be read. */
export type SourceFile = { file: string; text: string } | { file: string; unreadable: string };

export interface CatalogueSources {
  lists: Record<ReferenceListName, SourceFile>;
  /** data/catalogue.json, when the catalogue has one (docs/harvest.md §12). */
  identity?: SourceFile;
  /** Element files in catalogue order; iterated once, so they can be read lazily. */
  elementFiles: Iterable<SourceFile>;
}

/** A published element, serialized once, with what the indexes need. */
export interface PublishedElement {
  json: string;
  /** UTF-8 byte offset in `json` where each top-level key starts, in ELEMENT_KEYS order. */
  keyStarts: number[];
  /** UTF-8 byte length of `json`. */
  byteLength: number;
  id: string;
  title: string;
  /** Per list, the positions (in that list) of the items the element references. */
  refs: Record<ReferenceListName, number[]>;
  /** The years it has a table for, ascending, each once. */
  years: number[];
  /** Its data entries' ids, in `data` order (its DataStore resources: generator/build-resource-index.ts). */
  tableIds: string[];
  /** createdAt/updatedAt as the catalogue gives them (docs/harvest.md §12), in seconds. */
  dates: CatalogueDates;
}

export interface CompiledCatalogue {
  problems: Problem[];
  identity: CatalogueIdentity;
  lists: Record<ReferenceListName, ReferenceItem[]>;
  published: PublishedElement[];
  stats: {
    elementFiles: number;
    elementsRead: number;
    publishedCount: number;
    heldBackByStatus: Record<string, number>;
  };
}

export interface CompileOptions {
  /**
   * false: check and count published elements without keeping them (memory stays bounded by the
   * largest file).
   */
  keepPublished?: boolean;
}

export const idString = (id: IdInput): string => (typeof id === 'string' ? id : id.$oid);

interface ListIndex {
  items: ReferenceItem[];
  positionById: Map<string, number>;
  file: string;
  /**
   * Ids of items whose own shape is wrong (reported with the list): a reference to one is not
   * reported again as unknown.
   */
  unsoundIds: Set<string>;
  /** false when the file could not be read as a list: references to it are not checked. */
  readable: boolean;
}

export function compileCatalogue(
  sources: CatalogueSources,
  onProgress?: (elementsRead: number, files: number) => void,
  { keepPublished = true }: CompileOptions = {},
): CompiledCatalogue {
  const problems: Problem[] = [];
  const idOwners = new Map<string, string>(); // _id → where it was first seen
  const claimId = (id: string, file: string, path: string) => {
    const first = idOwners.get(id);
    if (first)
      problems.push({
        file,
        path,
        message: `duplicate _id ${JSON.stringify(id)}, first used at ${first}`,
      });
    else idOwners.set(id, path ? `${file}: ${path}` : file);
  };

  const listIndexes = {} as Record<ReferenceListName, ListIndex>;
  for (const { name } of REFERENCE_LISTS) {
    listIndexes[name] = compileReferenceList(sources.lists[name], problems, claimId);
  }

  const identity = compileIdentity(sources.identity, problems);
  const published: PublishedElement[] = [];
  const heldBackByStatus: Record<string, number> = {};
  let publishedCount = 0;
  let elementsRead = 0;
  let elementFiles = 0;
  for (const source of sources.elementFiles) {
    elementFiles++;
    const parsed = parseSource(source, problems);
    if (parsed === undefined) continue;
    const inArray = Array.isArray(parsed.value);
    const elements: unknown[] = inArray ? (parsed.value as unknown[]) : [parsed.value];
    elements.forEach((element, position) => {
      elementsRead++;
      const prefix = inArray ? [position] : [];
      const shape = checkElementShape(element, source.file, prefix);
      const before = problems.length;
      problems.push(...shape.problems);
      // the keys whose shape held are checked too, so that one build reports every problem
      const input = element as DataElementInput;
      if (shape.sound('_id'))
        claimId(idString(input._id), source.file, jsonPath([...prefix, '_id']));
      if (shape.sound('data')) checkTables(input, source.file, prefix, problems);
      const dates = catalogueDates(element, source.file, prefix, problems);
      const resolved = resolveReferences(
        input,
        listIndexes,
        source.file,
        prefix,
        problems,
        shape.sound,
      );
      if (problems.length > before || !resolved) return;
      if (input.status !== PUBLISHED_STATUS) {
        heldBackByStatus[input.status] = (heldBackByStatus[input.status] ?? 0) + 1;
        return;
      }
      publishedCount++;
      if (keepPublished) published.push({ ...publish(input, resolved, listIndexes), dates });
    });
    onProgress?.(elementsRead, elementFiles);
  }
  const lists = Object.fromEntries(
    REFERENCE_LISTS.map(({ name }) => [name, listIndexes[name].items]),
  ) as CompiledCatalogue['lists'];
  return {
    problems,
    identity,
    lists,
    published,
    stats: { elementFiles, elementsRead, publishedCount, heldBackByStatus },
  };
}

function parseSource(source: SourceFile, problems: Problem[]): { value: unknown } | undefined {
  if ('unreadable' in source) {
    problems.push({ file: source.file, path: '', message: source.unreadable });
    return undefined;
  }
  const result = parseJson(source.text);
  if (!result.ok) {
    problems.push({
      file: source.file,
      path: `line ${result.line}, column ${result.column}`,
      message: `malformed JSON: ${result.message}`,
    });
    return undefined;
  }
  return { value: result.value };
}

/** data/catalogue.json: its shape checked, its defaults applied (the defaults alone when absent). */
function compileIdentity(source: SourceFile | undefined, problems: Problem[]): CatalogueIdentity {
  if (source === undefined) return resolveIdentity();
  const parsed = parseSource(source, problems);
  if (parsed === undefined) return resolveIdentity();
  const checked = CatalogueIdentityInput.safeParse(parsed.value);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      problems.push({
        file: source.file,
        path: jsonPath(issue.path as (string | number)[]),
        message: issue.message,
      });
    return resolveIdentity();
  }
  return resolveIdentity(checked.data);
}

/** createdAt/updatedAt of an element, when it has them; a value that is not a date is a problem. */
function catalogueDates(
  element: unknown,
  file: string,
  prefix: (string | number)[],
  problems: Problem[],
): CatalogueDates {
  const dates: CatalogueDates = {};
  if (element === null || typeof element !== 'object') return dates;
  for (const key of ['createdAt', 'updatedAt'] as const) {
    if (!(key in element)) continue;
    const parsed = parseCatalogueDate((element as Record<string, unknown>)[key]);
    if (typeof parsed === 'number') dates[key] = parsed;
    else problems.push({ file, path: jsonPath([...prefix, key]), message: parsed.problem });
  }
  return dates;
}

function compileReferenceList(
  source: SourceFile,
  problems: Problem[],
  claimId: (id: string, file: string, path: string) => void,
): ListIndex {
  const index: ListIndex = {
    items: [],
    positionById: new Map(),
    file: source.file,
    unsoundIds: new Set(),
    readable: false,
  };
  const parsed = parseSource(source, problems);
  if (parsed === undefined) return index;
  problems.push(...checkReferenceListShape(parsed.value, source.file));
  if (!Array.isArray(parsed.value)) return index;
  index.readable = true;
  const slugOwners = new Map<string, number>();
  // items of the right shape are indexed even when others are not, so the elements' references
  // to them are checked as usual
  (parsed.value as unknown[]).forEach((value, position) => {
    const sound = ReferenceItemInput.safeParse(value);
    if (!sound.success) {
      const id = IdInput.safeParse((value as { _id?: unknown } | null)?._id);
      if (id.success) {
        claimId(idString(id.data), source.file, `[${position}]._id`);
        index.unsoundIds.add(idString(id.data));
      }
      return;
    }
    const item = sound.data;
    const id = idString(item._id);
    claimId(id, source.file, `[${position}]._id`);
    const firstWithSlug = slugOwners.get(item.slug);
    if (firstWithSlug !== undefined) {
      problems.push({
        file: source.file,
        path: `[${position}].slug`,
        message: `duplicate slug ${JSON.stringify(item.slug)}, first used at [${firstWithSlug}].slug`,
      });
    } else slugOwners.set(item.slug, position);
    if (!index.positionById.has(id)) index.positionById.set(id, index.items.length);
    index.items.push({ _id: id, name: item.name, slug: item.slug });
  });
  return index;
}

/**
 * Row cell counts against the headers' spans; sub-header label counts against the spanning headers.
 */
function checkTables(
  element: DataElementInput,
  file: string,
  prefix: (string | number)[],
  problems: Problem[],
) {
  element.data.forEach((entry, entryPosition) => {
    const table: Table = entry.table;
    const at = (...rest: (string | number)[]) =>
      jsonPath([...prefix, 'data', entryPosition, 'table', ...rest]);
    const columns = table.headers.reduce((sum, header) => sum + header.colSpan, 0);
    const announcedSubColumns = table.headers.reduce(
      (sum, header) => sum + (header.colSpan > 1 ? header.colSpan : 0),
      0,
    );
    table.subHeaders.forEach((labels, row) => {
      if (labels.length !== announcedSubColumns) {
        problems.push({
          file,
          path: at('subHeaders', row),
          message: `sub-header row has ${labels.length} labels, spanning headers announce ${announcedSubColumns}`,
        });
      }
    });
    table.rows.forEach((cells, row) => {
      if (cells.length !== columns) {
        problems.push({
          file,
          path: at('rows', row),
          message: `row has ${cells.length} cells, headers span ${columns}`,
        });
      }
    });
  });
}

type ResolvedReferences = Record<ReferenceListName, number[]>;

/**
 * The positions of the items an element references, list by list, or undefined when a reference
 * is wrong (each reported). `sound`: whether the element's value for a list has its shape; other
 * lists' references are checked still.
 */
function resolveReferences(
  element: DataElementInput,
  lists: Record<ReferenceListName, ListIndex>,
  file: string,
  prefix: (string | number)[],
  problems: Problem[],
  sound: (key: string) => boolean,
): ResolvedReferences | undefined {
  const resolved = {} as ResolvedReferences;
  let ok = true;
  for (const { name, label } of REFERENCE_LISTS) {
    const list = lists[name];
    if (!sound(name) || !list.readable) {
      ok = false;
      continue;
    }
    const value = element[name];
    const refs: { ref: ReferenceInput; path: string }[] = Array.isArray(value)
      ? value.map((ref, i) => ({ ref, path: jsonPath([...prefix, name, i]) }))
      : [{ ref: value, path: jsonPath([...prefix, name]) }];
    resolved[name] = [];
    for (const { ref, path } of refs) {
      const id = typeof ref === 'string' ? ref : '$oid' in ref ? ref.$oid : idString(ref._id);
      const position = list.positionById.get(id);
      if (position === undefined && list.unsoundIds.has(id)) {
        ok = false;
        continue;
      }
      if (position === undefined) {
        problems.push({
          file,
          path,
          message: `unknown ${label} id ${JSON.stringify(id)}: no item in ${list.file} has it`,
        });
        ok = false;
        continue;
      }
      const item = list.items[position]!;
      if (typeof ref === 'object' && '_id' in ref) {
        for (const key of ['name', 'slug'] as const) {
          if (ref[key] !== item[key]) {
            problems.push({
              file,
              path: `${path}.${key}`,
              message: `${key} ${JSON.stringify(ref[key])} disagrees with ${list.file} (${JSON.stringify(item[key])} for _id ${JSON.stringify(id)})`,
            });
            ok = false;
          }
        }
      }
      resolved[name].push(position);
    }
  }
  return ok ? resolved : undefined;
}

/** The published form: exactly the contract's keys, in its order, references populated. */
function publish(
  element: DataElementInput,
  refs: ResolvedReferences,
  lists: Record<ReferenceListName, ListIndex>,
): Omit<PublishedElement, 'dates'> {
  const items = (name: ReferenceListName) =>
    refs[name].map((position) => lists[name].items[position]!);
  const out: DataElement = {
    _id: idString(element._id),
    title: element.title,
    unit: element.unit,
    data: element.data.map(({ id, year, table }) => ({
      id,
      year,
      table: {
        headers: table.headers.map(({ content, colSpan, rowSpan, dataType }) => ({
          content,
          colSpan,
          rowSpan,
          dataType,
        })),
        subHeaders: table.subHeaders,
        rows: table.rows,
      },
    })),
    metadata: element.metadata.map(({ key, value }) => ({ key, value })),
    status: PUBLISHED_STATUS,
    category: items('category'),
    dataSource: items('dataSource')[0]!,
    sector: items('sector'),
    field: items('field'),
  };
  return {
    ...serializeByKey(out),
    id: out._id,
    title: element.title,
    refs,
    years: [...new Set(out.data.map((entry) => entry.year))].sort((a, b) => a - b),
    tableIds: out.data.map((entry) => entry.id),
  };
}

/**
 * JSON.stringify(element), built key by key so that where each key starts is known: a
 * projection (`fields=`) is then a concatenation of byte ranges, never a re-serialization.
 */
export function serializeByKey(element: DataElement): {
  json: string;
  keyStarts: number[];
  byteLength: number;
} {
  const parts = ELEMENT_KEYS.map((key) => `${JSON.stringify(key)}:${JSON.stringify(element[key])}`);
  const keyStarts: number[] = [];
  let offset = 1; // the opening brace
  for (const part of parts) {
    keyStarts.push(offset);
    offset += Buffer.byteLength(part) + 1; // the comma after it, or the closing brace
  }
  return { json: `{${parts.join(',')}}`, keyStarts, byteLength: offset };
}
