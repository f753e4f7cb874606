// One load measurement with autocannon: requests/s, latency percentiles, errors, bytes/answer.
import autocannon from './autocannon.ts';

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

/** `paths`: each connection asks for these in turn, on `url`'s server (else `url` itself). */
export async function measureLoad(
  url: string,
  seconds: number,
  connections = 10,
  paths?: string[],
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
  });
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

/**
 * Several measurements of one server pooled as one: requests and bytes summed over the slices'
 * seconds; p50 is the median slice's, p99 the worst slice's (an upper bound of the pooled p99).
 */
export function pooled(slices: LoadFigures[], secondsEach: number): LoadFigures {
  const requests = slices.reduce((sum, f) => sum + f.requests, 0);
  const bytes = slices.reduce((sum, f) => sum + f.bytesPerResponse * f.requests, 0);
  const statusCounts: Record<string, number> = {};
  for (const f of slices)
    for (const [status, count] of Object.entries(f.statusCounts))
      statusCounts[status] = (statusCounts[status] ?? 0) + count;
  const p50s = slices.map((f) => f.p50).sort((a, b) => a - b);
  return {
    rps: requests / (secondsEach * slices.length),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((f) => f.p99)),
    errors: slices.reduce((sum, f) => sum + f.errors, 0),
    non2xx: slices.reduce((sum, f) => sum + f.non2xx, 0),
    statusCounts,
    bytesPerResponse: requests ? bytes / requests : 0,
    requests,
  };
}
