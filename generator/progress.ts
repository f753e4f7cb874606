// Progress of a long build on stderr: a rewritten line on a terminal, a plain line every few
// seconds otherwise (CI logs).
const INTERVAL_MS = 3000;

export function createProgress(totalFiles: number) {
  const tty = process.stderr.isTTY === true;
  let last = performance.now();
  let shown = false;
  return {
    update(elementsRead: number, files: number) {
      const now = performance.now();
      if (now - last < (tty ? 200 : INTERVAL_MS)) return;
      last = now;
      shown = true;
      const line = `reading: ${files}/${totalFiles} files, ${elementsRead} elements`;
      if (tty) process.stderr.write(`\r${line}`);
      else console.error(line);
    },
    done() {
      if (tty && shown) process.stderr.write('\n');
    },
  };
}
