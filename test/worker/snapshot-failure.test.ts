// The real app with an ASSETS binding that cannot serve the snapshot. Each failure is logged
// (console.error, with its stack): expected here, so each test checks the log instead of printing
// it.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import app from '../../worker/index.ts';
import { SnapshotUnavailable } from '../../worker/snapshot/snapshot-store.ts';
import { expectErrorBody } from '../support/error-body.ts';
import { fixtureId } from '../support/fixture-catalogue.ts';

const brokenAssets = {
  fetch: async () => new Response('not found', { status: 404 }),
} as unknown as Fetcher;
const throwingAssets = {
  fetch: async () => {
    throw new Error('network down');
  },
} as unknown as Fetcher;
const ask = (path: string, assets: Fetcher) =>
  app.request(`https://api.test${path}`, {}, { ASSETS: assets });

let loggedError: MockInstance<typeof console.error>;
beforeEach(() => {
  loggedError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  loggedError.mockRestore();
});

/** The Worker logged the failed read of this request. */
const expectLogged = (path: string) =>
  expect(loggedError).toHaveBeenCalledWith(
    `GET https://api.test${path}:`,
    expect.any(SnapshotUnavailable),
  );

describe.each([
  ['missing files', brokenAssets],
  ['failing reads', throwingAssets],
])('when the snapshot cannot be read (%s)', (_, assets) => {
  it.each(['/api/v1/category', '/api/v1/sector', '/api/v1/field', '/api/v1/data-source'])(
    '%s answers 400 {"error": "Failed to fetch data."}',
    async (path) => {
      const response = await ask(path, assets);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Failed to fetch data.' });
      expectLogged(path);
    },
  );

  it.each([
    '/api/v1/data-element?title=x',
    '/api/v1/data-element?limit=5&offset=5',
    '/api/v1/facets?year=2023',
    `/api/v1/data-element/${fixtureId(1)}`,
    `/api/v1/data-element/${fixtureId(1)}/2022.csv`,
  ])('%s answers 400 {"message": "Failed to fetch data."}', async (path) => {
    expect(await expectErrorBody(await ask(path, assets), 400, 'message')).toBe(
      'Failed to fetch data.',
    );
    expectLogged(path);
  });
});

describe('when the element files are missing', () => {
  // element 4 is read from the element files; element 1 is in the overlay, held in memory
  // (test/support/node/previous-catalogue.ts)
  it('/api/v1/data-element answers 400 before any byte of a 200', async () => {
    const { env } = await import('cloudflare:test');
    const noElementFiles = {
      fetch: (input: RequestInfo) =>
        /\/(blocks|runs|groups)\//.test(String(input))
          ? Promise.resolve(new Response('gone', { status: 404 }))
          : env.ASSETS.fetch(input),
    } as unknown as Fetcher;
    expect(
      await expectErrorBody(await ask('/api/v1/data-element', noElementFiles), 400, 'message'),
    ).toBe('Failed to fetch data.');
    expect(
      await expectErrorBody(
        await ask(`/api/v1/data-element/${fixtureId(4)}/2022.csv`, noElementFiles),
        400,
        'message',
      ),
    ).toBe('Failed to fetch data.');
    expectLogged('/api/v1/data-element');
    expectLogged(`/api/v1/data-element/${fixtureId(4)}/2022.csv`);
  });

  it('an element of the overlay is answered from memory', async () => {
    const { env } = await import('cloudflare:test');
    const noElementFiles = {
      fetch: (input: RequestInfo) =>
        /\/(blocks|runs|groups|packages)\//.test(String(input))
          ? Promise.resolve(new Response('gone', { status: 404 }))
          : env.ASSETS.fetch(input),
    } as unknown as Fetcher;
    const response = await ask(`/api/v1/data-element/${fixtureId(1)}/2022.csv`, noElementFiles);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Kota,1.204,1.187,2.391');
  });
});
