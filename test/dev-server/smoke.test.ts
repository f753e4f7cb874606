// The server as users run it: the command `npm start` runs (tools/serve/cli.ts) as a process of
// its own, with wrangler's bundle in a real workerd (not the test pool, which provides Node's
// globals such as Buffer and so hides a bundle that cannot start). `--port` and `--var` as
// `wrangler dev` takes them.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SNAPSHOT } from '../generator/build-fixture-snapshot.ts';
import { SCALE_SNAPSHOT } from '../support/node/build-scale-snapshot.ts';
import { freePort } from '../support/node/fixture-worker.ts';
import { processTree } from '../../tools/serve/process-tree.ts';
import { ServerSet, serveProcess, untilServing } from '../../tools/serve/served-worker.ts';

const servers = new ServerSet();
/** How long a server may take to say it serves. */
const START_LIMIT_MS = 45_000;

/** `npm start -- --port N [--var NAME:VALUE]…` over `assets`; its base URL once it says it serves. */
async function serve(assets: string, port: number, vars: Record<string, string> = {}) {
  return (await servers.started(serveProcess({ assets, port, vars, startLimitMs: START_LIMIT_MS })))
    .url;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  await servers.stopAll();
});

const get = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.text() };
};

describe('npm start', () => {
  it('serves every endpoint on the port given by --port', async () => {
    const base = await serve(FIXTURE_SNAPSHOT, 8851);
    expect(base).toBe('http://127.0.0.1:8851');
    for (const list of ['category', 'sector', 'field', 'data-source'])
      expect((await get(base, `/api/v1/${list}`)).status).toBe(200);
    const page = await get(base, '/api/v1/data-element?limit=2&fields=_id,data');
    expect(page.status).toBe(200);
    const [first] = JSON.parse(page.body) as { _id: string; data: { year: number }[] }[];
    expect((await get(base, `/api/v1/data-element/${first!._id}`)).status).toBe(200);
    const csv = await get(base, `/api/v1/data-element/${first!._id}/${first!.data[0]!.year}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('\r\n');
    expect((await get(base, '/api/v1/facets?title=jumlah')).status).toBe(200);
    expect((await get(base, '/api/v1/data-element?title=penduduk')).status).toBe(200);
  }, 60_000);

  it('serves the free profile by default and the paid one with --var PLAN:paid', async () => {
    // the scale snapshot's tiny files: its whole catalogue takes more reads than free allows
    const free = await serve(SCALE_SNAPSHOT, 8852);
    const refused = await get(free, '/api/v1/data-element');
    expect(refused.status).toBe(400);
    expect((JSON.parse(refused.body) as { message: string }).message).toMatch(/"free" profile/);
    const paid = await serve(SCALE_SNAPSHOT, 8853, { PLAN: 'paid' });
    const whole = await get(paid, '/api/v1/data-element');
    expect(whole.status).toBe(200);
    expect(Array.isArray(JSON.parse(whole.body))).toBe(true);
  }, 90_000);

  it('refuses an option it does not know, saying how to use it', async () => {
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/serve/cli.ts', '--prot', '1'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => server.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toMatch(/usage: npm start/);
  }, 30_000);

  it.each([
    [
      'its server command',
      [process.execPath, '--import', 'tsx', 'tools/serve/cli.ts', '--assets', FIXTURE_SNAPSHOT],
    ],
    // npm as a process manager or a container runs it: SIGTERM to npm must stop the server too
    // (the script execs the server; a server that cannot stop workerd in time kills it)
    ['npm run serve', ['npm', 'run', 'serve', '--', '--assets', FIXTURE_SNAPSHOT]],
  ])(
    'stops with no process left behind when %s is sent SIGTERM',
    async (_, command) => {
      const [program, ...args] = command as [string, ...string[]];
      const { server } = await servers.started(
        untilServing(
          spawn(program, [...args, '--port', String(await freePort())], {
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
          }),
          START_LIMIT_MS,
        ),
      );
      const below = processTree(server.pid!)
        .slice(1)
        .map(({ pid }) => pid);
      try {
        expect(below.length).toBeGreaterThan(0); // workerd among them
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(server.pid!, 'SIGTERM'); // the process alone, as a service manager sends it
        await exited;
        // a loaded machine is slow to stop workerd: wait, but not forever
        const started = Date.now();
        while (below.some(alive) && Date.now() - started < 60_000)
          await new Promise((r) => setTimeout(r, 200));
        expect(below.filter(alive)).toEqual([]);
      } finally {
        for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL'); // nothing outlives the test
      }
    },
    120_000,
  );
});
