// Error answers checked against the contract's body schemas (core/schema.ts), strictly: the
// schema's keys and no other. One helper, so no test re-codes the shape of an error by hand.
import { expect } from 'vitest';
import { ErrorBody, MessageBody } from '../../core/schema.ts';

/** `error`: `{"error": "…", "status": n}`; `message`: `{"message": "…"}`. */
export type ErrorKind = 'error' | 'message';

/**
 * Asserts the status, the JSON content type, the headers every answer carries and the body's
 * shape; returns the body's text (its `error` or `message`) for further checks.
 */
export async function expectErrorBody(
  response: Response,
  status: 400 | 404 | 405 | 414,
  kind: ErrorKind,
): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const json: unknown = JSON.parse(text);
  if (kind === 'message') return MessageBody.strict().parse(json).message;
  const body = ErrorBody.strict().parse(json);
  expect(body.status).toBe(status);
  return body.error;
}
