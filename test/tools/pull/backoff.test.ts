import { describe, expect, it } from 'vitest';
import { backoffDelay, isTransientStatus, retryAfterMs } from '../../../tools/pull/backoff.ts';
import { sourceUrl } from '../../../tools/pull/source-client.ts';

describe('backoffDelay', () => {
  it('doubles with each attempt, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, 1000, () => 1))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, 1000, () => 0))).toEqual([
      500, 1000, 2000, 4000,
    ]);
  });

  it('never waits more than a minute', () => {
    expect(backoffDelay(20, 1000, () => 1)).toBe(60_000);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(
      retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(10_000);
  });

  it('ignores an absent or unreadable header', () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-1')).toBeUndefined();
  });
});

describe('isTransientStatus', () => {
  it.each([
    [500, '', true],
    [503, '<html>', true],
    [429, '', true],
    [408, '', true],
    [400, '{"message":"Failed to fetch data."}', true],
    [400, '{"error":"Failed to fetch data."}', true],
    [400, '{"message":"Invalid regular expression"}', false],
    [400, 'Bad Request', false],
    [404, '{"error":"Not found","status":404}', false],
    [403, '', false],
  ])('%i %s: transient %s', (status, body, transient) => {
    expect(isTransientStatus(status, body)).toBe(transient);
  });
});

describe('sourceUrl', () => {
  it('appends API paths to the base, with or without a path prefix or /api/v1', () => {
    expect(sourceUrl(new URL('https://satudata.example.go.id'), '/api/v1/category')).toBe(
      'https://satudata.example.go.id/api/v1/category',
    );
    expect(sourceUrl(new URL('https://example.go.id/portal/'), '/api/v1/category')).toBe(
      'https://example.go.id/portal/api/v1/category',
    );
    expect(sourceUrl(new URL('https://example.go.id/api/v1/'), '/api/v1/sector')).toBe(
      'https://example.go.id/api/v1/sector',
    );
  });
});
