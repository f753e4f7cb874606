// The processes started under one, as `ps` shows them now: the server's workerd among them. The
// server kills them when it cannot stop them in time (cli.ts); the tests and measurements count
// what a server holds or leaves behind.
import { execFileSync } from 'node:child_process';

/** `pid` and every process below it, with each one's command name. */
export function processTree(pid: number): { pid: number; command: string }[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [own, parent, command] = line.trim().split(/\s+/);
      return { pid: Number(own), parent: Number(parent), command: command ?? '' };
    });
  const tree = rows.filter((row) => row.pid === pid);
  for (let i = 0; i < tree.length; i++)
    for (const row of rows) if (row.parent === tree[i]!.pid) tree.push(row);
  return tree.map(({ pid: own, command }) => ({ pid: own, command }));
}

/** Kills every process below this one at once (SIGKILL), so that none outlives it. */
export function killProcessesBelow(pid = process.pid) {
  for (const { pid: below } of processTree(pid).slice(1)) {
    try {
      process.kill(below, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
