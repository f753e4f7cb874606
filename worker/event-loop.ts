// Long answers give the runtime's event loop a turn every few MiB they move, so that the other
// requests of the isolate are read and answered meanwhile.
//
// workerd runs a Worker, the assets service behind its ASSETS binding and its sockets on one
// event loop, which polls its sockets only when nothing else is ready to run. Locally a snapshot
// read is a file read inside the same process, ready at once, and a client on loopback takes
// each chunk as fast as it is written: an answer that reads and writes hundreds of MiB (the
// `paid` profile's whole-catalogue answers, a CKAN page read from 33 package files of 8 MiB) never
// lets the loop wait, so no other request is even read until it ends. Measured at 100,000
// elements (bench/HISTORY.md): /robots.txt waited 14 s behind one answer of 200 MB; under the soak's
// load the requests held back outlived the runtime's keep-alive timers, their connections were
// closed unanswered, and wrangler's proxy in front left its clients waiting until their time-out.
// A timer's turn costs a few microseconds where nothing else waits.

/** Bytes moved (read from the snapshot, or written into an answer) between two turns. */
export const TURN_BYTES = 1024 * 1024;

let movedSinceTurn = 0;

/**
 * Counts bytes an answer moved; once TURN_BYTES have moved in the isolate since the last turn,
 * a promise to await that lets the event loop turn (a timer of 0 ms), else undefined (nothing to
 * await, not even a microtask).
 */
export function moved(bytes: number): Promise<void> | undefined {
  movedSinceTurn += bytes;
  if (movedSinceTurn < TURN_BYTES) return undefined;
  movedSinceTurn = 0;
  return nextTurn();
}

/** A turn of the event loop: the sockets polled, what is ready run, then this resolves. */
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
