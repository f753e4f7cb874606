// A date as the catalogue may write it (docs/harvest.md §12: createdAt/updatedAt), read into seconds
// since the epoch. Runtime-neutral: the generator reads the catalogue with it, tests check with it.

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
  if (!ISO_DATE.test(text) || !isCalendarDay(text)) return NaN;
  const millis = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  return millis;
}

/**
 * Whether a text's leading `YYYY-MM-DD` is a day of the calendar. Date.parse takes any day up
 * to 31 in any month and rolls it over (2024-02-30 is read as 1 March), where a catalogue's
 * typing error should be refused and ckanext-dcat's dateutil refuses it.
 */
export function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
