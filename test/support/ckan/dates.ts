// CKAN's isodate validator (ckan/logic/validators.py:176, both 2.10.10 and 2.11.5) parses with
// h.date_str_to_datetime (ckan/lib/helpers.py): in 2.10.10 (line 1564) a split on non-digits
// only; in 2.11.5 (line 1540) datetime.fromisoformat first, that split as the fallback.
// fromisoformat's grammar is the one of Python 3.10 (CPython Modules/_datetimemodule.c,
// parse_isoformat_date/parse_isoformat_time/parse_hh_mm_ss_ff), the oldest Python CKAN 2.11.5
// runs on (setup.cfg python_requires >= 3.10); Python 3.11+ accepts more (a "Z", basic format).
// Runtime-neutral: no node:* imports.

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** datetime.datetime(*parts): its range checks (MINYEAR..MAXYEAR, calendar days, 0..23 …). */
function validDatetime(parts: number[]): boolean {
  if (parts.length < 3 || parts.length > 7) return false; // TypeError: missing or extra arguments
  const [y, m, d, hh = 0, mm = 0, ss = 0, us = 0] = parts as [number, number, number, ...number[]];
  if (y < 1 || y > 9999 || m < 1 || m > 12) return false;
  const days = m === 2 && leap(y) ? 29 : DAYS[m - 1]!;
  return d >= 1 && d <= days && hh <= 23 && mm <= 59 && ss <= 59 && us <= 999999;
}

/** The pre-2.11 date_str_to_datetime (helpers.py:1564-1596 in 2.10.10; 2.11.5's fallback). */
export function splitDateParses(s: string): boolean {
  // re.split(r'[^\d]+', date_str, maxsplit=5); only ASCII digits here (Python's \d and int() also
  // take other Unicode decimal digits: those are refused here, a stricter reading)
  const parts: string[] = [];
  let rest = s;
  while (parts.length < 5) {
    const m = /[^0-9]+/.exec(rest);
    if (!m) break;
    parts.push(rest.slice(0, m.index));
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(rest);
  const numbers: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (i === 5) {
      // (?P<seconds>\d{2})(\.(?P<microseconds>\d+))?$ with re.match: "$" also before a final \n
      const m = /^([0-9]{2})(?:\.([0-9]+))?\n?$/.exec(part);
      if (!m) return false;
      numbers.push(Number(m[1]), Number(`${m[2] ?? '0'}00000`.slice(0, 6)));
    } else {
      if (!/^[0-9]+$/.test(part)) return false; // int('') or a non-digit: ValueError
      numbers.push(Number(part));
    }
  }
  return validDatetime(numbers);
}

/** F: exactly 3 or 6 digits. */
const FRACTION = '(?:[0-9]{3}|[0-9]{6})';
/** parse_hh_mm_ss_ff: HH[:MM[:SS[(.|:)F]]] or HH.F or HH:MM.F (a ":" before F after seconds too). */
const TIME = `([0-9]{2})(?::([0-9]{2})(?::([0-9]{2})(?:[.:](${FRACTION}))?|\\.(${FRACTION}))?|\\.(${FRACTION}))?`;
const TIME_RE = new RegExp(`^${TIME}$`);
const TZ_RE = /^([+-])([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.:]([0-9]{6}))?)?$/;

/** datetime.fromisoformat of Python 3.10. */
export function fromIsoformat310(s: string): boolean {
  const cps = [...s];
  const date = /^([0-9]{4})-([0-9]{2})-([0-9]{2})/.exec(s);
  if (!date) return false;
  const ymd = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (cps.length === 10) return validDatetime(ymd);
  if (cps.length < 10) return false;
  // one separator character of any kind, then the time
  const time = cps.slice(11).join('');
  const tzAt = time.search(/[+-]/);
  const clock = tzAt < 0 ? time : time.slice(0, tzAt);
  const m = TIME_RE.exec(clock);
  if (!m) return false;
  const fraction = m[4] ?? m[5] ?? m[6];
  const us = fraction === undefined ? 0 : Number(fraction.padEnd(6, '0'));
  const parts = [...ymd, Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), us];
  if (!validDatetime(parts)) return false;
  if (tzAt < 0) return true;
  const tz = TZ_RE.exec(time.slice(tzAt));
  if (!tz) return false;
  // timezone(timedelta): strictly within a day either way
  const offset =
    Number(tz[2]) * 3600 + Number(tz[3]) * 60 + Number(tz[4] ?? 0) + Number(tz[5] ?? 0) / 1e6;
  return offset < 86400;
}

export type CkanVersion = '2.10' | '2.11';

/** h.date_str_to_datetime accepts the string (isodate would not raise "Date format incorrect"). */
export function ckanDateParses(s: string, version: CkanVersion): boolean {
  return (version === '2.11' && fromIsoformat310(s)) || splitDateParses(s);
}
