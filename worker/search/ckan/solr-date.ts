// Dates as Solr reads them in a range (`metadata_modified:[2024-01-31T00:00:00Z TO NOW]`): an ISO
// 8601 instant (fractional seconds of any length; CKAN's harvester sends six digits) or NOW,
// either followed by date math: `+1DAY`, `-7DAYS`, `/DAY` (rounded down). Milliseconds, UTC.
import { isCalendarDay } from '../../../core/open-data/catalogue-date.ts';

const UNITS: Record<string, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'milli'> = {
  YEAR: 'year',
  YEARS: 'year',
  MONTH: 'month',
  MONTHS: 'month',
  DAY: 'day',
  DAYS: 'day',
  DATE: 'day',
  HOUR: 'hour',
  HOURS: 'hour',
  MINUTE: 'minute',
  MINUTES: 'minute',
  SECOND: 'second',
  SECONDS: 'second',
  MILLI: 'milli',
  MILLIS: 'milli',
  MILLISECOND: 'milli',
  MILLISECONDS: 'milli',
};

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z?/;

export function parseSolrDate(text: string, now: number): number | undefined {
  let rest: string;
  let date: Date;
  if (text.startsWith('NOW')) {
    date = new Date(now);
    rest = text.slice(3);
  } else {
    const m = INSTANT.exec(text);
    if (!m) return undefined;
    const [, y, mo, d, h, mi, s, fraction] = m;
    const millis = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
    // each field in its range (Date rolls 2024-02-30 over to March and 10:60 to 11:00, where
    // Solr refuses them); set field by field, as Date.UTC reads years 0-99 as 1900-1999
    if (+h! > 23 || +mi! > 59 || +s! > 59 || !isCalendarDay(text)) return undefined;
    date = new Date(0);
    date.setUTCFullYear(+y!, +mo! - 1, +d!);
    date.setUTCHours(+h!, +mi!, +s!, millis);
    rest = text.slice(m[0].length);
  }
  while (rest.length > 0) {
    const step = /^([+-])(\d{1,9})([A-Z]+)|^\/([A-Z]+)/.exec(rest);
    if (!step) return undefined;
    const unit = UNITS[step[3] ?? step[4]!];
    if (!unit) return undefined;
    if (step[4]) roundDown(date, unit);
    else add(date, unit, (step[1] === '-' ? -1 : 1) * Number(step[2]));
    rest = rest.slice(step[0].length);
  }
  const ms = date.getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

function add(date: Date, unit: string, n: number) {
  if (unit === 'year') date.setUTCFullYear(date.getUTCFullYear() + n);
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + n);
  else if (unit === 'day') date.setUTCDate(date.getUTCDate() + n);
  else if (unit === 'hour') date.setUTCHours(date.getUTCHours() + n);
  else if (unit === 'minute') date.setUTCMinutes(date.getUTCMinutes() + n);
  else if (unit === 'second') date.setUTCSeconds(date.getUTCSeconds() + n);
  else date.setUTCMilliseconds(date.getUTCMilliseconds() + n);
}

function roundDown(date: Date, unit: string) {
  const order = ['year', 'month', 'day', 'hour', 'minute', 'second', 'milli'];
  const keep = order.indexOf(unit);
  if (keep < 1) date.setUTCMonth(0);
  if (keep < 2) date.setUTCDate(1);
  if (keep < 3) date.setUTCHours(0);
  if (keep < 4) date.setUTCMinutes(0);
  if (keep < 5) date.setUTCSeconds(0);
  if (keep < 6) date.setUTCMilliseconds(0);
}
