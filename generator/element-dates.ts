// Dates of every published element (docs/harvest.md §12): created and modified, in seconds since the
// epoch. Where the catalogue has createdAt/updatedAt, those; otherwise carried forward from the
// previous build's ledger: an element whose published bytes are unchanged keeps its dates, a
// changed one is modified at the build's time, a new one is created and modified then. Pure.
import { createHash } from 'node:crypto';

/** What the catalogue gave for one element (seconds), each optional. */
export interface CatalogueDates {
  createdAt?: number;
  updatedAt?: number;
}

export interface ElementDates {
  created: number;
  modified: number;
}

/** One line of the ledger: the element's published bytes' hash, and its dates then. */
export type LedgerEntry = [hash: string, created: number, modified: number];
/** Kept beside the snapshot (not deployed) and read by the next build: id → entry. */
export type DatesLedger = Record<string, LedgerEntry>;

export const LEDGER_VERSION = 1;

export const publishedHash = (json: string) =>
  createHash('sha256').update(json).digest('hex').slice(0, 24);

/** Dates for each element (same order as `elements`), and the ledger for the next build. */
export function assignDates(
  elements: readonly { id: string; json: string; dates: CatalogueDates }[],
  previous: DatesLedger,
  buildTime: number,
): { dates: ElementDates[]; ledger: DatesLedger } {
  const ledger: DatesLedger = {};
  const dates = elements.map(({ id, json, dates: given }) => {
    const hash = publishedHash(json);
    const before = previous[id];
    const unchanged = before !== undefined && before[0] === hash;
    const created = given.createdAt ?? before?.[1] ?? buildTime;
    let modified = given.updatedAt ?? (unchanged ? before[2] : buildTime);
    if (modified < created) modified = created;
    ledger[id] = [hash, created, modified];
    return { created, modified };
  });
  return { dates, ledger };
}
