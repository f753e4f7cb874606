// After a load: does the server still answer plain requests (lists, a search, one element,
// facets, and any `more` paths) with 200, each within 30 s? The failures, as text; none when it
// does.
export async function stillAnswering(
  base: string,
  id: string,
  more: string[] = [],
): Promise<string[]> {
  const failures: string[] = [];
  for (const path of [
    '/api/v1/category',
    '/api/v1/data-element?title=penduduk&limit=10',
    `/api/v1/data-element/${id}`,
    '/api/v1/facets?dataSource=dinkes',
    ...more,
  ]) {
    try {
      const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${path}: ${response.status}`);
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`);
    }
  }
  return failures;
}
