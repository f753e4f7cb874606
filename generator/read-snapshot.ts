// Reads a built snapshot back from disk: the published elements in order, through the index.
// For tests and benchmarks (the Worker reads through its own store).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MANIFEST_PATH,
  decodeIndexSections,
  snapshotPaths,
  type IndexHeader,
  type Manifest,
} from '../core/snapshot-layout.ts';
import type { ReferenceListName } from '../core/contract.ts';
import type { DataElement, ReferenceItem } from '../core/schema.ts';
import { REFERENCE_LISTS } from '../core/contract.ts';

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, MANIFEST_PATH), 'utf8')) as Manifest;
}

export function readPublishedElements(distDir: string): DataElement[] {
  const paths = snapshotPaths(readManifest(distDir).buildId);
  const header = JSON.parse(readFileSync(join(distDir, paths.index), 'utf8')) as IndexHeader;
  const binary = readFileSync(join(distDir, paths.indexBinary));
  const sections = decodeIndexSections(
    binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength),
    header.sections,
  );
  const blocks = new Map<number, Buffer>();
  const elements: DataElement[] = [];
  for (let e = 0; e < header.elementCount; e++) {
    const block = sections.elementBlock[e]!;
    if (!blocks.has(block)) blocks.set(block, readFileSync(join(distDir, paths.block(block))));
    const start = sections.elementStart[e]!;
    elements.push(
      JSON.parse(
        blocks
          .get(block)!
          .subarray(start, start + sections.elementLength[e]!)
          .toString('utf8'),
      ),
    );
  }
  return elements;
}

export function readPublishedLists(distDir: string): Record<ReferenceListName, ReferenceItem[]> {
  const paths = snapshotPaths(readManifest(distDir).buildId);
  return Object.fromEntries(
    REFERENCE_LISTS.map(({ name }) => [
      name,
      JSON.parse(readFileSync(join(distDir, paths.list(name)), 'utf8')),
    ]),
  ) as Record<ReferenceListName, ReferenceItem[]>;
}
