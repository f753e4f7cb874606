// Peer 2, what a team would build with a database: the catalogue in PostgreSQL (started here on
// loopback, stopped after), served by Hono on Node with pg (bench/lib/peers/postgres-server.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
  '/usr/local/bin',
  '/usr/bin',
];
const findBin = (name: string) => BIN_DIRS.map((d) => join(d, name)).find((p) => existsSync(p));

export interface PostgresServer {
  port: number;
  stop: () => void;
}

/** Starts a throwaway cluster, or says why it cannot. Runs as the `postgres` user when root. */
export function startPostgres(port: number): PostgresServer | { skipped: string } {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl)
    return { skipped: 'PostgreSQL is not installed (apt-get install postgresql)' };
  const asRoot = userInfo().uid === 0;
  const run = (bin: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, {
      stdio: 'pipe',
    });
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  try {
    run(initdb, [
      '-D',
      join(dir, 'data'),
      '-A',
      'trust',
      '-U',
      'bench',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale',
      'C',
    ]);
    run(pgCtl, [
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      // the catalogue held in memory; answers sorted in memory; no JIT compiling per query
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=1GB ` +
        '-c work_mem=64MB -c jit=off',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `PostgreSQL did not start: ${(error as Error).message.split('\n')[0]}` };
  }
  return {
    port,
    stop: () => {
      try {
        run(pgCtl, ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts the Node peer server in a child process (so it does not share a core with the load
 * generator's event loop).
 */
export function startPostgresPeer(
  pgPort: number,
  httpPort: number,
  catalogueJson: string,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/lib/peers/postgres-server.ts',
      String(pgPort),
      String(httpPort),
      catalogueJson,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on(
      'data',
      (data: Buffer) => data.toString().includes('listening') && resolve(child),
    );
    child.on('exit', (code) => reject(new Error(`postgres peer exited with ${code}`)));
  });
}
