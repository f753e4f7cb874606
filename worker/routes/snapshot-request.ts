// What a route that reads the snapshot starts from: the request's deployment profile, its read
// budget, the isolate's store, and the request's waitUntil (which keeps a load that other
// requests wait on alive until it is done).
import type { Context } from 'hono';
import type { DeploymentProfile } from '../deployment-profile.ts';
import { profileOf, type AppEnv } from '../env.ts';
import { keepAlive } from '../http/responses.ts';
import { budgetFor, type ReadBudget } from '../snapshot/read-budget.ts';
import { snapshotStore, type SnapshotStore } from '../snapshot/snapshot-store.ts';

export interface SnapshotRequest {
  profile: DeploymentProfile;
  budget: ReadBudget;
  store: SnapshotStore;
  keepAlive: ((promise: Promise<unknown>) => void) | undefined;
}

export function snapshotRequest(c: Context<AppEnv>): SnapshotRequest {
  const profile = profileOf(c);
  return {
    profile,
    budget: budgetFor(profile),
    store: snapshotStore(c.env.ASSETS),
    keepAlive: keepAlive(c),
  };
}
