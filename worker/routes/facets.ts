// GET /api/v1/facets (docs/api.md §6, §11): disjunctive counts per dimension for a search's
// parameters.
import type { Context } from 'hono';
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import type { ReferenceItem } from '../../core/schema.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { countFacets } from '../search/count-facets.ts';
import type { AppEnv } from '../env.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { checkQuery, matchKeyOf, resolveQuery, textSearchOf } from '../search/find-matches.ts';
import { searchedOrThrow } from './search-errors.ts';

export async function facets(c: Context<AppEnv>) {
  const query = searchedOrThrow(checkQuery(new URL(c.req.url).searchParams, { paging: false }));
  const { request } = c.var;
  const { store } = request;
  const index = await store.index(request);
  const resolved = searchedOrThrow(resolveQuery(index, query));
  const facetKey = JSON.stringify(['facets', matchKeyOf(query, resolved)]);
  const etag = answerEtag(index.buildId, facetKey);
  if (etagMatches(c.req.header('if-none-match'), etag)) return notModified(etag);
  let bytes = index.facets.get(facetKey);
  if (!bytes) {
    const lists = Object.fromEntries(
      await Promise.all(
        REFERENCE_LISTS.map(
          async ({ name }) => [name, await store.listItems(name, request)] as const,
        ),
      ),
    ) as Record<ReferenceListName, ReferenceItem[]>;
    const wordIndex = query.words && (await store.wordIndex(index, request));
    bytes = new TextEncoder().encode(
      JSON.stringify(countFacets(index, textSearchOf(query, wordIndex), resolved, lists)),
    );
    index.facets.set(facetKey, bytes);
  }
  return new Response(c.req.method === 'HEAD' ? null : bytes, {
    headers: snapshotHeaders(etag, bytes.length),
  });
}
