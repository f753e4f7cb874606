// The snapshot reads one request may make: a bounded number in all, and at most a few at once
// (Cloudflare counts each ASSETS read as a subrequest and an open connection:
// docs/platform-limits.md).

/** Simultaneous open connections a Worker invocation may have. */
export const MAX_READS_IN_FLIGHT = 6;
/** Subrequests per request on the paid plans (the floor); the free plan allows 50. */
export const MAX_READS_PER_REQUEST = 1000;
/** A page this small must stay within the free plan's 50 subrequests. */
export const SMALL_PAGE_LIMIT = 40;
export const MAX_READS_SMALL_PAGE = 50;

/** A read was asked for beyond the request's budget: a planning bug, never a client's fault. */
export class ReadBudgetExceeded extends Error {}

export class ReadBudget {
  reads = 0;
  inFlight = 0;
  peakInFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxReads: number = MAX_READS_PER_REQUEST,
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

/** The budget of a request: the free plan's 50 reads for a small page, the paid floor otherwise. */
export const budgetFor = (limit: number | undefined) =>
  new ReadBudget(
    limit !== undefined && limit <= SMALL_PAGE_LIMIT ? MAX_READS_SMALL_PAGE : MAX_READS_PER_REQUEST,
  );
