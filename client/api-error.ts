// Every answer but a 2xx becomes an ApiError: the status and the parsed body of docs/api.md §3.
import type { ErrorBody, ListErrorBody, MessageBody } from '../core/schema.ts';

/**
 * The contract's error bodies; the text itself when an answer is not JSON (a proxy's error page).
 */
export type ApiErrorBody = ErrorBody | MessageBody | ListErrorBody | string;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly url: string;

  constructor(status: number, body: ApiErrorBody, url: string) {
    super(`${status} from ${url}: ${describe(body)}`);
    this.status = status;
    this.body = body;
    this.url = url;
  }

  static async from(response: Response, url: string): Promise<ApiError> {
    const text = await response.text();
    return new ApiError(response.status, parseBody(text), url);
  }
}

function parseBody(text: string): ApiErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && ('error' in body || 'message' in body)
      ? (body as ApiErrorBody)
      : text;
  } catch {
    return text; // not JSON: keep the text as it came
  }
}

const describe = (body: ApiErrorBody) =>
  typeof body === 'string' ? body.slice(0, 200) : 'message' in body ? body.message : body.error;
