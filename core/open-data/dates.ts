// Dates of docs/harvest.md §12 in the forms each output wants. The snapshot stores seconds since the epoch (UTC).

/** `2024-01-31T08:00:00Z`: DCAT (xsd:dateTime), schema.org, the page, the sitemap. */
export const isoSeconds = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * `2024-01-31T08:00:00`: CKAN's metadata_created/metadata_modified, Python's isoformat() of a
 * naive UTC time, which leaves the fraction out when it is zero (whole seconds here).
 */
export const ckanTimestamp = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');

/** `2024-01-31`: the sitemap's lastmod and a page's visible dates. */
export const isoDay = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** isoSeconds' length: `2024-01-31T08:00:00Z`. */
export const ISO_SECONDS_LENGTH = 20;

/**
 * isoSeconds written as ASCII bytes into `out` at `at` (20 bytes), without a Date or a string:
 * for the sitemap, which writes thousands. Days to a civil date as in Howard Hinnant's
 * `civil_from_days` (proleptic Gregorian), seconds since 1970 up to 2106 (Uint32).
 */
export function writeIsoSeconds(out: Uint8Array, at: number, epochSeconds: number): void {
  const days = Math.floor(epochSeconds / 86400);
  let rest = epochSeconds - days * 86400;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest - minutes * 60;
  writeDigits(out, at, year, 4);
  out[at + 4] = 0x2d; // -
  writeDigits(out, at + 5, month, 2);
  out[at + 7] = 0x2d;
  writeDigits(out, at + 8, day, 2);
  out[at + 10] = 0x54; // T
  writeDigits(out, at + 11, hours, 2);
  out[at + 13] = 0x3a; // :
  writeDigits(out, at + 14, minutes, 2);
  out[at + 16] = 0x3a;
  writeDigits(out, at + 17, seconds, 2);
  out[at + 19] = 0x5a; // Z
}

function writeDigits(out: Uint8Array, at: number, value: number, width: number): void {
  for (let i = at + width - 1; i >= at; i--) {
    out[i] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
}
