// The request context, made once per request by this middleware and read by the routes as
// `c.var.request`: the deployment profile, the read budget it sets, the isolate's store, the
// request's waitUntil (which keeps a load other requests wait on alive until it is done) and the
// origin the Worker answers on. The functions below the routes take it whole, or the part they
// need (a ReadContext: the budget and the keep-alive).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { deploymentProfile, type DeploymentProfile } from './deployment-profile.ts';
import type { AppEnv } from './env.ts';
import { budgetFor, type ReadBudget } from './snapshot/read-budget.ts';
import type { KeepAlive, ReadContext } from './snapshot/read-context.ts';
import { snapshotStore, type SnapshotStore } from './snapshot/snapshot-store.ts';

export interface RequestContext extends ReadContext {
  readonly profile: DeploymentProfile;
  readonly budget: ReadBudget;
  readonly store: SnapshotStore;
  readonly keepAlive: KeepAlive | undefined;
  /** The origin the Worker answers on: links, pages and DCAT's IRIs name it. */
  readonly origin: string;
}

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const profile = deploymentProfile(c.env);
  c.set('request', {
    profile,
    budget: budgetFor(profile),
    store: snapshotStore(c.env.ASSETS),
    keepAlive: keepAliveOf(c),
    origin: new URL(c.req.url).origin,
  });
  await next();
});

/** The request's waitUntil, when it has one (the tests' direct calls may not). */
function keepAliveOf(c: Context<AppEnv>): KeepAlive | undefined {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return undefined; // no ExecutionContext: nothing to keep alive
  }
}
