// Dates as Solr reads them in a metadata_modified range: instants, NOW, date math; refused where
// Solr refuses them, never rolled over into another day.
import { describe, expect, it } from 'vitest';
import { parseSolrDate } from '../../../../../worker/search/ckan/solr-date.ts';

const NOW = Date.UTC(2026, 10, 27, 10, 30, 15, 250);

describe('parseSolrDate', () => {
  it.each([
    ['2024-01-31T08:00:00Z', Date.UTC(2024, 0, 31, 8)],
    ['2024-01-31T08:00:00.123456Z', Date.UTC(2024, 0, 31, 8, 0, 0, 123)],
    ['2024-02-29T23:59:59Z', Date.UTC(2024, 1, 29, 23, 59, 59)],
    ['NOW', NOW],
    ['NOW-7DAYS', NOW - 7 * 86_400_000],
    ['NOW/DAY', Date.UTC(2026, 10, 27)],
    ['NOW/DAY+1DAY', Date.UTC(2026, 10, 28)],
    ['2024-01-31T08:00:00Z-1MONTH', Date.UTC(2023, 11, 31, 8)],
  ])('reads %s', (text, expected) => {
    expect(parseSolrDate(text, NOW)).toBe(expected);
  });

  it('reads a year before 100 as that year, not as one of the 1900s', () => {
    const date = new Date(parseSolrDate('0050-06-01T00:00:00Z', NOW)!);
    expect(date.getUTCFullYear()).toBe(50);
  });

  it.each([
    '2024-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-31T24:00:00Z',
    '2024-01-31T10:60:00Z',
    '2024-01-31T10:00:60Z',
    'yesterday',
    'NOW+1FORTNIGHT',
    'NOW-',
  ])('refuses %s', (text) => {
    expect(parseSolrDate(text, NOW)).toBeUndefined();
  });
});
