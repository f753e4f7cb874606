// Requests to the real Worker inside workerd.
import { SELF, createExecutionContext, env } from 'cloudflare:test';
import worker from '../../worker/index.ts';

export const ORIGIN = 'https://api.test';
export const api = (pathAndQuery: string, init?: RequestInit) =>
  SELF.fetch(`${ORIGIN}${pathAndQuery}`, init);

export async function searchIds(query: string): Promise<string[]> {
  const response = await api(`/api/v1/data-element${query ? `?${query}` : ''}`);
  if (response.status !== 200)
    throw new Error(`status ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { _id: string }[]).map((e) => e._id);
}

/**
 * The Worker's fetch handler called directly, with the same env (and ASSETS) as SELF. For
 * thousands of requests: SELF.fetch slows down request after request in the test pool, the
 * handler does not (measured: 150 list requests take 1.2 s, then 3.8 s, then 8.5 s via SELF).
 */
export const callWorker = (url: string, init?: RequestInit) =>
  worker.fetch(new Request(url, init), env, createExecutionContext());

/** A search through callWorker. */
export const callSearch = (query: string, init?: RequestInit) =>
  callWorker(`${ORIGIN}/api/v1/data-element?${query}`, init);

/** The ids of an answer projected to (at least) `_id`. */
export const idsOf = async (response: Response) =>
  ((await response.json()) as { _id: string }[]).map((e) => e._id);
