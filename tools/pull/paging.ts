// Paging mode (docs/api.md §5.1): `?limit=L&offset=O` pages with an X-Total-Count header. Each page
// is written as received to data-element/000001.json, 000002.json, …: their code-unit order is
// the order received, so the catalogue order is kept exactly.
import { DataElementsAnswer, readAnswer, totalCountOf } from './read-answer.ts';
import { PullFailure } from './pull-failure.ts';
import type { PullStats } from './pull-stats.ts';
import type { createSourceClient } from './source-client.ts';
import type { StagedCatalogue } from './staged-catalogue.ts';

type SourceClient = ReturnType<typeof createSourceClient>;

export const pageFileName = (page: number) => `${String(page + 1).padStart(6, '0')}.json`;

/**
 * Asks for one element with `limit=1`: a source that pages says how many there are in
 * X-Total-Count. The original service ignores `limit` and would send its whole catalogue, so
 * without the header the body is not read.
 */
export async function detectPaging(client: SourceClient): Promise<{ total: number } | undefined> {
  const answer = await client.get(
    '/api/v1/data-element?limit=1',
    (headers) => totalCountOf(headers) !== undefined,
  );
  const total = totalCountOf(answer.headers);
  if (total === undefined) return undefined;
  const elements = readAnswer(answer, DataElementsAnswer, 'a list of data elements');
  return elements.length <= 1 ? { total } : undefined;
}

export async function pullPages(
  client: SourceClient,
  staged: StagedCatalogue,
  total: number,
  pageSize: number,
  stats: PullStats,
): Promise<void> {
  stats.expectedElements = total;
  for (let page = 0, offset = 0; offset < total; page++, offset += pageSize) {
    const answer = await client.get(`/api/v1/data-element?limit=${pageSize}&offset=${offset}`);
    const elements = readAnswer(answer, DataElementsAnswer, 'a list of data elements');
    const count = totalCountOf(answer.headers);
    if (count !== total) {
      throw new PullFailure(
        `GET ${answer.url} answered X-Total-Count ${count ?? '(none)'} where the pull began with ${total}: the catalogue changed while it was read; pull again`,
      );
    }
    const expected = Math.min(pageSize, total - offset);
    if (elements.length !== expected) {
      throw new PullFailure(
        `GET ${answer.url} answered ${elements.length} elements where ${expected} were due (X-Total-Count ${total})`,
      );
    }
    staged.writeElements(pageFileName(page), answer.body, answer.url);
    stats.elements += elements.length;
    stats.elementFiles++;
  }
}
