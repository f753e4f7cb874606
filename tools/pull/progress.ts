// A progress line on stderr every two seconds while the pull runs: rewritten in place on a
// terminal, a plain line otherwise (CI logs). Notes (retries) go on lines of their own.
import type { PullStats } from './pull-stats.ts';

const INTERVAL_MS = 2000;

export const byteSize = (bytes: number) =>
  bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1048576).toFixed(1)} MiB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function progressLine(stats: PullStats, now = performance.now()): string {
  const { transfer } = stats;
  const elements =
    stats.expectedElements === undefined
      ? `${stats.elements}`
      : `${stats.elements}/${stats.expectedElements}`;
  return `pulling: ${elements} elements, ${transfer.requests} requests, ${transfer.retries} retries, ${byteSize(transfer.bytes)}, ${seconds(now - stats.startedAt)}`;
}

export function startProgress(stats: PullStats, stream: NodeJS.WriteStream = process.stderr) {
  const tty = stream.isTTY === true;
  let shown = false;
  const show = () => {
    shown = true;
    if (tty) stream.write(`\r\x1b[K${progressLine(stats)}`);
    else stream.write(`${progressLine(stats)}\n`);
  };
  const timer = setInterval(show, INTERVAL_MS);
  timer.unref();
  const clearLine = () => {
    if (tty && shown) stream.write('\r\x1b[K');
  };
  return {
    note(message: string) {
      clearLine();
      stream.write(`${message}\n`);
      if (tty && shown) show();
    },
    stop() {
      clearInterval(timer);
      clearLine();
    },
  };
}
