// The snapshot reads one request may make: a bounded number in all, and at most a few at once
// (Cloudflare counts each ASSETS read as a subrequest and an open connection:
// docs/platform-limits.md).

import { PAID_SUBREQUESTS, type DeploymentProfile } from '../deployment-profile.ts';

/** Simultaneous open connections a Worker invocation may have. */
export const MAX_READS_IN_FLIGHT = 6;

/** A read was asked for beyond the request's budget: a planning bug, never a client's fault. */
export class ReadBudgetExceeded extends Error {}

export class ReadBudget {
  reads = 0;
  inFlight = 0;
  peakInFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxReads: number = PAID_SUBREQUESTS,
    readonly maxInFlight: number = MAX_READS_IN_FLIGHT,
  ) {}

  get remaining(): number {
    return this.maxReads - this.reads;
  }

  /**
   * Waits for a free connection, counts the read, and returns the function that frees it
   * (idempotent).
   */
  async acquire(): Promise<() => void> {
    if (this.reads >= this.maxReads)
      throw new ReadBudgetExceeded(`more than ${this.maxReads} snapshot reads`);
    this.reads++;
    while (this.inFlight >= this.maxInFlight)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.waiting.shift()?.();
    };
  }

  /** A call (a Cache API `match` or `delete`) that holds its slot only until it settles. */
  async call<T>(operation: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await operation();
    } finally {
      release();
    }
  }
}

/** The budget of a request: its deployment profile's subrequests. */
export const budgetFor = (profile: DeploymentProfile) => new ReadBudget(profile.subrequests);
