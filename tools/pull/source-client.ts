// GET against the source API: transient failures (network errors, timeouts, 5xx, 429) are asked
// again with backoff; anything else, or the overall time limit, stops the pull with a PullFailure.
import { backoffDelay, isTransientStatus, retryAfterMs } from './backoff.ts';
import { PullFailure } from './pull-failure.ts';

export interface ClientOptions {
  /** The source's base URL; paths such as `/api/v1/category` are appended to its path. */
  base: URL;
  /** Aborted when the pull's overall time limit is reached. */
  deadline: AbortSignal;
  /** Describes the time limit in a failure message, e.g. `30 min`. */
  timeLimit: string;
  requestTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  onRetry?: (url: string, reason: string, delayMs: number) => void;
}

export interface SourceAnswer {
  url: string;
  headers: Headers;
  /** Empty when the caller chose not to read it. */
  body: Uint8Array;
}

export interface TransferStats {
  requests: number;
  retries: number;
  bytes: number;
}

type Attempt =
  | { kind: 'answer'; answer: SourceAnswer }
  | { kind: 'transient'; reason: string; retryAfterMs?: number }
  | { kind: 'fatal'; message: string };

export function sourceUrl(base: URL, pathAndQuery: string): string {
  const prefix = base.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return new URL(prefix + pathAndQuery, base).href;
}

export function createSourceClient(options: ClientOptions) {
  const stats: TransferStats = { requests: 0, retries: 0, bytes: 0 };
  const timeLimitReached = (url: string) =>
    new PullFailure(`the time limit (${options.timeLimit}) was reached during GET ${url}`);

  async function attempt(url: string, readBody: (headers: Headers) => boolean): Promise<Attempt> {
    const requestTimeout = AbortSignal.timeout(options.requestTimeoutMs);
    const signal = AbortSignal.any([options.deadline, requestTimeout]);
    const failed = (error: unknown): Attempt => {
      if (options.deadline.aborted) throw timeLimitReached(url);
      if (requestTimeout.aborted)
        return {
          kind: 'transient',
          reason: `no answer within ${options.requestTimeoutMs / 1000} s`,
        };
      return { kind: 'transient', reason: networkReason(error) };
    };
    stats.requests++;
    let response: Response;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      return failed(error);
    }
    if (!response.ok) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        return failed(error);
      }
      const reason = `answered ${response.status}${text ? ` ${oneLine(text)}` : ''}`;
      if (!isTransientStatus(response.status, text)) return { kind: 'fatal', message: reason };
      return {
        kind: 'transient',
        reason,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    if (!readBody(response.headers)) {
      // e.g. a source that ignored `limit` and is sending its whole catalogue: stop it early
      await response.body?.cancel();
      return { kind: 'answer', answer: { url, headers: response.headers, body: new Uint8Array() } };
    }
    try {
      const body = new Uint8Array(await response.arrayBuffer());
      stats.bytes += body.byteLength;
      return { kind: 'answer', answer: { url, headers: response.headers, body } };
    } catch (error) {
      return failed(error);
    }
  }

  async function get(
    pathAndQuery: string,
    readBody: (headers: Headers) => boolean = () => true,
  ): Promise<SourceAnswer> {
    const url = sourceUrl(options.base, pathAndQuery);
    for (let retry = 0; ; retry++) {
      const outcome = await attempt(url, readBody);
      if (outcome.kind === 'answer') return outcome.answer;
      if (outcome.kind === 'fatal') throw new PullFailure(`GET ${url} ${outcome.message}`);
      if (retry >= options.retries)
        throw new PullFailure(`GET ${url} failed ${retry + 1} times, last: ${outcome.reason}`);
      const delayMs = outcome.retryAfterMs ?? backoffDelay(retry, options.retryDelayMs);
      stats.retries++;
      options.onRetry?.(url, outcome.reason, delayMs);
      await sleep(delayMs, options.deadline).catch(() => {
        throw timeLimitReached(url);
      });
    }
  }

  return { get, stats };
}

/** The most specific thing a failed fetch says: undici puts the system error code in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network error: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
