// Dates of every published element (contract §12): created and modified, in seconds since the
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

/**
 * A date as the catalogue may write it: an ISO 8601 string with a time zone (or a date alone,
 * read as UTC), or MongoDB Extended JSON as `mongoexport` writes it: `{"$date": "…"}`,
 * `{"$date": <milliseconds>}` or `{"$date": {"$numberLong": "<milliseconds>"}}`.
 * Returns seconds since the epoch, or a message saying what is wrong.
 */
export function parseCatalogueDate(value: unknown): number | { problem: string } {
  let millis: number;
  if (typeof value === 'string') millis = parseIsoDate(value);
  else if (value !== null && typeof value === 'object' && '$date' in value) {
    const inner = (value as { $date: unknown }).$date;
    if (typeof inner === 'string') millis = parseIsoDate(inner);
    else if (typeof inner === 'number') millis = inner;
    else if (
      inner !== null &&
      typeof inner === 'object' &&
      typeof (inner as { $numberLong?: unknown }).$numberLong === 'string' &&
      /^-?\d+$/.test((inner as { $numberLong: string }).$numberLong)
    )
      millis = Number((inner as { $numberLong: string }).$numberLong);
    else millis = NaN;
  } else
    return {
      problem: 'expected an ISO 8601 date string or {"$date": …} as mongoexport writes it',
    };
  if (!Number.isFinite(millis) || !Number.isInteger(millis))
    return { problem: `not a date: ${JSON.stringify(value)}` };
  const seconds = Math.floor(millis / 1000);
  // 1970 to 2100: outside it, a typing error, not a catalogue's date
  if (seconds < 0 || seconds > 4_102_444_800)
    return { problem: `date out of range (1970 to 2100): ${JSON.stringify(value)}` };
  return seconds;
}

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

function parseIsoDate(text: string): number {
  if (!ISO_DATE.test(text)) return NaN;
  const millis = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  return millis;
}

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
