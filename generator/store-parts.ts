// Stored parts (core/open-data/part-kinds.ts) in part files: each kind's parts in its order, a
// file of about PART_FILE_BYTES, its separator between two; and where each part lies. Pure.
import {
  PART_KINDS,
  partSections,
  type PartKind,
  type PartKindName,
  type PartOrder,
} from '../core/open-data/part-kinds.ts';
import type { OpenDataSections } from '../core/open-data/layout.ts';
import type { StoredPartSection } from './build-open-data.ts';
import { joinBytes } from './join-bytes.ts';

/**
 * A part file's size, set by the CKAN packages. Few files, so that a page whose packages lie
 * scattered in _id order (an incremental harvest's `metadata_modified` filter, a narrow filter in
 * another sort) reads each file once within the free profile's 50 reads (37 files at 100,000
 * elements); small enough that a harvest page, which lies in one or two files, passes over little
 * before it (reading a MiB costs about 0.03 ms, answer-cost.ts).
 */
export const PART_FILE_BYTES = 8 * 1024 * 1024;

/** Each order parts are stored in, as the elements (catalogue numbers) in it. */
export type PartOrders = Record<PartOrder, Uint32Array>;

const encoder = new TextEncoder();

/** A kind's parts of the elements in `order`, stored in files of about `fileBytes`. */
export const storeKind = (
  kind: PartKind,
  parts: readonly Uint8Array[],
  order: Uint32Array,
  fileBytes = PART_FILE_BYTES,
) => storeParts(parts, order, fileBytes, encoder.encode(kind.separator));

/** Where every kind's parts lie, as open-data.bin's sections (in the order of PART_KINDS). */
export function storedSections(
  stored: Record<PartKindName, Pick<StoredParts, 'file' | 'start' | 'fileLength'>>,
): Pick<OpenDataSections, StoredPartSection> {
  const sections: Record<string, Uint32Array> = {};
  for (const { name } of PART_KINDS) {
    const { file, start, fileLength } = stored[name];
    const names = partSections(name);
    sections[names.file] = file;
    sections[names.start] = start;
    sections[names.fileLength] = fileLength;
  }
  return sections as Pick<OpenDataSections, StoredPartSection>;
}

/**
 * Parts (one an element) stored in `order` in files of about `fileBytes`, `separator` between
 * two in a file, and where each lies: its file, and its offset in it.
 */
export function storeParts(
  parts: readonly Uint8Array[],
  order: Uint32Array,
  fileBytes: number,
  separator?: Uint8Array,
) {
  const gap = separator?.length ?? 0;
  const file = new Uint32Array(parts.length);
  const start = new Uint32Array(parts.length);
  const files: Uint8Array[] = [];
  let inFile: Uint8Array[] = [];
  let bytesInFile = 0;
  const closeFile = () => {
    files.push(joinBytes(inFile));
    inFile = [];
    bytesInFile = 0;
  };
  for (const e of order) {
    const bytes = parts[e]!;
    if (bytesInFile > 0 && bytesInFile + gap + bytes.length > fileBytes) closeFile();
    if (bytesInFile > 0 && separator) {
      inFile.push(separator);
      bytesInFile += gap;
    }
    file[e] = files.length;
    start[e] = bytesInFile;
    inFile.push(bytes);
    bytesInFile += bytes.length;
  }
  if (bytesInFile > 0 || files.length === 0) closeFile();
  return {
    files,
    file,
    start,
    fileLength: Uint32Array.from(files, (bytes) => bytes.length),
  };
}

export type StoredParts = ReturnType<typeof storeParts>;
