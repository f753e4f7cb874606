// A search's errors (search/find-matches.ts) as the contract's HTTP answers (docs/api.md §7).
import type { HTTPException } from 'hono/http-exception';
import { invalidPattern, invalidQuery, unknownSlug } from '../http/errors.ts';
import type { SearchError, Searched } from '../search/find-matches.ts';

export function searchErrorAnswer(error: SearchError): HTTPException {
  switch (error.kind) {
    case 'invalid-pattern':
      return invalidPattern(error.message);
    case 'invalid-query':
      return invalidQuery(error.message);
    case 'unknown-slug':
      return unknownSlug(error.list, error.slug);
  }
}

/** The search's value, or its error thrown as the HTTP answer (rendered by app.onError). */
export function searchedOrThrow<T>(searched: Searched<T>): T {
  if (!searched.ok) throw searchErrorAnswer(searched.error);
  return searched.value;
}
