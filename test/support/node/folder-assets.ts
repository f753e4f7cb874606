// The ASSETS binding over a folder on disk, for Node: the same interface the Worker gets, with
// every read counted, so tests and benchmarks run the Worker's own store over a built snapshot.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetFetcher } from '../../../worker/snapshot/snapshot-store.ts';
import { storedBytesResponse } from '../stored-bytes-response.ts';

export interface CountingAssets extends AssetFetcher {
  /** Paths read, in order. */
  reads: string[];
}

/**
 * `inMemory`: the files are read from disk first and each answer's `arrayBuffer()` hands over the
 * bytes at once, as workerd's native ASSETS reads do (Node's Response copies through web streams,
 * tens of milliseconds for a 12 MB file, which is not the Worker's own time).
 */
export function folderAssets(dir: string, { inMemory = false } = {}): CountingAssets {
  const reads: string[] = [];
  const files = new Map<string, ArrayBuffer>();
  return {
    reads,
    fetch: async (url: string) => {
      const path = decodeURIComponent(new URL(url).pathname).slice(1);
      reads.push(path);
      let buffer = files.get(path);
      if (!buffer) {
        try {
          const bytes = await readFile(join(dir, path));
          // a copy of its own, so its ArrayBuffer is exactly the file
          buffer = new Uint8Array(bytes).buffer;
        } catch {
          return new Response('not found', { status: 404 });
        }
        if (inMemory) files.set(path, buffer);
      }
      return inMemory ? storedBytesResponse(buffer) : new Response(buffer);
    },
  };
}
