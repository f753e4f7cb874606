// The words the DCAT pages write around the catalogue's own text: Indonesian for a catalogue in
// Indonesian (the default), English for any other language.
export interface DcatLabels {
  unit: string;
  dataSource: string;
  years: string;
  definition: string;
  concept: string;
  categories: string;
  tableTitle: (title: string, year: number) => string;
  tableDescription: (year: number) => string;
  dumpTitle: string;
  dumpDescription: string;
}

const INDONESIAN: DcatLabels = {
  unit: 'Satuan',
  dataSource: 'Sumber data',
  years: 'Tahun',
  definition: 'Definisi',
  concept: 'Konsep',
  categories: 'Kategori',
  tableTitle: (title, year) => `${title} (${year}, CSV)`,
  tableDescription: (year) =>
    `Tabel tahun ${year} sebagai CSV (RFC 4180, UTF-8): satu baris judul kolom, lalu satu baris per baris tabel.`,
  dumpTitle: 'Seluruh katalog (JSON Lines, gzip)',
  dumpDescription:
    'Daftar bagian unduhan seluruh katalog: tiap bagian berisi JSON Lines terkompresi gzip, satu elemen data per baris.',
};

const ENGLISH: DcatLabels = {
  unit: 'Unit',
  dataSource: 'Data source',
  years: 'Years',
  definition: 'Definition',
  concept: 'Concept',
  categories: 'Categories',
  tableTitle: (title, year) => `${title} (${year}, CSV)`,
  tableDescription: (year) =>
    `The ${year} table as CSV (RFC 4180, UTF-8): one line of column names, then one line per table row.`,
  dumpTitle: 'The whole catalogue (JSON Lines, gzip)',
  dumpDescription:
    'The parts of the whole-catalogue download: each part is gzip-compressed JSON Lines, one data element a line.',
};

export const dcatLabels = (primaryLanguage: string): DcatLabels =>
  primaryLanguage === 'id' ? INDONESIAN : ENGLISH;
