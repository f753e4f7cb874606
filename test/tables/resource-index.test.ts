// The DataStore's resource index (docs/harvest.md §16): every resource found in its shard, and
// ids it does not hold not found, whatever their place among the shard's lines.
import { describe, expect, it } from 'vitest';
import {
  encodeResourceIndex,
  findResource,
  resourceShard,
  type ResourceEntry,
} from '../../core/datastore/resource-index.ts';
import { resourceId } from '../../core/open-data/ckan-package.ts';

const entries: ResourceEntry[] = Array.from({ length: 3000 }, (_, i) => {
  const elementId = i % 7 === 0 ? `id with\ttab "${i}"` : `65a${String(i).padStart(21, '0')}`;
  const table = i % 5 === 0 ? ('observations' as const) : i % 5;
  return { resourceId: resourceId(elementId, String(table)), elementId, table };
});

describe('the resource index', () => {
  const shards = encodeResourceIndex(entries);

  it('shards by the first two hex digits and finds every resource', () => {
    expect(shards.size).toBe(256);
    expect([...shards.values()].every((bytes) => bytes.length > 0)).toBe(true);
    for (const { resourceId: id, elementId, table } of entries)
      expect(findResource(shards.get(resourceShard(id))!, id)).toEqual({ elementId, table });
  });

  it('finds nothing for an id it does not hold, a prefix of one, or one a character longer', () => {
    for (const { resourceId: id } of entries.slice(0, 300)) {
      const shard = shards.get(resourceShard(id))!;
      expect(findResource(shard, id.slice(0, -1))).toBeUndefined();
      expect(findResource(shard, `${id}0`)).toBeUndefined();
      expect(findResource(shard, id.toUpperCase())).toBeUndefined();
    }
    expect(findResource(new Uint8Array(), entries[0]!.resourceId)).toBeUndefined();
  });

  it('writes the same bytes whatever order the resources come in', () => {
    const again = encodeResourceIndex([...entries].reverse());
    expect([...again.keys()]).toEqual([...shards.keys()]);
    for (const [name, bytes] of shards) expect(again.get(name)).toEqual(bytes);
  });
});
