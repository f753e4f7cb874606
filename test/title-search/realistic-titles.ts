// Distinct titles in the manner of a regional Indonesian statistics catalogue: a measure, a
// subject, a breakdown, a place made of syllables, a period. Some carry an en dash, a
// no-break space, an é or a superscript two, as real titles do. Same seed and count, same titles.
import { seededRandom } from '../../tools/synth/seeded-random.ts';

const MEASURES = [
  'Jumlah',
  'Persentase',
  'Rasio',
  'Angka',
  'Indeks',
  'Luas',
  'Produksi',
  'Cakupan',
  'Rata-rata',
  'Tingkat',
  'Banyaknya',
  'Proporsi',
  'Kepadatan',
  'Laju Pertumbuhan',
  'Realisasi',
  'Capaian',
];
const SUBJECTS = [
  'Penduduk',
  'Rumah Tangga',
  'Sekolah Dasar (SD) Negeri dan Swasta',
  'Tenaga Kesehatan',
  'Puskesmas',
  'Posyandu Aktif',
  'Kasus Demam Berdarah Dengue (DBD)',
  'Balita Gizi Buruk dan Stunting',
  'Lahan Sawah',
  'Ternak Sapi Potong',
  'Kunjungan Wisatawan Nusantara',
  'Pencari Kerja Terdaftar',
  'Kendaraan Bermotor',
  'Jalan Kabupaten dalam Kondisi Baik',
  'Rumah Tidak Layak Huni (RTLH)',
  'Koperasi Aktif',
  'Pasar Tradisional',
  'Menara Telekomunikasi (BTS)',
  'Penerima Program Keluarga Harapan (PKH)',
  'Angka Partisipasi Kasar (APK) SD/MI',
  'Ibu Hamil yang Mendapat Tablet Tambah Darah',
  'Bayi Baru Lahir',
  'Akseptor KB Aktif',
  'Kapal Perikanan',
  'Industri Kecil dan Menengah (IKM)',
  'Kafé dan Restoran',
  'Produksi Padi dan Palawija',
  'Sampah Terangkut',
  'Penyandang Masalah Kesejahteraan Sosial (PMKS)',
  'Guru Bersertifikat Pendidik',
  'Desa Mandiri',
  'UMKM Binaan',
  'Pelanggan Air Bersih PDAM',
  'Kejadian Bencana Alam',
  'Angkatan Kerja',
  'Pengangguran Terbuka',
  'Penduduk Miskin',
  'Tempat Ibadah',
  'Sarana Olahraga',
  'Perpustakaan Desa',
];
const BREAKDOWNS = [
  'Menurut Kecamatan',
  'Menurut Jenis Kelamin',
  'Menurut Kelompok Umur',
  'Menurut Desa/Kelurahan',
  'Menurut Jenis Tanaman',
  'dan Jenis Kelamin',
  'per 1.000 Penduduk',
  '(%)',
  '(Ha)',
  '(Ton)',
  'per km²',
  'Menurut Status Sekolah',
  'Menurut Tingkat Pendidikan',
  '',
];
const PLACE_STARTS = [
  'Suka',
  'Sido',
  'Karang',
  'Tanjung ',
  'Ci',
  'Banjar',
  'Mekar',
  'Sumber',
  'Wono',
  'Kali',
  'Pasir ',
  'Bukit ',
  'Batu ',
  'Muara ',
  'Lubuk ',
  'Teluk ',
  'Tanah ',
  'Gunung ',
];
const PLACE_ENDS = [
  'maju',
  'rejo',
  'jaya',
  'sari',
  'asih',
  'mulya',
  'harjo',
  'agung',
  'baru',
  'makmur',
  'indah',
  'raya',
  'wangi',
  'mukti',
  'rahayu',
  'sentosa',
  'lestari',
  'kencana',
];
const PLACE_SIDES = ['', '', '', ' Utara', ' Selatan', ' Timur', ' Barat', ' Tengah'];
const PLACE_KINDS = ['di Kecamatan', 'di Desa', 'Kabupaten', 'Kota', 'di Kelurahan'];

export function realisticTitles(count: number, seed = 20240601): string[] {
  const random = seededRandom(seed);
  const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const place = () => {
    const start = random.pick(PLACE_STARTS);
    const end = random.pick(PLACE_ENDS);
    return `${random.pick(PLACE_KINDS)} ${start}${start.endsWith(' ') ? capitalized(end) : end}${random.pick(PLACE_SIDES)}`;
  };
  const period = () => {
    const year = 2015 + random.int(10);
    const space = random.chance(0.1) ? '\u00a0' : ' '; // a no-break space pasted from a spreadsheet
    switch (random.int(5)) {
      case 0:
        return `Tahun${space}${year}`;
      case 1:
        return `${year}–${year + 1 + random.int(4)}`; // en dash
      case 2:
        return `Tahun ${year}-${year + 1 + random.int(4)}`;
      case 3:
        return `Semester ${random.pick(['I', 'II'])} ${year}`;
      default:
        return `Triwulan ${random.pick(['I', 'II', 'III', 'IV'])} Tahun ${year}`;
    }
  };
  const titles = new Set<string>();
  while (titles.size < count) {
    const breakdown = random.chance(0.45) ? random.pick(BREAKDOWNS) : '';
    const parts = [
      random.pick(MEASURES),
      random.pick(SUBJECTS),
      breakdown,
      random.chance(0.8) ? place() : '',
      period(),
    ];
    titles.add(parts.filter((part) => part !== '').join(' '));
  }
  return [...titles];
}
