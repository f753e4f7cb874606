// The whole-catalogue download as the build writes it (docs/harvest.md §13.3): gzip'd JSON Lines of the
// published elements' bytes, cut into parts by compressed size, the same bytes on every build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_PATH, snapshotPaths, type Manifest } from '../../core/snapshot-layout.ts';
import { DUMP_PART_BYTES, buildDump, type CompressedPart } from '../../generator/build-dump.ts';
import type { CompiledCatalogue } from '../../generator/compile-catalogue.ts';
import { compileCatalogueFolder } from '../support/node/generator-steps.ts';
import { FIXTURE_CATALOGUE, runBuild, tempDir } from './build-cli.ts';

let catalogue: CompiledCatalogue;
beforeAll(() => {
  catalogue = compileCatalogueFolder(FIXTURE_CATALOGUE);
});

/** The published elements' bytes as JSON Lines: what the parts must hold, in all. */
const expectedLines = () => catalogue.published.map((element) => `${element.json}\n`).join('');

/** Each part decompressed (gunzip checks its CRC-32 and length), as text. */
const decompressed = (parts: CompressedPart[]) =>
  parts.map((part) => gunzipSync(part.bytes).toString('utf8'));

describe('buildDump', () => {
  it('writes every published element as one line of its own bytes, in catalogue order', () => {
    const parts = buildDump(catalogue.published);
    expect(parts).toHaveLength(1);
    expect(decompressed(parts).join('')).toBe(expectedLines());
    expect(parts[0]!.elements).toBe(catalogue.published.length);
  });

  it('gives the same bytes on every build', () => {
    for (const options of [{}, { dumpPartBytes: 1200 }]) {
      const first = buildDump(catalogue.published, options);
      const again = buildDump(catalogue.published, options);
      expect(again.map((part) => part.sha256)).toEqual(first.map((part) => part.sha256));
      again.forEach((part, n) =>
        expect(Buffer.from(part.bytes).equals(first[n]!.bytes)).toBe(true),
      );
    }
  });

  it.each([600, 1200, 2000])(
    'splits into parts of at most %i bytes, whole elements each, that together hold them all',
    (cap) => {
      const parts = buildDump(catalogue.published, { dumpPartBytes: cap });
      expect(parts.length).toBeGreaterThan(1);
      const texts = decompressed(parts);
      expect(texts.join('')).toBe(expectedLines());
      let next = 0;
      parts.forEach((part, n) => {
        // only an element that compresses to more than the bound alone makes a larger part
        if (part.bytes.length > cap) expect(part.elements).toBe(1);
        expect(part.firstElement).toBe(next);
        const lines = texts[n]!.split('\n');
        expect(lines.pop()).toBe('');
        expect(lines).toEqual(
          catalogue.published.slice(next, next + part.elements).map((element) => element.json),
        );
        expect(part.sha256).toBe(createHash('sha256').update(part.bytes).digest('hex'));
        next += part.elements;
      });
      expect(next).toBe(catalogue.published.length);
      // a part is cut only when the next element would take it past the bound (at these bounds
      // each element is compressed as a chunk of its own, so a part is decided element by element)
      for (let n = 1; n < parts.length; n++) {
        const from = parts[n - 1]!.firstElement;
        const [whole, more] = buildDump(
          catalogue.published.slice(from, parts[n]!.firstElement + 1),
          {
            dumpPartBytes: cap,
          },
        );
        expect(whole!.sha256).toBe(parts[n - 1]!.sha256);
        expect(more!.elements).toBe(1);
      }
    },
  );

  it('gives one part an element each when no two fit in a part', () => {
    const parts = buildDump(catalogue.published, { dumpPartBytes: 64 });
    expect(parts.map((part) => part.elements)).toEqual(catalogue.published.map(() => 1));
    expect(decompressed(parts).join('')).toBe(expectedLines());
  });

  it('writes a plain gzip member: no name, no time, so nothing but the elements decides its bytes', () => {
    const [part] = buildDump(catalogue.published);
    expect([...part!.bytes.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
    expect([...part!.bytes.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
  });

  it('writes no part for a catalogue that publishes nothing', () => {
    expect(buildDump([])).toEqual([]);
  });

  it('bounds a part well below the 25 MiB a static asset may have', () => {
    expect(DUMP_PART_BYTES).toBeLessThanOrEqual(20 * 1024 * 1024);
  });
});

describe('npm run build -- --dump-part-bytes', () => {
  it('writes the parts into the snapshot, listed in the manifest with their counts, bytes and SHA-256', () => {
    const out = tempDir('dist-');
    const result = runBuild([
      '--data',
      FIXTURE_CATALOGUE,
      '--out',
      out,
      '--dump-part-bytes',
      '1500',
    ]);
    expect(result.status, result.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_PATH), 'utf8')) as Manifest;
    expect(manifest.dump.length).toBeGreaterThan(1);
    expect(result.stdout).toMatch(
      new RegExp(`dump\\s+${manifest.dump.length} parts of gzip'd JSON Lines`),
    );
    const expected = buildDump(catalogue.published, { dumpPartBytes: 1500 });
    expect(manifest.dump).toEqual(
      expected.map((part) => ({
        etag: `${manifest.buildId}-${part.sha256.slice(0, 16)}`,
        bytes: part.bytes.length,
        elements: part.elements,
        sha256: part.sha256,
      })),
    );
    manifest.dump.forEach((entry, n) => {
      const bytes = readFileSync(join(out, snapshotPaths(manifest.buildId).dumpPart(n)));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.sha256);
    });
  });

  it('refuses a part size that is not a positive whole number', () => {
    const result = runBuild([
      '--data',
      FIXTURE_CATALOGUE,
      '--out',
      tempDir('dist-'),
      '--dump-part-bytes',
      '0',
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--dump-part-bytes takes a positive whole number/);
  });
});
