// One load measurement with autocannon: requests/s, latency percentiles, errors, bytes/answer.
import autocannon from 'autocannon';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  non2xx: number;
  statusCounts: Record<string, number>;
  bytesPerResponse: number;
  requests: number;
}

export async function measureLoad(
  url: string,
  seconds: number,
  connections = 10,
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 30 });
  const requests = result.requests.total;
  return {
    rps: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCounts: (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats
      ? Object.fromEntries(
          Object.entries(
            (result as unknown as { statusCodeStats: Record<string, { count: number }> })
              .statusCodeStats,
          ).map(([k, v]) => [k, v.count]),
        )
      : {},
    bytesPerResponse: requests ? result.throughput.total / requests : 0,
    requests,
  };
}
