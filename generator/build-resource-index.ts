// The DataStore's resource index (core/datastore/resource-index.ts): every published element's
// table resources, each year's table and its observations, as the CKAN packages name them.
import { encodeResourceIndex, type ResourceEntry } from '../core/datastore/resource-index.ts';
import { derivedResourceId, resourceId } from '../core/open-data/ckan-package.ts';
import type { PublishedElement } from './compile-catalogue.ts';

function* resourceEntries(
  published: readonly Pick<PublishedElement, 'id' | 'tableIds'>[],
): Iterable<ResourceEntry> {
  for (const { id: elementId, tableIds } of published) {
    for (const [table, tableId] of tableIds.entries())
      yield { resourceId: resourceId(elementId, tableId), elementId, table };
    yield {
      resourceId: derivedResourceId(elementId, 'observations'),
      elementId,
      table: 'observations',
    };
  }
}

/** The index's shards, by shard name. */
export const buildResourceIndex = (
  published: readonly Pick<PublishedElement, 'id' | 'tableIds'>[],
) => encodeResourceIndex(resourceEntries(published));
