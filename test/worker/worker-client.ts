// Requests to the real Worker inside workerd.
import { SELF } from 'cloudflare:test';

export const ORIGIN = 'https://api.test';
export const api = (pathAndQuery: string, init?: RequestInit) => SELF.fetch(`${ORIGIN}${pathAndQuery}`, init);

export async function searchIds(query: string): Promise<string[]> {
  const response = await api(`/api/v1/data-element${query ? `?${query}` : ''}`);
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { _id: string }[]).map((e) => e._id);
}
