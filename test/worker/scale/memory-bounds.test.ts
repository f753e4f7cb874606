// What an isolate holds stays bounded whatever the requests do: the element cache within its
// capacity, and the snapshot reads answers open all closed once they are written or abandoned.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ELEMENT_CACHE_BYTES } from '../../../worker/memory.ts';
import app from '../../../worker/index.ts';
import { ReadBudget } from '../../../worker/snapshot/read-budget.ts';
import { snapshotStore } from '../../../worker/snapshot/snapshot-store.ts';

const ask = (path: string) => app.request(`https://api.test${path}`, {}, { ASSETS: env.ASSETS });

describe('isolate memory at scale', () => {
  it('closes the reads of answers read to the end or cut short, and keeps the cache within its capacity', async () => {
    const paths = [
      '/api/v1/data-element',
      '/api/v1/data-element?title=a',
      '/api/v1/data-element?year=2022',
      '/api/v1/data-element?title=jumlah&limit=500',
    ];
    for (let round = 0; round < 3; round++) {
      for (const path of paths) await (await ask(path)).arrayBuffer();
      // abandoned after the first chunk, as a client that goes away
      const cut = await Promise.all(paths.map(ask));
      for (const response of cut) {
        const reader = response.body!.getReader();
        await reader.read();
        await reader.cancel();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // cancellations run their cleanup
    const index = await snapshotStore(env.ASSETS).index({ budget: new ReadBudget() });
    expect(snapshotStore(env.ASSETS).readsOpen).toBe(0);
    expect(index.elements.bytesHeld).toBeGreaterThan(0);
    expect(index.elements.bytesHeld).toBeLessThanOrEqual(ELEMENT_CACHE_BYTES);
  });
});
