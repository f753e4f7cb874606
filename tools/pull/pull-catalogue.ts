// The whole pull into a staged folder: the four lists, then every published element, by pages
// when the source offers paging and per data source otherwise.
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import type { ReferenceItemInput } from '../../core/schema.ts';
import { detectPaging, pullPages } from './paging.ts';
import { pullPerDataSource } from './per-data-source.ts';
import type { PullStats } from './pull-stats.ts';
import { ReferenceListAnswer, readAnswer } from './read-answer.ts';
import type { createSourceClient } from './source-client.ts';
import type { StagedCatalogue } from './staged-catalogue.ts';

export async function pullCatalogue(
  client: ReturnType<typeof createSourceClient>,
  staged: StagedCatalogue,
  pageSize: number,
  stats: PullStats,
): Promise<Record<ReferenceListName, number>> {
  const lists = {} as Record<ReferenceListName, ReferenceItemInput[]>;
  for (const { name, endpoint } of REFERENCE_LISTS) {
    const answer = await client.get(endpoint);
    lists[name] = readAnswer(answer, ReferenceListAnswer, 'a list of {_id, name, slug} items');
    staged.writeList(name, answer.body, answer.url);
  }
  const paging = await detectPaging(client);
  stats.mode = paging ? 'paging' : 'per-data-source';
  if (paging) await pullPages(client, staged, paging.total, pageSize, stats);
  else await pullPerDataSource(client, staged, lists.dataSource, stats);
  return Object.fromEntries(
    REFERENCE_LISTS.map(({ name }) => [name, lists[name].length]),
  ) as Record<ReferenceListName, number>;
}
