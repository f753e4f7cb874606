// The Worker bundle as wrangler builds it, in a real `wrangler dev` workerd (not the test pool,
// which provides Node's globals such as Buffer and so hides a bundle that cannot start).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../bench/start-worker.ts';
import { FIXTURE_SNAPSHOT } from '../generator/build-fixture-snapshot.ts';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker({ config: 'wrangler.toml', assets: FIXTURE_SNAPSHOT, port: 8851 });
}, 60_000);
afterAll(async () => worker?.stop());

describe('wrangler dev over the fixture snapshot', () => {
  it('answers every endpoint', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${worker.url}${path}`);
      return { status: response.status, body: await response.text() };
    };
    for (const list of ['category', 'sector', 'field', 'data-source'])
      expect((await get(`/api/v1/${list}`)).status).toBe(200);
    const page = await get('/api/v1/data-element?limit=2&fields=_id,data');
    expect(page.status).toBe(200);
    const [first] = JSON.parse(page.body) as { _id: string; data: { year: number }[] }[];
    expect((await get(`/api/v1/data-element/${first!._id}`)).status).toBe(200);
    const csv = await get(`/api/v1/data-element/${first!._id}/${first!.data[0]!.year}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('\r\n');
    expect((await get('/api/v1/facets?title=jumlah')).status).toBe(200);
    expect((await get('/api/v1/data-element?title=penduduk')).status).toBe(200);
  }, 60_000);
});
