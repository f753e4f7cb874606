// The Worker's own memory, read inside workerd through its DevTools protocol: V8's heap and the
// ArrayBuffers' backing stores of the Worker's isolate, the memory Cloudflare's 128 MB per
// isolate is about (docs/platform-limits.md). The process's resident memory also holds the
// runtime and what its allocator keeps after freeing (workerd links tcmalloc).
import WebSocket from 'ws';

export interface IsolateMemory {
  /** V8's heap as committed (`totalSize`), MiB. */
  heapMiB: number;
  /** Bytes of it in use (`usedSize`): live objects and garbage not yet collected, MiB. */
  heapUsedMiB: number;
  /** ArrayBuffers' bytes outside the heap (`backingStorageSize`), MiB. */
  buffersMiB: number;
}

export interface IsolateInspector {
  memory(): Promise<IsolateMemory>;
  /** The isolate's memory after a full collection: what it still holds alive. */
  liveMemory(): Promise<IsolateMemory>;
  close(): void;
}

const MiB = 1024 * 1024;
const CALL_TIMEOUT_MS = 20_000;

/** What an inspector lists at /json. */
export interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

/** The targets an inspector at `inspectorUrl` (http://host:port/) lists; none if it is not one. */
export async function inspectorTargets(inspectorUrl: URL): Promise<InspectorTarget[]> {
  try {
    const response = await fetch(new URL('json', inspectorUrl), {
      signal: AbortSignal.timeout(3000),
    });
    const targets = (await response.json()) as unknown;
    return Array.isArray(targets) ? (targets as InspectorTarget[]) : [];
  } catch {
    return [];
  }
}

/** Opens a DevTools session on `target`. */
export async function connectIsolateInspector(target: InspectorTarget): Promise<IsolateInspector> {
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.off('error', reject);
      resolve();
    });
    socket.once('error', reject);
  });
  type Answer = { id?: number; result?: unknown; error?: unknown };
  let lastId = 0;
  const pending = new Map<number, (message: Answer) => void>();
  socket.on('message', (data) => {
    let message: Answer;
    try {
      message = JSON.parse(String(data)) as Answer;
    } catch {
      return; // not a protocol message
    }
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  // a session that ends fails the calls still waiting, at once
  const failPending = (reason: string) => {
    for (const answer of pending.values()) answer({ error: reason });
  };
  socket.on('error', (error) => failPending(error.message));
  socket.on('close', () => failPending('the inspector session closed'));
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer from the inspector in ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      pending.set(id, (message) => {
        clearTimeout(timer);
        pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  async function memory(): Promise<IsolateMemory> {
    const usage = (await call('Runtime.getHeapUsage')) as {
      usedSize: number;
      totalSize: number;
      backingStorageSize?: number;
    };
    if (usage.backingStorageSize === undefined)
      throw new Error('this workerd does not report the backing stores (backingStorageSize)');
    return {
      heapMiB: usage.totalSize / MiB,
      heapUsedMiB: usage.usedSize / MiB,
      buffersMiB: usage.backingStorageSize / MiB,
    };
  }
  // wrangler's inspector turns on the Network domain, which copies every snapshot read's body to
  // the session: off, or the probe would weigh on what it measures.
  await call('Network.disable');
  return {
    memory,
    async liveMemory() {
      // A heap snapshot collects everything first (`HeapProfiler.collectGarbage` gets no answer
      // through wrangler's inspector). The snapshot's chunks, a few MB, are dropped.
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      return memory();
    },
    close: () => socket.close(),
  };
}
