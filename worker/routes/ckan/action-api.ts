// GET|POST /api/3/action/{action} and /api/action/{action} (docs/harvest.md §13.1): a faithful, read-only
// subset of CKAN's action API. Parameters from the query string, a JSON body or a form; every
// answer in CKAN's envelope; every failure as CKAN answers it (never a 500): an unknown action 400,
// a write action 403, a missing package 404, bad parameters 409, a query Solr could not parse 400.
import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import { answerEtag, etagMatches } from '../../http/cache-headers.ts';
import { CkanError, ckanErrorResponse, ckanSuccess } from '../../http/ckan-envelope.ts';
import { notModified } from '../../http/responses.ts';
import { FETCH_FAILED } from '../../../core/contract.ts';
import { actionParameters } from './action-parameters.ts';
import type { Action } from './action-context.ts';
import {
  currentPackageListWithResources,
  groupList,
  groupShow,
  organizationList,
  organizationShow,
  packageList,
  packageShow,
  statusShow,
  tagList,
} from './catalogue-actions.ts';
import { packageSearch } from './package-search.ts';
import { datastoreInfo, datastoreSearch } from './datastore-actions.ts';

export const CKAN_ACTIONS: Record<string, Action> = {
  status_show: statusShow,
  package_search: packageSearch,
  package_show: packageShow,
  package_list: packageList,
  current_package_list_with_resources: currentPackageListWithResources,
  organization_list: organizationList,
  organization_show: organizationShow,
  group_list: groupList,
  group_show: groupShow,
  tag_list: tagList,
  datastore_search: datastoreSearch,
  datastore_info: datastoreInfo,
};

/** CKAN's actions that change something: refused as a read-only site refuses them. */
const WRITE_ACTION =
  /(_create|_update|_patch|_delete|_purge|_revise|_reorder|_follow|_invite)$|^(follow_|unfollow_|member_|bulk_|task_status_|term_translation_|package_relationship_|dashboard_mark|send_email|config_option_update|job_clear|job_cancel|api_token_)/;

export async function ckanAction(c: Context<AppEnv>): Promise<Response> {
  const action = c.req.param('action') ?? '';
  const { request } = c.var;
  const { origin } = request;
  try {
    const run = Object.hasOwn(CKAN_ACTIONS, action) ? CKAN_ACTIONS[action]! : undefined;
    if (!run) {
      if (WRITE_ACTION.test(action))
        throw new CkanError(
          'authorization',
          `Access denied: this catalogue is read-only; ${action} is not allowed`,
        );
      throw new CkanError('badRequest', `Bad request - Action name not known: ${action}`);
    }
    const params = await actionParameters(c.req.raw);
    const index = await request.store.index(request);
    const answer = await run({ ...request, c, action, params, index });
    const etag = answerEtag(index.buildId, JSON.stringify([action, origin, answer.key]));
    if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
    return ckanSuccess(origin, action, await answer.result(), etag, c.req.method === 'HEAD');
  } catch (error) {
    if (error instanceof CkanError) return ckanErrorResponse(origin, action, error);
    // a failure to read the snapshot (or a bug): CKAN's envelope, never a 500 or a stack trace
    console.error(`${c.req.method} ${c.req.url}:`, error);
    return ckanErrorResponse(origin, action, new CkanError('badRequest', FETCH_FAILED));
  }
}
