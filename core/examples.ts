// Example values for the API description (core/schema.ts attaches them to the schemas; the
// OpenAPI document and its linter show and check them). Taken from the sample catalogue in data/.
import { MAX_PAGED_QUERY_LENGTH } from './contract.ts';
import { NO_WORD_MESSAGE } from './word-index.ts';

const kesehatan = { _id: '594f07012ea6b74eae3fafeb', name: 'Kesehatan ', slug: 'kesehatan' };
const dinkes = { _id: '4f946ed8a353e9532374ab56', name: 'Dinas Kesehatan', slug: 'dinkes' };
const dataSektoral = {
  _id: '5c0759ea573d72aef4c2c605',
  name: 'Data Sektoral',
  slug: 'data-sektoral',
};

export const categoryListExample = [
  {
    _id: '867f3ff9710ed08f84809730',
    name: 'Data Prioritas Nasional',
    slug: 'data-prioritas-nasional',
  },
  { _id: '9c174874c18edcda2c182024', name: 'Data Prioritas Daerah', slug: 'data-prioritas-daerah' },
  dataSektoral,
];

export const dataEntryExample = {
  id: '89f86413-4e99-469e-b67e-1847eef415e9',
  year: 2020,
  table: {
    headers: [
      { content: 'Kecamatan', colSpan: 1, rowSpan: 2, dataType: 'string' },
      { content: 'Jenis Kelamin', colSpan: 2, rowSpan: 1, dataType: 'number' },
      { content: 'Jumlah', colSpan: 1, rowSpan: 2, dataType: 'number' },
    ],
    subHeaders: [['Laki-laki', 'Perempuan']],
    rows: [
      ['Kota', '31,2', '56,4', '99,1'],
      ['Sukamaju', '63,2', '57,6', '55,2'],
    ],
  },
};

export const dataElementExample = {
  _id: '21bacaba8dd85048097c9862',
  title: 'Cakupan Imunisasi Dasar Lengkap pada Bayi (%)',
  unit: 'Persen',
  data: [dataEntryExample],
  metadata: [
    { key: 'Nama Variabel', value: 'Cakupan Imunisasi Dasar Lengkap pada Bayi (%)' },
    { key: 'Referensi Waktu', value: 'Desember' },
  ],
  status: 'TERVERIFIKASI' as const,
  category: [dataSektoral],
  dataSource: dinkes,
  sector: [kesehatan],
  field: [{ _id: '6203e67f9a356d967d2b5e2d', name: 'KESEHATAN', slug: 'kesehatan' }],
};

export const projectedElementExample = {
  _id: dataElementExample._id,
  title: dataElementExample.title,
  unit: dataElementExample.unit,
};

export const facetCountsExample = {
  total: 12,
  category: [
    { ...dataSektoral, count: 12 },
    {
      _id: '9c174874c18edcda2c182024',
      name: 'Data Prioritas Daerah',
      slug: 'data-prioritas-daerah',
      count: 5,
    },
  ],
  dataSource: [{ ...dinkes, count: 12 }],
  sector: [{ ...kesehatan, count: 12 }],
  field: [{ _id: '6203e67f9a356d967d2b5e2d', name: 'KESEHATAN', slug: 'kesehatan', count: 9 }],
  year: [
    { year: 2024, count: 10 },
    { year: 2023, count: 12 },
  ],
};

export const unknownSlugExample = {
  error:
    'The category slug "kesehatan" is wrong: no category has it. See /api/v1/category for the valid slugs.',
  status: 404,
};

export const invalidPatternExample = {
  message:
    'Invalid title pattern: lookahead and lookbehind, (?=…) (?!…) (?<=…) (?<!…), are not supported.',
};
export const invalidParameterExample = {
  message:
    'Invalid limit "5000": limit must be an integer from 1 to 1000, written in plain digits.',
};
export const invalidWordsExample = { message: NO_WORD_MESSAGE };
export const queryTooLongExample = {
  message: `The query is 4000 characters long; a page (limit) allows at most ${MAX_PAGED_QUERY_LENGTH}, since its Link header repeats the query. Shorten the query, or leave out limit to get every match.`,
};
export const fetchFailedExample = { message: 'Failed to fetch data.' };
export const answerTooLargeExample = {
  message:
    'This answer (19519467 bytes) is too large for this deployment\'s "free" profile (at most 50 subrequests and 10 ms of CPU per request): it would need about 16.0 ms of CPU to assemble, over the 8 ms this profile allows an answer. Ask for it in pages with limit (up to 100) and offset, narrow the search, or deploy with PLAN = "paid" to answer it whole.',
};
export const listFetchFailedExample = { error: 'Failed to fetch data.' };
export const methodNotAllowedExample = {
  error: 'Method POST is not allowed; this API is read-only (GET, HEAD, OPTIONS).',
  status: 405,
};

export const catalogueDumpExample = {
  snapshot: 'ca9d6b6ff01ba4ea',
  elements: 86140,
  parts: [
    {
      url: 'https://satu-data.example/api/v1/dump/part-00001.jsonl.gz',
      elements: 60493,
      bytes: 20954676,
      sha256: 'f7461713cb1b7593e836481b9c5b281827a00408997e18c51be1b831f7bd6f27',
    },
    {
      url: 'https://satu-data.example/api/v1/dump/part-00002.jsonl.gz',
      elements: 25647,
      bytes: 8859019,
      sha256: '5924ee72c4e91e684d9d0dc1e85371fef3b44c19d39c555d65163d84576145ad',
    },
  ],
};
