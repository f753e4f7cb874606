// A DataStore action's refusal as data, in the shape of CKAN's (ckan/views/api.py): a Not Found
// Error with its message, or a Validation Error with messages by parameter. The route maps it onto
// its own error class unchanged: `new CkanError(error.kind, error.message, error.fields)`.

export interface DatastoreError {
  kind: 'notFound' | 'validation';
  /** The whole message of a Not Found Error ("Not found: …"); empty for a Validation Error. */
  message: string;
  /** A Validation Error's messages by parameter, as CKAN lists them beside `__type`. */
  fields: Record<string, string[]>;
}

export type DatastoreResult<T> = { ok: true; result: T } | { ok: false; error: DatastoreError };

export const validationError = (
  fields: Record<string, string[]>,
): { ok: false; error: DatastoreError } => ({
  ok: false,
  error: { kind: 'validation', message: '', fields },
});

export const notFoundError = (detail: string): { ok: false; error: DatastoreError } => ({
  ok: false,
  error: { kind: 'notFound', message: `Not found: ${detail}`, fields: {} },
});

/** CKAN's answer when Postgres refuses the query it built (backend/postgres.py, search). */
export const invalidQuery = () => validationError({ query: ['Invalid query'] });
