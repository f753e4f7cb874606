// The ASSETS binding over a folder on disk, for Node: the same interface the Worker gets, with
// every read counted, so tests and benchmarks run the Worker's own store over a built snapshot.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetFetcher } from '../../../worker/snapshot-store.ts';

export interface CountingAssets extends AssetFetcher {
  /** Paths read, in order. */
  reads: string[];
}

export function folderAssets(dir: string): CountingAssets {
  const reads: string[] = [];
  return {
    reads,
    fetch: async (url: string) => {
      const path = decodeURIComponent(new URL(url).pathname).slice(1);
      reads.push(path);
      try {
        return new Response(await readFile(join(dir, path)));
      } catch {
        return new Response('not found', { status: 404 });
      }
    },
  };
}
