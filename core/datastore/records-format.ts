// Records as `datastore_search` writes them for each `records_format` (ckanext/datastore/backend/
// postgres.py, search_data): objects, lists, or the text Postgres's `COPY … TO STDOUT csv` writes
// (no header, `\n` after each record, a null as nothing, a value quoted only when it holds the
// delimiter, a quote, CR or LF, or is empty, or is `\.` alone in a one-column record).
import type { RecordsFormat } from './search-parameters.ts';
import type { DatastoreValue } from './table.ts';

/** A number as Postgres writes an int or numeric: plain digits, never an exponent. */
export function numberText(value: number): string {
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(sign.length, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const pointAt = (point < 0 ? mantissa.length : point) + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

function copyCsv(rows: readonly DatastoreValue[][], delimiter: string): string {
  const needsQuotes = (text: string, alone: boolean) =>
    text === '' ||
    (alone && text === '\\.') ||
    text.includes(delimiter) ||
    text.includes('"') ||
    text.includes('\n') ||
    text.includes('\r');
  let out = '';
  for (const row of rows) {
    const alone = row.length === 1;
    out += row
      .map((value) => {
        if (value === null) return '';
        if (typeof value === 'number') return numberText(value);
        return needsQuotes(value, alone) ? `"${value.replace(/"/g, '""')}"` : value;
      })
      .join(delimiter);
    out += '\n';
  }
  return out;
}

/** Records as objects keep their fields' order when written with `searchResultJson`. */
export type DatastoreRecords = DatastoreValue[][] | Record<string, DatastoreValue>[] | string;

export function formatRecords(
  rows: readonly DatastoreValue[][],
  fieldIds: readonly string[],
  format: RecordsFormat,
): DatastoreRecords {
  switch (format) {
    case 'lists':
      return rows.map((row) => [...row]);
    case 'csv':
      return copyCsv(rows, ',');
    case 'tsv':
      return copyCsv(rows, '\t');
    case 'objects':
      // fromEntries defines each name as an own property, `__proto__` included
      return rows.map((row) =>
        Object.fromEntries(fieldIds.map((id, column) => [id, row[column]!])),
      );
  }
}
