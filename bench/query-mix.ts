// The fixed query mix of the benchmarks, over synthetic catalogues (tools/synth/catalogue.ts).
export interface BenchQuery {
  name: string;
  path: string;
}

export const QUERY_MIX: BenchQuery[] = [
  { name: 'one slug filter', path: '/api/v1/data-element?dataSource=dispar' },
  { name: 'two filters', path: '/api/v1/data-element?dataSource=dinkes&category=spm' },
  { name: 'selective title', path: '/api/v1/data-element?title=' + encodeURIComponent('pasar tradisional.*desa') },
  { name: 'broad title', path: '/api/v1/data-element?title=penduduk' },
  { name: 'title + two filters', path: '/api/v1/data-element?title=kecamatan%20kota&sector=kesehatan&category=data-prioritas-daerah' },
  { name: 'unknown slug', path: '/api/v1/data-element?sector=tidak-ada' },
  { name: 'no match', path: '/api/v1/data-element?title=' + encodeURIComponent('^zz[0-9]+ tidak ada$') },
  { name: 'category list', path: '/api/v1/category' },
];
