// An action's parameters as CKAN reads them (ckan/views/api.py, _get_request_data): the query
// string of a GET; the JSON object or the form of a POST. A key given more than once is a list.
import { CkanError } from '../../http/ckan-envelope.ts';

export type ActionParameters = Record<string, unknown>;

/** At most this much of a POST body is read: a query never needs more. */
const MAX_BODY_BYTES = 64 * 1024;

export async function actionParameters(request: Request): Promise<ActionParameters> {
  const url = new URL(request.url);
  const fromPairs = (pairs: Iterable<[string, string]>) => {
    const out: ActionParameters = {};
    for (const [key, value] of pairs) {
      const before = out[key];
      out[key] =
        before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return out;
  };
  if (request.method !== 'POST') return fromPairs(url.searchParams);
  const text = await bodyText(request);
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded'))
    return { ...fromPairs(url.searchParams), ...fromPairs(new URLSearchParams(text)) };
  if (text.trim() === '') return fromPairs(url.searchParams);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CkanError('badRequest', 'Bad request - JSON Error: Invalid request body');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CkanError(
      'badRequest',
      'Bad request - JSON Error: Request data JSON decoded to an object that is not a dictionary',
    );
  return { ...fromPairs(url.searchParams), ...(parsed as ActionParameters) };
}

/** The body as text, read only up to MAX_BODY_BYTES: a larger one (declared or sent chunked)
 * is refused as soon as it passes them, never held whole. */
async function bodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (bytes > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(whole);
}

const tooLarge = () =>
  new CkanError('badRequest', `Bad request - the request body is over ${MAX_BODY_BYTES} bytes`);

/** A parameter as one string, or undefined; a list or an object is a Validation Error. */
export function stringParameter(params: ActionParameters, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new CkanError('validation', '', { [key]: ['Must be a string'] });
}

/** A natural number parameter (CKAN's natural_number_validator), or the default. */
export function naturalParameter(params: ActionParameters, key: string, fallback: number): number {
  const value = params[key];
  if (value === undefined || value === null || value === '') return fallback;
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) throw new CkanError('validation', '', { [key]: ['Invalid integer'] });
  const n = Number(text);
  if (!Number.isSafeInteger(n))
    throw new CkanError('validation', '', { [key]: ['Invalid integer'] });
  return n;
}

/** A boolean as CKAN's boolean_validator reads it. */
export function booleanParameter(
  params: ActionParameters,
  key: string,
  fallback: boolean,
): boolean {
  const value = params[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  return ['yes', 'true', 'on', '1'].includes(String(value).toLowerCase());
}
