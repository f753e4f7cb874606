// The dates ledger on disk (docs/harvest.md §12): read from the previous output (or --ledger FILE)
// before a build. Absent: an empty ledger (a first build). Unreadable or malformed: the build
// stops, since carrying on would date every element anew.
import { existsSync, readFileSync } from 'node:fs';
import type { DatesLedger } from './element-dates.ts';

export type LedgerRead = { ok: true; ledger: DatesLedger } | { ok: false; message: string };

export function readDatesLedger(path: string): LedgerRead {
  if (!existsSync(path)) return { ok: true, ledger: {} };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { ok: false, message: unusable(path, (error as Error).message) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return {
      ok: false,
      message: unusable(path, 'not an object of id → [hash, created, modified]'),
    };
  for (const [id, entry] of Object.entries(value)) {
    const sound =
      Array.isArray(entry) &&
      entry.length === 3 &&
      typeof entry[0] === 'string' &&
      Number.isInteger(entry[1]) &&
      Number.isInteger(entry[2]);
    if (!sound) return { ok: false, message: unusable(path, `entry ${JSON.stringify(id)}`) };
  }
  return { ok: true, ledger: value as DatesLedger };
}

const unusable = (path: string, why: string) =>
  `the dates ledger ${path} cannot be read (${why}); nothing written. Restore it, or move it away to date every element anew.`;
