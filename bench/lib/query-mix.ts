// The fixed query mix of the benchmarks, over synthetic catalogues (tools/synth/catalogue.ts).
export interface BenchQuery {
  name: string;
  /**
   * `{id}` and `{year}` stand for a published element's id and one of its years (see resolveQuery).
   */
  path: string;
  /** Only this API answers it (the peers implement the original endpoints). */
  oursOnly?: boolean;
  /** The naive Worker peer does not answer it (it has no word search `q`); PostgreSQL does. */
  notNaive?: boolean;
}

export const QUERY_MIX: BenchQuery[] = [
  { name: 'one slug filter', path: '/api/v1/data-element?dataSource=dispar' },
  { name: 'two filters', path: '/api/v1/data-element?dataSource=dinkes&category=spm' },
  {
    name: 'selective title',
    path: '/api/v1/data-element?title=' + encodeURIComponent('pasar tradisional.*desa'),
  },
  { name: 'broad title', path: '/api/v1/data-element?title=penduduk' },
  {
    name: 'title + two filters',
    path: '/api/v1/data-element?title=kecamatan%20kota&sector=kesehatan&category=data-prioritas-daerah',
  },
  { name: 'unknown slug', path: '/api/v1/data-element?sector=tidak-ada' },
  // Word search (docs/api.md §11). At 10,000 elements (8,551 published; about ten times these at
  // 100,000): penduduk matches 830, 776 in the title, of which a search box asks the first 20;
  // rumah tangga 259; tenaga kes (kesehatan, kesejahteraan, ...) 83, 45 with both in the title;
  // jalan from dpupr 55.
  { name: 'q one word', path: '/api/v1/data-element?q=penduduk&limit=20', notNaive: true },
  { name: 'q two words', path: '/api/v1/data-element?q=rumah%20tangga', notNaive: true },
  { name: 'q prefix', path: '/api/v1/data-element?q=tenaga%20kes', notNaive: true },
  { name: 'q + filter', path: '/api/v1/data-element?q=jalan&dataSource=dpupr', notNaive: true },
  {
    name: 'no match',
    path: '/api/v1/data-element?title=' + encodeURIComponent('^zz[0-9]+ tidak ada$'),
  },
  { name: 'category list', path: '/api/v1/category' },
  {
    name: 'no-word pattern',
    path: '/api/v1/data-element?title=' + encodeURIComponent('\\(\\w{2}\\)'),
  },
  {
    name: 'page with projection',
    path: '/api/v1/data-element?title=jumlah&limit=100&offset=1000&fields=_id,title,unit,category,dataSource,sector,field',
    oursOnly: true,
  },
  {
    name: 'listing with projection',
    path: '/api/v1/data-element?title=penduduk&fields=_id,title,unit,category,dataSource,sector,field',
    oursOnly: true,
  },
  { name: 'one element', path: '/api/v1/data-element/{id}', oursOnly: true },
  { name: 'CSV table', path: '/api/v1/data-element/{id}/{year}.csv', oursOnly: true },
  { name: 'facets, broad', path: '/api/v1/facets?title=jumlah', oursOnly: true },
  {
    name: 'facets, selective',
    path: '/api/v1/facets?title=' + encodeURIComponent('pasar tradisional.*desa') + '&year=2023',
    oursOnly: true,
  },
];

/**
 * The query with `{id}` and `{year}` filled in from a live server of this API: the element in
 * the middle of the catalogue, whatever its size.
 */
export async function resolveQuery(query: BenchQuery, base: string): Promise<BenchQuery> {
  if (!query.path.includes('{')) return query;
  const counted = await fetch(`${base}/api/v1/data-element?limit=1&fields=_id`);
  await counted.arrayBuffer();
  const middle = Math.floor(Number(counted.headers.get('x-total-count')) / 2);
  const [element] = (await (
    await fetch(`${base}/api/v1/data-element?limit=1&offset=${middle}&fields=_id,data`)
  ).json()) as { _id: string; data: { year: number }[] }[];
  return {
    ...query,
    path: query.path
      .replace('{id}', element!._id)
      .replace('{year}', String(element!.data[0]!.year)),
  };
}
