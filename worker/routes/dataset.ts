// GET /dataset/{id}: an element's DCAT dataset as /dataset/{id}.ttl or .jsonld (contract §13.2).
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../http/errors.ts';
import { dcatDataset } from './dcat.ts';

export async function dataset(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const rdf = /^(.+)\.(ttl|jsonld)$/.exec(id);
  if (rdf) return dcatDataset(c, rdf[1]!, rdf[2] as 'ttl' | 'jsonld');
  throw notFound(new URL(c.req.url).pathname);
}
