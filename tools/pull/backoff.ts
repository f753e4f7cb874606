// When to ask again after a transient failure, and which failures are transient. Pure.
import { FETCH_FAILED } from '../../core/contract.ts';

const MAX_DELAY_MS = 60_000;

/**
 * Exponential backoff with jitter: between half and all of base·2^attempt (attempt 0 first), at
 * most a minute.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * A Retry-After header (seconds or an HTTP date) in milliseconds from now; undefined when absent or
 * unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // an HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse would also
  // take "-1"
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * 5xx, 429 and 408 are worth asking again. So is the contract's 400 "Failed to fetch data.":
 * the source (the original service or this one) could not read its own store for a moment.
 */
export function isTransientStatus(status: number, body: string): boolean {
  if (status >= 500 || status === 429 || status === 408) return true;
  if (status !== 400) return false;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    return parsed.message === FETCH_FAILED || parsed.error === FETCH_FAILED;
  } catch {
    return false; // a 400 whose body is not JSON is a real refusal
  }
}
