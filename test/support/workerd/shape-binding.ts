// An ASSETS binding over one catalogue shape's snapshot (test/wrangler.shapes.toml serves them
// all, one folder each): the Worker reads its files as if they were the only snapshot.
import { env } from 'cloudflare:test';
import type { SnapshotShape } from '../snapshot-shapes.ts';

export function shapeBinding(shape: SnapshotShape, seen?: string[]): Fetcher {
  return {
    fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seen?.push(url.pathname);
      url.pathname = `/${shape}${url.pathname}`;
      return env.ASSETS.fetch(url.toString(), init);
    },
  } as unknown as Fetcher;
}
