// CKAN DataStore's read side (docs/harvest.md §16): datastore_search and datastore_info over the
// tables of an element, each year's table and its observations. The resource id is looked up in
// the resource index (one read of its shard), the element read as one element is, its table made
// a DataStore table, and the search run by core/datastore/ as CKAN 2.11 runs it.
import {
  findResource,
  isResourceIdForm,
  resourceShard,
  type ResourceTable,
} from '../../../core/datastore/resource-index.ts';
import { readInfoParameters, tableInfo } from '../../../core/datastore/info.ts';
import { readSearchParameters } from '../../../core/datastore/search-parameters.ts';
import { searchResultJson, searchTable } from '../../../core/datastore/search.ts';
import {
  observationsDatastore,
  yearTableDatastore,
  type DatastoreTable,
} from '../../../core/datastore/table.ts';
import type { DatastoreResult } from '../../../core/datastore/errors.ts';
import type { DataEntry } from '../../../core/schema.ts';
import { elementObservations } from '../../../core/tables/observations.ts';
import { readElementViews } from '../../answer/element-views.ts';
import { datastoreCpuMs } from '../../cost-model.ts';
import { answerTooLarge } from '../../http/errors.ts';
import { CkanError } from '../../http/ckan-envelope.ts';
import { findElementById } from '../../search/element-lookup.ts';
import type { Action, ActionContext } from './action-context.ts';

const encoder = new TextEncoder();

/** A refusal of core/datastore/ as the action API answers it. */
function orThrow<T>(read: DatastoreResult<T>): T {
  if (!read.ok) throw new CkanError(read.error.kind, read.error.message, read.error.fields);
  return read.result;
}

/** The table a resource id names, or undefined when no published table resource has it. */
async function datastoreTable(
  ctx: ActionContext,
  resourceId: string,
): Promise<DatastoreTable | undefined> {
  if (!isResourceIdForm(resourceId)) return undefined;
  const { store, index, profile } = ctx;
  const found = findResource(
    await store.resourceShard(index, resourceShard(resourceId), ctx),
    resourceId,
  );
  if (!found) return undefined;
  const element = findElementById(await store.ids(index, ctx), found.elementId);
  if (element === undefined) return undefined;
  const openData = await store.openData(index, ctx);
  const views = await readElementViews(ctx, openData, Uint32Array.of(element), {
    renderCpuMs: datastoreCpuMs(index.sections.elementLength[element]!),
  });
  if (!views.ok) throw answerTooLarge(views.overBudget, profile);
  return tableOf(views.views[0]!.element.data, found.table, resourceId);
}

function tableOf(
  data: readonly DataEntry[],
  table: ResourceTable,
  resourceId: string,
): DatastoreTable | undefined {
  if (table === 'observations') return observationsDatastore(resourceId, elementObservations(data));
  const entry = data[table];
  return entry && yearTableDatastore(resourceId, entry.table);
}

/** The request's own path and query, which CKAN builds `_links` from. */
const searchUrl = (ctx: ActionContext) => {
  const url = new URL(ctx.c.req.url);
  return { path: url.pathname.replace(/\/$/, ''), query: url.search.slice(1) };
};

export const datastoreSearch: Action = async (ctx) => {
  const request = orThrow(readSearchParameters(ctx.params));
  const url = searchUrl(ctx);
  return {
    key: JSON.stringify([ctx.params, url]),
    result: async () => {
      const table = await datastoreTable(ctx, request.resource_id);
      if (!table)
        throw new CkanError(
          'notFound',
          `Not found: Resource "${request.resource_id}" was not found.`,
        );
      return [encoder.encode(searchResultJson(orThrow(searchTable(table, request, url))))];
    },
  };
};

export const datastoreInfo: Action = async (ctx) => {
  const { resource_id: id } = orThrow(readInfoParameters(ctx.params));
  return {
    key: JSON.stringify(ctx.params),
    result: async () => {
      const table = await datastoreTable(ctx, id);
      if (!table)
        throw new CkanError('notFound', `Not found: Resource/Alias "${id}" was not found.`);
      return [encoder.encode(JSON.stringify(tableInfo(table)))];
    },
  };
};
