// The read actions of CKAN's API besides package_search (docs/harvest.md §13.1), over the same index:
// status_show, package_show, package_list, current_package_list_with_resources,
// organization_list/_show (data sources), group_list/_show (categories), tag_list (the sectors'
// and fields' names). Shapes as CKAN 2.10/2.11 gives them (ckan/logic/action/get.py).
import { findElementById } from '../../search/element-lookup.ts';
import { NAME_SEPARATOR } from '../../../core/open-data/layout.ts';
import { elementByName } from '../../snapshot/name-lookup.ts';
import { CkanError, jsonPart } from '../../http/ckan-envelope.ts';
import { postingList } from '../../search/filters.ts';
import { booleanParameter, naturalParameter, stringParameter } from './action-parameters.ts';
import type { Action, ActionContext } from './action-context.ts';
import { packagesPart } from './packages.ts';
import { packageSearch } from './package-search.ts';

/** The CKAN version whose API this one answers as. */
export const CKAN_API_VERSION = '2.11.0';

const encoder = new TextEncoder();

export const statusShow: Action = async ({ index, origin }) => {
  const { identity } = index.openData;
  return {
    key: JSON.stringify(['status_show', origin]),
    result: async () => [
      jsonPart({
        ckan_version: CKAN_API_VERSION,
        site_url: origin,
        site_description: identity.description,
        site_title: identity.title,
        error_emails_to: null,
        locale_default: identity.language,
        extensions: [],
      }),
    ],
  };
};

export const packageShow: Action = async (ctx) => {
  const id = stringParameter(ctx.params, 'id') ?? stringParameter(ctx.params, 'name_or_id');
  if (!id) throw new CkanError('validation', '', { name_or_id: ['Missing value'] });
  const element = await elementByIdOrName(ctx, id);
  if (element === undefined) throw new CkanError('notFound', 'Not found');
  return {
    key: JSON.stringify(['package_show', element]),
    result: async () => {
      const openData = await ctx.store.openData(ctx.index, ctx);
      return packagesPart(ctx, openData, Uint32Array.of(element));
    },
  };
};

/** An element by its _id, else by its CKAN name. */
export async function elementByIdOrName(ctx: ActionContext, id: string) {
  const { store, index } = ctx;
  const byId = findElementById(await store.ids(index, ctx), id);
  if (byId !== undefined) return byId;
  if (!/^[a-z0-9_-]{2,100}$/.test(id)) return undefined;
  const [openData, names] = await Promise.all([
    store.openData(index, ctx),
    store.packageNames(index, ctx),
  ]);
  return elementByName(openData, names, id);
}

export const packageList: Action = async (ctx) => {
  const limit = naturalParameter(ctx.params, 'limit', 0);
  const offset = naturalParameter(ctx.params, 'offset', 0);
  return {
    key: JSON.stringify(['package_list', limit, offset]),
    result: async () => {
      const { store, index } = ctx;
      const [openData, names] = await Promise.all([
        store.openData(index, ctx),
        store.packageNames(index, ctx),
      ]);
      const count = index.elementCount;
      const first = Math.min(offset, count);
      const end = limit > 0 ? Math.min(count, first + limit) : count;
      if (first >= end) return [encoder.encode('[]')];
      const starts = openData.nameTextStart;
      // names.txt joins the names with `","`: a slice of it between `["` and `"]` is the list
      return [
        encoder.encode('["'),
        names.subarray(starts[first]!, starts[end]! - NAME_SEPARATOR.length),
        encoder.encode('"]'),
      ];
    },
  };
};

/** package_search with q empty, rows = limit, start = offset (ckan/logic/action/get.py). */
export const currentPackageListWithResources: Action = async (ctx) => {
  const limit = naturalParameter(ctx.params, 'limit', 0);
  let offset = naturalParameter(ctx.params, 'offset', 0);
  if (ctx.params['offset'] === undefined && ctx.params['page'] !== undefined)
    offset = limit ? (naturalParameter(ctx.params, 'page', 1) - 1) * limit : 0;
  const search = await packageSearch({
    ...ctx,
    params: { ...(limit ? { rows: String(limit) } : {}), start: String(offset) },
  });
  return {
    key: JSON.stringify(['current_package_list_with_resources', search.key]),
    result: async () => {
      // package_search's result is {count, facets, results: […], sort, search_facets}: keep the list
      const parts = await search.result();
      const head = new TextDecoder().decode(parts[0]);
      const tail = new TextDecoder().decode(parts[parts.length - 1]);
      return [
        encoder.encode(head.slice(head.indexOf('"results":') + '"results":'.length)),
        ...parts.slice(1, -1),
        encoder.encode(tail.slice(0, tail.indexOf(']') + 1)),
      ];
    },
  };
};

// ---- organizations (data sources), groups (categories), tags ---------------------------------

type GroupList = 'dataSource' | 'category';

function groupDicts(ctx: ActionContext, list: GroupList) {
  const { index } = ctx;
  const header = index.openData;
  const isOrganization = list === 'dataSource';
  return header.ckanNames[list].map((name, i) => ({
    approval_status: 'approved',
    created: null,
    description: '',
    display_name: header.titles[list][i]!,
    id: list === 'dataSource' ? header.dataSourceIds[i]! : header.categoryIds[i]!,
    image_display_url: '',
    image_url: '',
    is_organization: isOrganization,
    name,
    num_followers: 0,
    package_count: postingList(index.sections, list, i).length,
    state: 'active',
    title: header.titles[list][i]!,
    type: isOrganization ? 'organization' : 'group',
  }));
}

function groupListAction(list: GroupList, action: string): Action {
  return async (ctx) => {
    const allFields = booleanParameter(ctx.params, 'all_fields', false);
    const sort = (stringParameter(ctx.params, 'sort') ?? 'title asc').trim();
    const limit = naturalParameter(ctx.params, 'limit', 0);
    const offset = naturalParameter(ctx.params, 'offset', 0);
    const m = /^(name|title|package_count)(?:\s+(asc|desc))?$/.exec(sort);
    if (!m)
      throw new CkanError('validation', '', { sort: ['Cannot sort by field `' + sort + '`'] });
    const key = m[1] as 'name' | 'title' | 'package_count';
    const descending = m[2] === 'desc' || (m[2] === undefined && key === 'package_count');
    return {
      key: JSON.stringify([action, allFields, sort, limit, offset]),
      result: async () => {
        const dicts = groupDicts(ctx, list).sort((a, b) => {
          const x = a[key];
          const y = b[key];
          const order = x < y ? -1 : x > y ? 1 : 0;
          return (descending ? -order : order) || (a.name < b.name ? -1 : 1);
        });
        const page = dicts.slice(offset, limit > 0 ? offset + limit : undefined);
        return [jsonPart(allFields ? page : page.map((d) => d.name))];
      },
    };
  };
}

function groupShowAction(list: GroupList, action: string): Action {
  return async (ctx) => {
    const id = stringParameter(ctx.params, 'id');
    if (!id) throw new CkanError('validation', '', { id: ['Missing value'] });
    const dict = groupDicts(ctx, list).find((d) => d.id === id || d.name === id);
    if (!dict)
      throw new CkanError(
        'notFound',
        `${list === 'dataSource' ? 'Organization' : 'Group'} not found`,
      );
    return {
      key: JSON.stringify([action, dict.id]),
      result: async () => [
        jsonPart({ ...dict, extras: [], groups: [], tags: [], users: [], packages: [] }),
      ],
    };
  };
}

export const organizationList = groupListAction('dataSource', 'organization_list');
export const organizationShow = groupShowAction('dataSource', 'organization_show');
export const groupList = groupListAction('category', 'group_list');
export const groupShow = groupShowAction('category', 'group_show');

export const tagList: Action = async (ctx) => {
  const query = stringParameter(ctx.params, 'query')?.toLowerCase();
  const allFields = booleanParameter(ctx.params, 'all_fields', false);
  return {
    key: JSON.stringify(['tag_list', query ?? null, allFields]),
    result: async () => {
      const { tagNames } = ctx.index.openData;
      const tags = [...new Set([...tagNames.sector, ...tagNames.field])]
        .filter((tag) => !query || tag.toLowerCase().includes(query))
        .sort();
      return [
        jsonPart(
          allFields
            ? tags.map((name) => ({ id: name, name, display_name: name, vocabulary_id: null }))
            : tags,
        ),
      ];
    },
  };
};
