// The value of a search step (worker/search/find-matches.ts), for tests and benchmarks that give
// it good queries: a SearchError is a bug in the caller, thrown with what it says.
import type { Searched } from '../../worker/search/find-matches.ts';

export function searched<T>(result: Searched<T>): T {
  if (!result.ok) throw new Error(`search refused: ${JSON.stringify(result.error)}`);
  return result.value;
}
