// What an answer read from elements works with: the request's deployment profile and reads (its
// budget and keep-alive), the isolate's store and the loaded index; the routes' request context
// (request-context.ts) with the index beside it.
import type { DeploymentProfile } from '../deployment-profile.ts';
import type { ReadContext } from '../snapshot/read-context.ts';
import type { LoadedIndex, SnapshotStore } from '../snapshot/snapshot-store.ts';

export interface AnswerRequest extends ReadContext {
  readonly profile: DeploymentProfile;
  readonly store: SnapshotStore;
  readonly index: LoadedIndex;
}
