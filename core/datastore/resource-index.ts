// Which element and table a DataStore resource id names (docs/harvest.md §16). A resource id is
// a hash of the element's and the table's ids (core/open-data/ckan-package.ts), so it cannot be
// read backwards: the generator writes every published table resource once, in shards by the id's
// first two hex digits (`resources/<xx>` in core/snapshot-layout.ts), each sorted by id, one line
// a resource: `<resource id>\t<JSON [element _id, table]>\n`, where table is the data entry's
// position or "observations". A lookup reads one shard and bisects its bytes: nothing parsed but
// the line found. The lines name elements by _id, not by number, so a shard changes only when a
// resource in it comes or goes, not when an element elsewhere moves in catalogue order.

/** The table a resource holds: a data entry's position in `data`, or the observations. */
export type ResourceTable = number | 'observations';

export interface ResourceEntry {
  resourceId: string;
  elementId: string;
  table: ResourceTable;
}

/** The shard a resource id lies in: its first two characters, lower-cased (ids are hex UUIDs). */
export const resourceShard = (resourceId: string) => resourceId.slice(0, 2).toLowerCase();

/** Every shard's name: 00 to ff. */
export const RESOURCE_SHARDS = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, '0'),
);

/** Whether a string can be a resource id this index holds (CKAN's uuid_validator's form). */
export const isResourceIdForm = (text: string) =>
  /^[0-9a-fA-F]{8}-?([0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}$/.test(text);

const TAB = 0x09;
const NEWLINE = 0x0a;

/** Every shard's bytes, by shard name. */
export function encodeResourceIndex(entries: Iterable<ResourceEntry>): Map<string, Uint8Array> {
  const lines = new Map<string, string[]>();
  for (const { resourceId, elementId, table } of entries) {
    const shard = resourceShard(resourceId);
    let list = lines.get(shard);
    if (!list) lines.set(shard, (list = []));
    list.push(`${resourceId}\t${JSON.stringify([elementId, table])}\n`);
  }
  const encoder = new TextEncoder();
  const shards = new Map<string, Uint8Array>();
  // every shard is written, empty ones too: a lookup reads its shard without asking first
  for (const shard of RESOURCE_SHARDS) {
    // sorted by the id before the tab: a tab sorts below every character an id holds
    const sorted = (lines.get(shard) ?? []).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    shards.set(shard, encoder.encode(sorted.join('')));
  }
  return shards;
}

/** Compares the id of the line starting at `start` with `key`; the line's tab ends its id. */
function compareLineId(bytes: Uint8Array, start: number, key: Uint8Array): number {
  for (let i = 0; ; i++) {
    const byte = bytes[start + i]!;
    if (byte === TAB) return i === key.length ? 0 : -1;
    if (i === key.length) return 1;
    if (byte !== key[i]) return byte - key[i]!;
  }
}

/** The resource's element and table, or undefined when the shard does not hold the id. */
export function findResource(
  shard: Uint8Array,
  resourceId: string,
): Omit<ResourceEntry, 'resourceId'> | undefined {
  const key = new TextEncoder().encode(resourceId);
  let low = 0; // a line starts here, or low = length
  let high = shard.length; // every line starting at or after high sorts after the key
  while (low < high) {
    let start = (low + high) >>> 1;
    while (start > low && shard[start - 1] !== NEWLINE) start--;
    const order = compareLineId(shard, start, key);
    const end = shard.indexOf(NEWLINE, start);
    if (order === 0) {
      const line = new TextDecoder().decode(shard.subarray(start, end));
      const [elementId, table] = JSON.parse(line.slice(line.indexOf('\t') + 1)) as [
        string,
        ResourceTable,
      ];
      return { elementId, table };
    }
    if (order < 0) low = end + 1;
    else high = start;
  }
  return undefined;
}
