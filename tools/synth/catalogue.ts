// A deterministic synthetic catalogue in the manner of a regency Satu Data portal: for the
// sample in data/, benchmarks and scale tests. Same seed and size, same bytes.
// It carries the real-world quirks: trailing spaces, empty `field` arrays, spanning headers,
// unverified statuses, references in all three forms, keys the contract ignores.
import { seededRandom } from './seeded-random.ts';
import { realisticTitle } from './titles.ts';

type Json = unknown;
/**
 * `templates`: 26 titles with a few place and period variants (the data/ sample); `realistic`:
 * nearly all distinct (titles.ts).
 */
export type TitleMode = 'templates' | 'realistic';
export const TITLE_MODES: readonly TitleMode[] = ['templates', 'realistic'];
/**
 * Where an element's file puts it in catalogue order: `scattered`, files in turn per data source
 * whatever the element's own (a filter's elements spread over the whole catalogue); `clustered`,
 * each element in its own data source's folder (a data source's elements contiguous).
 */
export type FilterLayout = 'scattered' | 'clustered';
export const FILTER_LAYOUTS: readonly FilterLayout[] = ['scattered', 'clustered'];
/** Share of elements published (TERVERIFIKASI) by default. */
export const DEFAULT_PUBLISHED = 0.86;

export interface SyntheticCatalogue {
  lists: Record<'category' | 'sector' | 'field' | 'data-source', Json[]>;
  /** Element files: path relative to data-element/ → content. */
  elementFiles: Map<string, Json>;
}

function randomSource(seed: number) {
  const random = seededRandom(seed);
  const hex = (n: number) => Array.from({ length: n }, () => random.int(16).toString(16)).join('');
  return { ...random, hex };
}

const CATEGORIES = [
  ['Data Prioritas Nasional', 'data-prioritas-nasional'],
  ['Data Prioritas Daerah', 'data-prioritas-daerah'],
  ['Data Sektoral', 'data-sektoral'],
  ['Standar Pelayanan Minimal (SPM)', 'spm'],
] as const;

const SECTORS = [
  ['Pendidikan', 'pendidikan'],
  ['Kesehatan ', 'kesehatan'], // trailing space in a name, as seen in the wild
  ['Kependudukan', 'kependudukan'],
  ['Pertanian dan Pangan', 'pertanian-dan-pangan'],
  ['Sosial', 'sosial'],
  ['Ekonomi dan Perdagangan', 'ekonomi-dan-perdagangan'],
  ['Infrastruktur', 'infrastruktur'],
  ['Lingkungan Hidup', 'lingkungan-hidup'],
  ['Pariwisata dan Kebudayaan', 'pariwisata-dan-kebudayaan'],
  ['Ketenagakerjaan', 'ketenagakerjaan'],
  ['Perhubungan', 'perhubungan'],
  ['Pemerintahan', 'pemerintahan'],
] as const;

const FIELDS = [
  ['PENDIDIKAN', 'pendidikan'],
  ['KESEHATAN', 'kesehatan'],
  ['PEKERJAAN UMUM DAN PENATAAN RUANG ', 'pekerjaan-umum '], // the slug with a trailing space
  ['PERUMAHAN RAKYAT DAN KAWASAN PERMUKIMAN', 'perumahan-rakyat'],
  ['SOSIAL', 'sosial'],
  ['TENAGA KERJA', 'tenaga-kerja'],
  ['PANGAN', 'pangan'],
  ['LINGKUNGAN HIDUP', 'lingkungan-hidup'],
  ['ADMINISTRASI KEPENDUDUKAN DAN PENCATATAN SIPIL', 'adminduk'],
  ['PERHUBUNGAN', 'perhubungan'],
  ['KOMUNIKASI DAN INFORMATIKA', 'kominfo'],
  ['PERTANIAN', 'pertanian'],
  ['PARIWISATA', 'pariwisata'],
  ['KELAUTAN DAN PERIKANAN', 'kelautan-dan-perikanan'],
  ['KOPERASI, USAHA KECIL, DAN MENENGAH', 'koperasi-ukm'],
  ['PERDAGANGAN', 'perdagangan'],
  ['STATISTIK', 'statistik'],
] as const;

const DATA_SOURCES = [
  ['Dinas Kesehatan', 'dinkes'],
  ['Dinas Pendidikan dan Kebudayaan', 'disdikbud'],
  ['Dinas Kependudukan dan Pencatatan Sipil', 'disdukcapil'],
  ['Dinas Pertanian dan Ketahanan Pangan', 'distanpangan'],
  ['Dinas Sosial', 'dinsos'],
  ['Dinas Pekerjaan Umum dan Penataan Ruang', 'dpupr'],
  ['Dinas Perumahan dan Kawasan Permukiman', 'disperkim'],
  ['Dinas Tenaga Kerja', 'disnaker'],
  ['Dinas Lingkungan Hidup', 'dlh'],
  ['Dinas Perhubungan', 'dishub'],
  ['Dinas Komunikasi dan Informatika ', 'diskominfo'],
  ['Dinas Pariwisata', 'dispar'],
  ['Dinas Perikanan', 'diskan'],
  ['Dinas Koperasi dan Usaha Mikro', 'diskopum'],
  ['Dinas Perindustrian dan Perdagangan', 'disperindag'],
  ['Badan Pusat Statistik Kabupaten', 'bps'],
  ['Badan Perencanaan Pembangunan Daerah', 'bappeda'],
] as const;

const KECAMATAN = [
  'Kota',
  'Sukamaju',
  'Cibatu',
  'Karangsari',
  'Sindangrasa',
  'Mekarjaya',
  'Tanjungsari',
  'Sumberjaya',
  'Pasirwangi',
  'Cilawu',
  'Banjarsari',
  'Wanaraja',
];

type TableKind = 'byKecamatan' | 'bySex' | 'twoMeasures' | 'byItem';
interface Theme {
  title: string;
  unit: string;
  sector: string;
  field: string | null;
  source: string;
  table: TableKind;
  measures?: [string, string];
  items?: string[];
}

const THEMES: Theme[] = [
  {
    title: 'Jumlah Penduduk Menurut Kecamatan dan Jenis Kelamin',
    unit: 'Jiwa',
    sector: 'kependudukan',
    field: 'adminduk',
    source: 'disdukcapil',
    table: 'bySex',
  },
  {
    title: 'Jumlah Kepala Keluarga Menurut Kecamatan',
    unit: 'KK',
    sector: 'kependudukan',
    field: 'adminduk',
    source: 'disdukcapil',
    table: 'byKecamatan',
  },
  {
    title: 'Jumlah Sekolah Dasar (SD) Negeri dan Swasta',
    unit: 'Unit',
    sector: 'pendidikan',
    field: 'pendidikan',
    source: 'disdikbud',
    table: 'twoMeasures',
    measures: ['Negeri', 'Swasta'],
  },
  {
    title: 'Rasio Guru/Murid Sekolah Dasar',
    unit: 'Rasio',
    sector: 'pendidikan',
    field: 'pendidikan',
    source: 'disdikbud',
    table: 'byKecamatan',
  },
  {
    title: 'Angka Partisipasi Kasar (APK) SD/MI (%)',
    unit: 'Persen',
    sector: 'pendidikan',
    field: 'pendidikan',
    source: 'disdikbud',
    table: 'bySex',
  },
  {
    title: 'Persentase Penduduk Usia 15+ yang Melek Huruf',
    unit: 'Persen',
    sector: 'pendidikan',
    field: null,
    source: 'bps',
    table: 'bySex',
  },
  {
    title: 'Jumlah Tenaga Kesehatan Menurut Jenis Tenaga',
    unit: 'Orang',
    sector: 'kesehatan',
    field: 'kesehatan',
    source: 'dinkes',
    table: 'byItem',
    items: ['Dokter Umum', 'Dokter Gigi', 'Perawat', 'Bidan', 'Apoteker', 'Tenaga Gizi'],
  },
  {
    title: 'Jumlah Kasus Demam Berdarah Dengue (DBD)',
    unit: 'Kasus',
    sector: 'kesehatan',
    field: 'kesehatan',
    source: 'dinkes',
    table: 'byKecamatan',
  },
  {
    title: 'Cakupan Imunisasi Dasar Lengkap pada Bayi (%)',
    unit: 'Persen',
    sector: 'kesehatan',
    field: 'kesehatan',
    source: 'dinkes',
    table: 'bySex',
  },
  {
    title: 'Jumlah Balita Gizi Buruk dan Stunting',
    unit: 'Jiwa',
    sector: 'kesehatan',
    field: 'kesehatan',
    source: 'dinkes',
    table: 'twoMeasures',
    measures: ['Gizi Buruk', 'Stunting'],
  },
  {
    title: 'Luas Panen dan Produksi Padi',
    unit: 'Ton',
    sector: 'pertanian-dan-pangan',
    field: 'pertanian',
    source: 'distanpangan',
    table: 'twoMeasures',
    measures: ['Luas Panen (Ha)', 'Produksi (Ton)'],
  },
  {
    title: 'Luas Lahan Sawah Menurut Jenis Pengairan',
    unit: 'Hektar',
    sector: 'pertanian-dan-pangan',
    field: 'pertanian',
    source: 'distanpangan',
    table: 'twoMeasures',
    measures: ['Irigasi', 'Tadah Hujan'],
  },
  {
    title: 'Produksi Tanaman Sayuran Menurut Jenis Tanaman',
    unit: 'Ton',
    sector: 'pertanian-dan-pangan',
    field: 'pangan',
    source: 'distanpangan',
    table: 'byItem',
    items: ['Cabai Besar', 'Cabai Rawit', 'Bawang Merah', 'Kentang', 'Kubis', 'Tomat'],
  },
  {
    title: 'Jumlah Penerima Program Keluarga Harapan (PKH)',
    unit: 'KK',
    sector: 'sosial',
    field: 'sosial',
    source: 'dinsos',
    table: 'byKecamatan',
  },
  {
    title: 'Jumlah Penyandang Masalah Kesejahteraan Sosial (PMKS)',
    unit: 'Jiwa',
    sector: 'sosial',
    field: 'sosial',
    source: 'dinsos',
    table: 'bySex',
  },
  {
    title: 'Panjang Jalan Kabupaten Menurut Kondisi Jalan',
    unit: 'Km',
    sector: 'infrastruktur',
    field: 'pekerjaan-umum ',
    source: 'dpupr',
    table: 'byItem',
    items: ['Baik', 'Sedang', 'Rusak Ringan', 'Rusak Berat'],
  },
  {
    title: 'Jumlah Rumah Tidak Layak Huni (RTLH)',
    unit: 'Unit',
    sector: 'infrastruktur',
    field: 'perumahan-rakyat',
    source: 'disperkim',
    table: 'byKecamatan',
  },
  {
    title: 'Jumlah Pencari Kerja Terdaftar Menurut Tingkat Pendidikan',
    unit: 'Orang',
    sector: 'ketenagakerjaan',
    field: 'tenaga-kerja',
    source: 'disnaker',
    table: 'byItem',
    items: ['SD', 'SMP', 'SMA/SMK', 'Diploma', 'Sarjana'],
  },
  {
    title: 'Volume Sampah Terangkut per Hari',
    unit: 'Ton',
    sector: 'lingkungan-hidup',
    field: 'lingkungan-hidup',
    source: 'dlh',
    table: 'byKecamatan',
  },
  {
    title: 'Jumlah Kendaraan Bermotor Menurut Jenis Kendaraan',
    unit: 'Unit',
    sector: 'perhubungan',
    field: 'perhubungan',
    source: 'dishub',
    table: 'byItem',
    items: ['Sepeda Motor', 'Mobil Penumpang', 'Bus', 'Truk'],
  },
  {
    title: 'Jumlah Menara Telekomunikasi & Titik Akses Internet Publik',
    unit: 'Unit',
    sector: 'infrastruktur',
    field: 'kominfo',
    source: 'diskominfo',
    table: 'twoMeasures',
    measures: ['Menara BTS', 'Titik Wi-Fi Publik'],
  },
  {
    title: 'Jumlah Kunjungan Wisatawan Nusantara dan Mancanegara',
    unit: 'Orang',
    sector: 'pariwisata-dan-kebudayaan',
    field: 'pariwisata',
    source: 'dispar',
    table: 'twoMeasures',
    measures: ['Nusantara', 'Mancanegara'],
  },
  {
    title: 'Produksi Perikanan Budidaya – Menurut Komoditas',
    unit: 'Ton',
    sector: 'pertanian-dan-pangan',
    field: 'kelautan-dan-perikanan',
    source: 'diskan',
    table: 'byItem',
    items: ['Ikan Mas', 'Nila', 'Lele', 'Gurame', 'Udang'],
  },
  {
    title: 'Jumlah Koperasi Aktif dan Usaha Mikro',
    unit: 'Unit',
    sector: 'ekonomi-dan-perdagangan',
    field: 'koperasi-ukm',
    source: 'diskopum',
    table: 'twoMeasures',
    measures: ['Koperasi Aktif', 'Usaha Mikro'],
  },
  {
    title: 'Jumlah Pasar Tradisional dan Toko Modern',
    unit: 'Unit',
    sector: 'ekonomi-dan-perdagangan',
    field: 'perdagangan',
    source: 'disperindag',
    table: 'twoMeasures',
    measures: ['Pasar Tradisional', 'Toko Modern'],
  },
  {
    title: 'Indeks Pembangunan Manusia (IPM)',
    unit: 'Indeks',
    sector: 'pemerintahan',
    field: 'statistik',
    source: 'bappeda',
    table: 'byItem',
    items: ['Umur Harapan Hidup', 'Harapan Lama Sekolah', 'Rata-rata Lama Sekolah', 'IPM'],
  },
];

const DESA_PREFIX = [
  'Suka',
  'Mekar',
  'Sindang',
  'Karang',
  'Cibodas',
  'Tanjung',
  'Sumber',
  'Pasir',
  'Cikadu',
  'Margajaya',
  'Jati',
  'Girimukti',
];
const DESA_SUFFIX = [
  'jaya',
  'mulya',
  'sari',
  'asih',
  'rahayu',
  'wangi',
  'laksana',
  'makmur',
  'mekar',
  'raharja',
];
const OTHER_STATUSES = [
  'DRAFT',
  'MENUNGGU VERIFIKASI',
  'DITOLAK',
  'PERBAIKAN',
  'Terverifikasi',
  'TERVERIFIKASI ',
]; // near-misses are not published

export const METADATA_KEYS = [
  'Nama Kegiatan',
  'Nama Variabel',
  'Alias',
  'Konsep',
  'Definisi',
  'Referensi Pemilihan',
  'Referensi Waktu',
  'Tipe Data',
  'Klasifikasi Isian',
  'Aturan Validasi',
  'Kalimat Pertanyaan',
  'Apakah Kolom Ini Dapat Diakses Umum?',
];

export function generateCatalogue({
  elements,
  seed = 20240101,
  elementsPerFile = 100,
  titles = 'templates',
  published = DEFAULT_PUBLISHED,
  filters = 'scattered',
}: {
  elements: number;
  seed?: number;
  elementsPerFile?: number;
  titles?: TitleMode;
  /** Share of elements published, 0 to 1. */
  published?: number;
  filters?: FilterLayout;
}): SyntheticCatalogue {
  const random = randomSource(seed);
  const objectId = () => random.hex(24);
  const refItems = (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([name, slug]) => ({ _id: objectId(), name, slug }));
  const categories = refItems(CATEGORIES);
  const sectors = refItems(SECTORS);
  const fields = refItems(FIELDS);
  const sources = refItems(DATA_SOURCES);
  const bySlug = (items: typeof categories, slug: string) =>
    items.find((item) => item.slug === slug)!;

  // the three reference forms, and both id forms, mixed as a real export would have them
  const reference = (item: { _id: string; name: string; slug: string }) => {
    const form = random.int(3);
    return form === 0 ? item._id : form === 1 ? { $oid: item._id } : { ...item };
  };
  const id = (value: string) => (random.chance(0.5) ? value : { $oid: value });
  const uuid = () =>
    `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${random.hex(4)}-${random.hex(12)}`;
  const count = (max: number) => String(random.int(max));
  const decimal = () => `${random.int(100)},${random.int(10)}`;

  // The template title draws its place before the years, as it always has: data/ stays
  // byte-identical.
  const templateTitle = (theme: Theme) => {
    const place = random.chance(0.35)
      ? ` di Kecamatan ${random.pick(KECAMATAN)}`
      : random.chance(0.3)
        ? ` di Desa ${random.pick(DESA_PREFIX)}${random.pick(DESA_SUFFIX)}`
        : '';
    const years = 1 + random.int(4);
    const firstYear = 2019 + random.int(6 - years + 1);
    const period = random.chance(0.4)
      ? ` Tahun ${firstYear + years - 1}`
      : random.chance(0.15)
        ? ` Tahun ${firstYear}–${firstYear + years - 1}`
        : '';
    const title = `${theme.title}${place}${period}${random.chance(0.04) ? ' ' : ''}`; // now and then a trailing space
    return {
      title,
      years,
      firstYear,
      theme,
      variable: theme.title.replace(
        /^(Jumlah|Persentase|Rasio|Cakupan|Luas|Produksi|Volume|Panjang|Indeks) /,
        '',
      ),
    };
  };
  // The realistic title takes its words from the theme's data source and decides the unit.
  const themedTitle = (theme: Theme) => {
    const years = 1 + random.int(4);
    const firstYear = 2019 + random.int(6 - years + 1);
    const made = realisticTitle(random, {
      source: theme.source,
      table: theme.table,
      firstYear,
      lastYear: firstYear + years - 1,
    });
    const table: TableKind = made.title.includes('Jenis Kelamin')
      ? 'bySex'
      : theme.table === 'bySex'
        ? 'byKecamatan'
        : theme.table;
    return {
      title: made.title,
      years,
      firstYear,
      theme: { ...theme, unit: made.unit, table },
      variable: made.variable,
    };
  };

  const element = (n: number) => {
    const { title, years, firstYear, theme, variable } =
      titles === 'realistic'
        ? themedTitle(random.pick(THEMES))
        : templateTitle(random.pick(THEMES));
    const value = isDecimalUnit(theme.unit) ? decimal : () => count(5000);
    const data = Array.from({ length: years }, (_, y) => ({
      id: uuid(),
      year: firstYear + y,
      table: makeTable(theme, value),
      ...(random.chance(0.3) ? { _id: { $oid: objectId() } } : {}),
    }));
    const status = random.chance(published) ? 'TERVERIFIKASI' : random.pick(OTHER_STATUSES);
    const categoryItems = [
      random.chance(0.7) ? bySlug(categories, 'data-sektoral') : random.pick(categories),
    ];
    if (random.chance(0.2)) categoryItems.push(bySlug(categories, 'data-prioritas-daerah'));
    const sectorItems = [bySlug(sectors, theme.sector)];
    if (random.chance(0.1)) sectorItems.push(random.pick(sectors));
    const fieldItems = theme.field && random.chance(0.9) ? [bySlug(fields, theme.field)] : [];
    const element = {
      _id: id(objectId()),
      title,
      unit: theme.unit,
      data,
      metadata: METADATA_KEYS.map((key) => ({
        key,
        value: metadataValue(key, theme, title, variable),
      })),
      status,
      category: [...new Set(categoryItems)].map(reference),
      dataSource: reference(bySlug(sources, theme.source)),
      sector: [...new Set(sectorItems)].map(reference),
      field: fieldItems.map(reference),
      __v: 0,
      createdAt: { $date: `2023-0${1 + (n % 9)}-1${n % 10}T08:00:00.000Z` },
    };
    return { element, source: theme.source };
  };

  const makeTable = (theme: Theme, value: () => string) => {
    const rowLabels =
      theme.table === 'byItem'
        ? theme.items!
        : KECAMATAN.slice(0, 4 + random.int(KECAMATAN.length - 3));
    const labelHeader = theme.table === 'byItem' ? 'Uraian' : 'Kecamatan';
    const cell = (content: string, colSpan = 1, rowSpan = 1, dataType = 'number') => ({
      content,
      colSpan,
      rowSpan,
      dataType,
    });
    if (theme.table === 'bySex' || theme.table === 'twoMeasures') {
      const [a, b] = theme.table === 'bySex' ? ['Laki-laki', 'Perempuan'] : theme.measures!;
      const spanning = theme.table === 'bySex' ? 'Jenis Kelamin' : theme.unit;
      return {
        headers: [cell(labelHeader, 1, 2, 'string'), cell(spanning, 2, 1), cell('Jumlah', 1, 2)],
        subHeaders: [[a, b]],
        rows: rowLabels.map((label) => [label, value(), value(), value()]),
      };
    }
    return {
      headers: [
        cell(labelHeader, 1, 1, 'string'),
        cell(theme.unit === 'Persen' ? 'Persentase' : 'Jumlah'),
      ],
      subHeaders: [],
      rows: rowLabels.map((label) => [label, value()]),
    };
  };

  const elementFiles = new Map<string, Json>();
  const perSource = new Map<string, Json[]>();
  for (let n = 0; n < elements; n++) {
    const { element: e, source: own } = element(n);
    const source = filters === 'clustered' ? own : DATA_SOURCES[n % DATA_SOURCES.length]![1];
    const bucket = perSource.get(source) ?? [];
    perSource.set(source, bucket);
    bucket.push(e);
  }
  for (const [source, items] of perSource) {
    for (let start = 0, part = 0; start < items.length; start += elementsPerFile, part++) {
      elementFiles.set(
        `${source}/${String(part).padStart(4, '0')}.json`,
        items.slice(start, start + elementsPerFile),
      );
    }
  }
  const withIdForms = <T extends { _id: string }>(items: T[]) =>
    items.map((item) => ({ ...item, _id: id(item._id) }));
  return {
    lists: {
      category: withIdForms(categories),
      sector: withIdForms(sectors),
      field: withIdForms(fields),
      'data-source': withIdForms(sources),
    },
    elementFiles,
  };
}

/** Values are decimals in these units ("12,5"), counts in the others. */
function isDecimalUnit(unit: string): boolean {
  return (
    ['Persen', 'Rasio', 'Indeks', 'Tahun', 'Hari', 'Skor', 'Poin'].includes(unit) ||
    unit.includes('/') ||
    unit.startsWith('per ')
  );
}

function metadataValue(key: string, theme: Theme, title: string, variable: string): string {
  switch (key) {
    case 'Nama Kegiatan':
      return `Pengumpulan Data ${theme.sector.replace(/-/g, ' ')}`;
    case 'Nama Variabel':
      return title.trim();
    case 'Alias':
      return variable.split(' ').slice(0, 3).join(' ');
    case 'Konsep':
      return `${variable} yang tercatat pada akhir tahun`;
    case 'Definisi':
      return `Banyaknya ${variable.toLowerCase()} dalam satuan ${theme.unit.toLowerCase()}`;
    case 'Referensi Pemilihan':
      return '';
    case 'Referensi Waktu':
      return 'Desember';
    case 'Tipe Data':
      return theme.unit === 'Persen' ? 'Desimal' : 'Bilangan Bulat';
    case 'Klasifikasi Isian':
      return theme.table === 'byItem' ? 'Uraian' : 'Kecamatan';
    case 'Aturan Validasi':
      return 'Nilai tidak boleh negatif';
    case 'Kalimat Pertanyaan':
      return `Berapa ${variable.toLowerCase()}?`;
    default:
      return 'Ya';
  }
}
