// Per-data-source mode, for a source that does not page (the original service): one request
// `?dataSource=<slug>` per item of the data-source list, each answer written to its own file,
// named so that the files sort in the list's order. The source's order across data sources is
// unknowable this way; within one data source it is kept.
import { idString } from '../../generator/compile-catalogue.ts';
import type { DataElementInput, ReferenceInput, ReferenceItemInput } from '../../core/schema.ts';
import { DataElementsAnswer, readAnswer } from './read-answer.ts';
import { PullFailure } from './pull-failure.ts';
import type { PullStats } from './pull-stats.ts';
import type { createSourceClient } from './source-client.ts';
import type { StagedCatalogue } from './staged-catalogue.ts';

type SourceClient = ReturnType<typeof createSourceClient>;

/**
 * `000003-dinkes.json`: the position decides the order; the slug, made file-safe, is for people.
 */
export const dataSourceFileName = (position: number, slug: string) =>
  `${String(position + 1).padStart(6, '0')}-${slug
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 60)}.json`;

const referencedId = (ref: ReferenceInput) =>
  typeof ref === 'string' ? ref : '$oid' in ref ? ref.$oid : idString(ref._id);

export async function pullPerDataSource(
  client: SourceClient,
  staged: StagedCatalogue,
  dataSources: ReferenceItemInput[],
  stats: PullStats,
): Promise<void> {
  for (const [position, item] of dataSources.entries()) {
    // an empty value means "no filter": that request would answer the whole catalogue
    if (item.slug.trim() === '')
      throw new PullFailure(
        `data source ${idString(item._id)} has an empty slug: its elements can not be asked for from a source that does not page`,
      );
    const answer = await client.get(
      `/api/v1/data-element?dataSource=${encodeURIComponent(item.slug)}`,
    );
    const elements = readAnswer(answer, DataElementsAnswer, 'a list of data elements');
    // a source that matches slugs loosely may answer another data source's elements too: they are
    // asked for under their own slug
    const own = elements.filter(
      (element: DataElementInput) => referencedId(element.dataSource) === idString(item._id),
    );
    const body =
      own.length === elements.length ? answer.body : new TextEncoder().encode(JSON.stringify(own));
    staged.writeElements(dataSourceFileName(position, item.slug), body, answer.url);
    stats.elements += own.length;
    stats.skippedForeign += elements.length - own.length;
    stats.elementFiles++;
  }
}
