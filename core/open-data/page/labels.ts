// Every word a page says, by language: Indonesian (the default) and English. Another language is
// one more entry in LABELS. Catalogue text (titles, names, metadata, cells) is never translated.
import type { NumberNotation } from '../../tables/numbers.ts';

export interface PageLabels {
  /** Open Graph's og:locale. */
  locale: string;
  notation: NumberNotation;
  months: readonly string[];
  skipToContent: string;
  home: string;
  onThisPage: string;
  unit: string;
  dataSource: string;
  category: string;
  sector: string;
  field: string;
  years: string;
  created: string;
  modified: string;
  licence: string;
  publisher: string;
  metadata: string;
  tables: string;
  chart: string;
  downloads: string;
  noTables: string;
  missing: string;
  /** The caption of one year's table. */
  tableCaption: (title: string, year: number) => string;
  csvOfYear: (year: number) => string;
  /** The downloads of every year's numbers (docs/api.md §15). */
  observationsCsv: string;
  observationsJsonStat: string;
  workbook: string;
  /** The links beside one year's table: its CSV and its observations. */
  tableData: string;
  tableObservations: string;
  elementJson: string;
  apiUrl: string;
  dcat: string;
  /** The workbook's Metadata sheet: the rows naming the element's title and its page. */
  elementTitle: string;
  pageUrl: string;
  rowNumber: (row: number) => string;
  chartTitle: (measure: string, span: string) => string;
  /** A measure by what its bars or lines are: "Jumlah menurut Kecamatan". */
  chartBy: (measure: string, by: string) => string;
  chartLineSummary: (series: number, span: string, unit: string) => string;
  chartBarSummary: (bars: number, year: number, unit: string) => string;
  change: (label: string, from: string, fromYear: number, to: string, toYear: number) => string;
  highestLowest: (high: string, highValue: string, low: string, lowValue: string) => string;
  missingValues: (count: number) => string;
  chartLargest: (shown: number, total: number) => string;
  chartSeeTables: string;
  /** A friendlier label for a metadata key (BPS MS-Var names), where one helps. */
  metadataLabels: Readonly<Record<string, string>>;
  notFoundTitle: string;
  notFoundText: (path: string) => string;
  search: string;
  searchButton: string;
  backHome: string;
}

const id: PageLabels = {
  locale: 'id_ID',
  notation: { group: '.', decimal: ',' },
  months: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  skipToContent: 'Langsung ke isi',
  home: 'Beranda',
  onThisPage: 'Di halaman ini',
  unit: 'Satuan',
  dataSource: 'Sumber data',
  category: 'Kategori',
  sector: 'Sektor',
  field: 'Bidang',
  years: 'Tahun',
  created: 'Dibuat',
  modified: 'Diperbarui',
  licence: 'Lisensi',
  publisher: 'Penerbit',
  metadata: 'Metadata',
  tables: 'Tabel',
  chart: 'Grafik',
  downloads: 'Unduh',
  noTables: 'Belum ada tabel untuk elemen data ini.',
  missing: 'tidak ada',
  tableCaption: (title, year) => `${title}, tahun ${year}`,
  csvOfYear: (year) => `Tabel ${year} (CSV)`,
  observationsCsv: 'Observasi semua tahun (CSV)',
  observationsJsonStat: 'Observasi semua tahun (JSON-stat)',
  workbook: 'Buku kerja semua tabel (XLSX)',
  tableData: 'Data',
  tableObservations: 'observasi',
  elementJson: 'Elemen data lengkap (JSON)',
  apiUrl: 'Alamat API',
  dcat: 'Metadata DCAT',
  elementTitle: 'Judul',
  pageUrl: 'Alamat halaman',
  rowNumber: (row) => `Baris ${row}`,
  chartTitle: (measure, span) => `${measure}, ${span}`,
  chartBy: (measure, by) => `${measure} menurut ${by}`,
  chartLineSummary: (series, span, unit) =>
    `Grafik garis ${series} deret, tahun ${span}${unit ? `, dalam ${unit}` : ''}.`,
  chartBarSummary: (bars, year, unit) =>
    `Grafik batang ${bars} nilai tahun ${year}${unit ? `, dalam ${unit}` : ''}.`,
  change: (label, from, fromYear, to, toYear) =>
    `${label}: ${from} (${fromYear}) menjadi ${to} (${toYear}).`,
  highestLowest: (high, highValue, low, lowValue) =>
    `Tertinggi ${high} (${highValue}), terendah ${low} (${lowValue}).`,
  missingValues: (count) => `${count} nilai kosong.`,
  chartLargest: (shown, total) => `${shown} nilai terbesar dari ${total}.`,
  chartSeeTables: 'Semua angka ada di tabel di bawah.',
  metadataLabels: { 'Apakah Kolom Ini Dapat Diakses Umum?': 'Dapat diakses umum' },
  notFoundTitle: 'Halaman tidak ditemukan',
  notFoundText: (path) => `Tidak ada elemen data atau halaman di ${path}.`,
  search: 'Cari elemen data',
  searchButton: 'Cari',
  backHome: 'Kembali ke beranda',
};

const en: PageLabels = {
  locale: 'en_US',
  notation: { group: ',', decimal: '.' },
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  skipToContent: 'Skip to content',
  home: 'Home',
  onThisPage: 'On this page',
  unit: 'Unit',
  dataSource: 'Data source',
  category: 'Category',
  sector: 'Sector',
  field: 'Field',
  years: 'Years',
  created: 'Created',
  modified: 'Updated',
  licence: 'Licence',
  publisher: 'Publisher',
  metadata: 'Metadata',
  tables: 'Tables',
  chart: 'Chart',
  downloads: 'Downloads',
  noTables: 'This data element has no table yet.',
  missing: 'none',
  tableCaption: (title, year) => `${title}, ${year}`,
  csvOfYear: (year) => `Table ${year} (CSV)`,
  observationsCsv: 'Observations of every year (CSV)',
  observationsJsonStat: 'Observations of every year (JSON-stat)',
  workbook: 'Workbook of every table (XLSX)',
  tableData: 'Data',
  tableObservations: 'observations',
  elementJson: 'The whole data element (JSON)',
  apiUrl: 'API URL',
  dcat: 'DCAT metadata',
  elementTitle: 'Title',
  pageUrl: 'Page URL',
  rowNumber: (row) => `Row ${row}`,
  chartTitle: (measure, span) => `${measure}, ${span}`,
  chartBy: (measure, by) => `${measure} by ${by}`,
  chartLineSummary: (series, span, unit) =>
    `Line chart of ${series} series, ${span}${unit ? `, in ${unit}` : ''}.`,
  chartBarSummary: (bars, year, unit) =>
    `Bar chart of ${bars} values for ${year}${unit ? `, in ${unit}` : ''}.`,
  change: (label, from, fromYear, to, toYear) =>
    `${label}: ${from} (${fromYear}) to ${to} (${toYear}).`,
  highestLowest: (high, highValue, low, lowValue) =>
    `Highest ${high} (${highValue}), lowest ${low} (${lowValue}).`,
  missingValues: (count) => `${count} missing ${count === 1 ? 'value' : 'values'}.`,
  chartLargest: (shown, total) => `The ${shown} largest of ${total} values.`,
  chartSeeTables: 'Every number is in the tables below.',
  metadataLabels: {
    'Nama Kegiatan': 'Activity',
    'Nama Variabel': 'Variable name',
    Alias: 'Alias',
    Konsep: 'Concept',
    Definisi: 'Definition',
    'Referensi Pemilihan': 'Selection reference',
    'Referensi Waktu': 'Time reference',
    'Tipe Data': 'Data type',
    'Klasifikasi Isian': 'Entry classification',
    'Aturan Validasi': 'Validation rule',
    'Kalimat Pertanyaan': 'Question',
    'Apakah Kolom Ini Dapat Diakses Umum?': 'Publicly accessible',
    'Sumber Data': 'Data source',
  },
  notFoundTitle: 'Page not found',
  notFoundText: (path) => `There is no data element or page at ${path}.`,
  search: 'Search the data elements',
  searchButton: 'Search',
  backHome: 'Back to the home page',
};

const LABELS: Readonly<Record<string, PageLabels>> = { id, en };

/** The labels for a BCP 47 tag, by its primary language; Indonesian when there are none. */
export const labelsFor = (language: string): PageLabels =>
  LABELS[language.split('-')[0]!.toLowerCase()] ?? id;

/** `2024-01-31T08:00:00Z` as `31 Januari 2024`. */
export function displayDate(iso: string, labels: PageLabels): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  const name = labels.months[(month ?? 1) - 1];
  return name && day ? `${day} ${name} ${year}` : iso;
}
