// GET /api/v1/data-element: the search (docs/api.md §3, §5.1–5.3, §11), paged, projected, streamed.
import type { Context } from 'hono';
import { MAX_PAGED_QUERY_LENGTH } from '../../core/contract.ts';
import { admitAnswer, answerFormat, prepareAnswer } from '../answer/prepare-answer.ts';
import { answerLength } from '../answer/streamed-answer.ts';
import { answerEtag, etagMatches } from '../http/cache-headers.ts';
import { EDGE_CACHE_CALLS, edgeCachedAnswer } from '../answer/edge-cache.ts';
import { answerTooLarge, queryTooLongToPage } from '../http/errors.ts';
import { pagingLinks } from '../http/paging-links.ts';
import { streamedBody } from '../answer/answer-body.ts';
import type { AppEnv } from '../env.ts';
import { notModified, snapshotHeaders } from '../http/responses.ts';
import { checkQuery, findMatches } from '../search/find-matches.ts';
import { searchedOrThrow } from './search-errors.ts';

export async function search(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const query = searchedOrThrow(checkQuery(url.searchParams));
  const queryLength = url.search.length - 1;
  if (query.limit !== undefined && queryLength > MAX_PAGED_QUERY_LENGTH)
    throw queryTooLongToPage(queryLength);
  const { request } = c.var;
  const { profile, budget, store } = request;
  const index = await store.index(request);
  const wordIndex = query.words && (await store.wordIndex(index, request));
  const matches = searchedOrThrow(findMatches(index, query, wordIndex));
  const etag = answerEtag(index.buildId, matches.answerKey);
  const paging: Record<string, string> = { 'x-total-count': String(matches.all.length) };
  if (query.limit !== undefined)
    paging.link = pagingLinks(url, matches.all.length, query.limit, query.offset);
  const format = await answerFormat(index, store, request, query.fields);
  const length = answerLength(matches.page, format);
  const edgeCached =
    c.env.EDGE_CACHE === 'off'
      ? undefined
      : edgeCachedAnswer(request, index.buildId, matches.answerKey, length);
  // Planned and admitted before anything is sent: an answer the profile cannot give whole is
  // refused (HEAD and a revalidation alike), never cut short.
  const admitted = admitAnswer(profile, index, budget, matches.page, format, {
    projected: query.fields !== undefined,
    reserveReads: edgeCached ? EDGE_CACHE_CALLS : 0,
    searchCpuMs: matches.searchCpuMs,
  });
  if (!admitted.ok) throw answerTooLarge(admitted.overBudget, profile);
  // Until the answer is streamed (which lets go of it), what admission reserved is let go here.
  try {
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      admitted.release();
      return notModified(etag, paging);
    }
    const headers = snapshotHeaders(etag, length, paging);
    if (c.req.method === 'HEAD') {
      admitted.release();
      return new Response(null, { headers });
    }
    // a large answer asked for before, whole in the data center's cache: streamed from there
    const stored = await edgeCached?.lookup();
    if (stored) {
      admitted.release();
      return new Response(stored, { headers });
    }
    const storeCopy = await edgeCached?.reserveStore();
    const answer = prepareAnswer(index, store, budget, matches.page, format, admitted);
    return new Response(await streamedBody(answer, storeCopy), { headers });
  } catch (error) {
    admitted.release();
    throw error;
  }
}
