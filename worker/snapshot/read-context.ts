// What a read of the snapshot carries from its request: the read budget it counts against, and
// the request's waitUntil, which keeps a load that other requests wait on alive until it is done.
import type { ReadBudget } from './read-budget.ts';

/** The request's waitUntil (ExecutionContext.waitUntil). */
export type KeepAlive = (promise: Promise<unknown>) => void;

export interface ReadContext {
  readonly budget: ReadBudget;
  /** Absent without an ExecutionContext (the tests' direct calls): nothing is kept alive. */
  readonly keepAlive?: KeepAlive | undefined;
}
