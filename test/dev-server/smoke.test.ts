// The server as users run it: the command `npm start` runs (tools/serve/cli.ts) as a process of
// its own, with wrangler's bundle in a real workerd (not the test pool, which provides Node's
// globals such as Buffer and so hides a bundle that cannot start). `--port` and `--var` as
// `wrangler dev` takes them.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SNAPSHOT } from '../generator/build-fixture-snapshot.ts';
import { SCALE_SNAPSHOT } from '../support/node/build-scale-snapshot.ts';
import { freePort } from '../support/node/fixture-worker.ts';
import { processTree } from '../../tools/serve/process-tree.ts';

const servers: ChildProcess[] = [];

/** `npm start`'s server over `assets`; resolves with its base URL once it says it serves. */
async function serve(assets: string, args: string[]): Promise<string> {
  return (
    await serveProcess(
      spawn(
        process.execPath,
        ['--import', 'tsx', 'tools/serve/cli.ts', '--assets', assets, ...args],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        },
      ),
    )
  ).url;
}

/** Waits until `server` says it serves; its base URL. */
async function serveProcess(server: ChildProcess): Promise<{ url: string; server: ChildProcess }> {
  servers.push(server);
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!/Serving on (\S+?)\.?(?:\s|$)/.test(output)) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() - started > 45_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: /Serving on (\S+?)\.?(?:\s|$)/.exec(output)![1]!, server };
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
  for (const server of servers.splice(0)) {
    if (server.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  }
});

const get = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.text() };
};

describe('npm start', () => {
  it('serves every endpoint on the port given by --port', async () => {
    const base = await serve(FIXTURE_SNAPSHOT, ['--port', '8851']);
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
    const free = await serve(SCALE_SNAPSHOT, ['--port', '8852']);
    const refused = await get(free, '/api/v1/data-element');
    expect(refused.status).toBe(400);
    expect((JSON.parse(refused.body) as { message: string }).message).toMatch(/"free" profile/);
    const paid = await serve(SCALE_SNAPSHOT, ['--port', '8853', '--var', 'PLAN:paid']);
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
      const { server } = await serveProcess(
        spawn(program, [...args, '--port', String(await freePort())], {
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        }),
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
