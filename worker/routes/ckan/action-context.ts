// What a CKAN action runs with, and what it gives back: the key its answer's ETag is made of
// (known before the costly part, so a matching If-None-Match reads nothing more) and the
// result's bytes, rendered only when needed.
import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import type { LoadedIndex } from '../../snapshot/snapshot-store.ts';
import type { RequestContext } from '../../request-context.ts';
import type { ActionParameters } from './action-parameters.ts';

/** The request context (its origin: the base of every URL an answer names), and the action's. */
export interface ActionContext extends RequestContext {
  c: Context<AppEnv>;
  action: string;
  params: ActionParameters;
  index: LoadedIndex;
}

export interface ActionAnswer {
  key: string;
  result: () => Promise<Uint8Array[]>;
}

export type Action = (ctx: ActionContext) => Promise<ActionAnswer>;
