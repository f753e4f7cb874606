// Calls to CKAN's action API of the real Worker, and what every answer of it must be: CKAN's
// envelope, with the API's headers.
import { expect } from 'vitest';
import { ORIGIN, callWorker } from '../worker-client.ts';

export interface Envelope<T> {
  help: string;
  success: boolean;
  result?: T;
  error?: { __type: string; message?: string; [field: string]: unknown };
}

export async function action<T>(
  name: string,
  query = '',
  init?: RequestInit,
  prefix = '/api/3/action',
): Promise<{ status: number; body: Envelope<T>; response: Response }> {
  const response = await callWorker(`${ORIGIN}${prefix}/${name}${query ? `?${query}` : ''}`, init);
  const text = await response.text();
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = JSON.parse(text) as Envelope<T>;
  expect(body.help).toBe(`${ORIGIN}/api/3/action/help_show?name=${name}`);
  expect(body.success).toBe(response.status === 200);
  return { status: response.status, body, response };
}

/** A successful action's result. */
export async function result<T>(name: string, query = '', init?: RequestInit): Promise<T> {
  const { status, body } = await action<T>(name, query, init);
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.result!;
}

/** A failed action's error, checked for CKAN's status and __type. */
export async function failure(
  name: string,
  query: string,
  status: number,
  type: string,
  init?: RequestInit,
) {
  const { status: got, body } = await action(name, query, init);
  expect(got, JSON.stringify(body)).toBe(status);
  expect(body.error?.__type).toBe(type);
  expect(body).not.toHaveProperty('result');
  return body.error!;
}

export interface SearchResult {
  count: number;
  sort: string;
  facets: Record<string, Record<string, number>>;
  search_facets: Record<
    string,
    { title: string; items: { name: string; display_name: string; count: number }[] }
  >;
  results: Package[];
}

export interface Package {
  id: string;
  name: string;
  title: string;
  metadata_created: string;
  metadata_modified: string;
  organization: { name: string; id: string; title: string };
  groups: { name: string; id: string }[];
  tags: { name: string }[];
  resources: {
    id: string;
    url: string;
    format: string;
    package_id: string;
    datastore_active: boolean;
  }[];
  extras: { key: string; value: string }[];
  url: string;
  num_resources: number;
  num_tags: number;
  [key: string]: unknown;
}

export const search = (query: string) => result<SearchResult>('package_search', query);
