// The words of realistic titles, per data source (so a title fits its theme's source, sector
// and field), in the style of the regional Satu Data portals.
// Units are the keys: `counts` follow "Jumlah"/"Banyaknya", `shares` follow "Persentase"/"Proporsi"
// (unit Persen), `measured` phrases carry their own measure word ("Luas", "Indeks", "Realisasi"...).

export interface Vocabulary {
  counts: Record<string, string[]>;
  shares: string[];
  measured: Record<string, string[]>;
  /** Conditions on the subjects of a count unit: "yang Memiliki Akta Kelahiran". */
  conditions: Record<string, string[]>;
  /** Breakdowns particular to the source, by subject unit ('*': any subject): "Menurut Jenis Tenaga". */
  breakdowns: Record<string, string[]>;
}

/** Units whose subjects are people: they take the age and sex breakdowns. */
export const PEOPLE_UNITS = new Set(['Jiwa', 'Orang', 'KK']);

export const BREAKDOWNS_ANY = ['Menurut Kecamatan', 'per Kecamatan', 'Menurut Desa/Kelurahan', 'Berdasarkan Kecamatan', 'Menurut Bulan', 'Menurut Wilayah'];
export const BREAKDOWNS_PEOPLE = ['Menurut Jenis Kelamin', 'Berdasarkan Jenis Kelamin', 'Menurut Kelompok Umur', 'Menurut Kelompok Umur dan Jenis Kelamin', 'Menurut Tingkat Pendidikan'];
export const RATE_QUALIFIERS = ['per 1.000 Penduduk', 'per 10.000 Penduduk', 'per 100.000 Penduduk'];

export const VOCABULARY: Record<string, Vocabulary> = {
  dinkes: {
    counts: {
      Unit: ['Posyandu', 'Puskesmas', 'Posyandu Aktif', 'Puskesmas Pembantu (Pustu)', 'Rumah Sakit Umum', 'Klinik Pratama', 'Apotek', 'Posbindu PTM', 'Poskesdes', 'Polindes', 'Rumah Sakit Khusus', 'Toko Obat Berizin', 'Ambulans Desa', 'Laboratorium Kesehatan', 'Tempat Tidur Rumah Sakit', 'Desa Siaga Aktif', 'Desa Stop Buang Air Besar Sembarangan (SBS)', 'Tempat-Tempat Umum (TTU) yang Memenuhi Syarat Kesehatan', 'Rumah Makan Laik Higiene', 'Fasilitas Pelayanan Kesehatan (Fasyankes)', 'Posyandu Purnama dan Mandiri', 'Puskesmas Keliling'],
      Orang: ['Tenaga Kesehatan', 'Dokter Umum', 'Bidan', 'Perawat', 'Dokter Gigi', 'Dokter Spesialis', 'Bidan Desa', 'Apoteker', 'Tenaga Teknis Kefarmasian', 'Tenaga Gizi', 'Tenaga Kesehatan Masyarakat', 'Tenaga Sanitasi Lingkungan', 'Kader Posyandu', 'Kader Kesehatan Jiwa', 'Ahli Teknologi Laboratorium Medik'],
      Jiwa: ['Balita', 'Ibu Hamil', 'Bayi Lahir Hidup', 'Balita Stunting', 'Ibu Bersalin', 'Ibu Nifas', 'Bayi Baru Lahir', 'Balita Gizi Buruk', 'Balita Gizi Kurang', 'Bayi dengan Berat Badan Lahir Rendah (BBLR)', 'Anak Usia Sekolah Dasar', 'Remaja Putri', 'Pasangan Usia Subur (PUS)', 'Peserta KB Aktif', 'Penderita Hipertensi', 'Penderita Diabetes Melitus', 'Orang dengan Gangguan Jiwa (ODGJ) Berat', 'Penduduk Usia Lanjut', 'Peserta JKN-KIS', 'Penerima Bantuan Iuran (PBI) JKN', 'Penduduk Usia 15–59 Tahun'],
      Kasus: ['Kasus Demam Berdarah Dengue (DBD)', 'Kasus Tuberkulosis (TBC)', 'Kasus Diare', 'Kasus Baru HIV', 'Kasus AIDS', 'Kasus Malaria', 'Kasus Pneumonia pada Balita', 'Kasus Campak', 'Kasus Kusta', 'Kasus Gigitan Hewan Penular Rabies (GHPR)', 'Kematian Ibu', 'Kematian Bayi', 'Kematian Neonatal', 'Kejadian Luar Biasa (KLB)', 'Kasus COVID-19', 'Kasus Difteri'],
      Kunjungan: ['Kunjungan Rawat Jalan', 'Kunjungan Rawat Inap', 'Kunjungan Pasien Gigi', 'Kunjungan Ibu Hamil K1', 'Kunjungan Ibu Hamil K6', 'Kunjungan Neonatal'],
    },
    shares: ['Rumah Tangga Ber-Perilaku Hidup Bersih dan Sehat (PHBS)', 'Balita Stunting', 'Rumah Sehat', 'Penduduk dengan Akses Sanitasi Layak', 'Penduduk dengan Akses Air Minum Layak', 'Bayi yang Mendapat ASI Eksklusif', 'Balita Ditimbang (D/S)', 'Persalinan di Fasilitas Pelayanan Kesehatan', 'Desa/Kelurahan Universal Child Immunization (UCI)', 'Kepesertaan Jaminan Kesehatan Nasional', 'Ibu Hamil Kurang Energi Kronis (KEK)', 'Puskesmas Terakreditasi', 'Penduduk Usia 15+ yang Merokok', 'Ibu Hamil yang Mendapat Tablet Tambah Darah'],
    measured: {
      Persen: ['Cakupan Imunisasi Dasar Lengkap (IDL)', 'Cakupan Pelayanan Kesehatan Ibu Hamil', 'Cakupan Kunjungan Neonatal Lengkap (KN Lengkap)', 'Cakupan Pelayanan Kesehatan Usia Produktif', 'Capaian Standar Pelayanan Minimal (SPM) Bidang Kesehatan', 'Cakupan Desa Siaga Aktif', 'Tingkat Pemanfaatan Tempat Tidur (BOR)', 'Angka Keberhasilan Pengobatan TBC', 'Angka Bebas Jentik (ABJ)', 'Prevalensi Stunting', 'Prevalensi Hipertensi', 'Cakupan Pelayanan Kesehatan Balita', 'Cakupan Penemuan dan Penanganan Pneumonia Balita'],
      'per 1.000 Kelahiran Hidup': ['Angka Kematian Bayi (AKB)', 'Angka Kematian Neonatal (AKN)', 'Angka Kematian Balita (AKABA)'],
      'per 100.000 Kelahiran Hidup': ['Angka Kematian Ibu (AKI)'],
      'per 100.000 Penduduk': ['Angka Kesakitan DBD (Incidence Rate)', 'Angka Notifikasi Kasus TBC (CNR)'],
      Rasio: ['Rasio Dokter per 100.000 Penduduk', 'Rasio Puskesmas per 30.000 Penduduk', 'Rasio Tempat Tidur Rumah Sakit per 1.000 Penduduk', 'Rasio Bidan per 100.000 Penduduk', 'Rasio Posyandu per Satuan Balita'],
      Hari: ['Rata-rata Lama Dirawat (ALOS)'],
    },
    conditions: {
      Jiwa: ['yang Mendapat Pelayanan Kesehatan Sesuai Standar', 'yang Mendapat Tablet Tambah Darah', 'yang Diimunisasi', 'yang Ditimbang', 'yang Mendapat Vitamin A', 'yang Mendapat ASI Eksklusif', 'yang Memiliki Buku KIA', 'yang Dirujuk', 'dengan Status Gizi Baik', 'yang Diskrining'],
      Orang: ['yang Memiliki Surat Tanda Registrasi (STR)', 'yang Bertugas di Puskesmas', 'Berstatus ASN', 'yang Telah Dilatih'],
    },
    breakdowns: { '*': ['Menurut Puskesmas', 'Menurut Fasilitas Kesehatan'], Unit: ['Menurut Kepemilikan', 'Menurut Jenis Rumah Sakit', 'Menurut Strata'], Orang: ['Menurut Jenis Tenaga', 'Menurut Status Kepegawaian', 'Menurut Tempat Tugas'], Jiwa: ['Menurut Status Gizi', 'Menurut Jenis Imunisasi', 'Menurut Jenis Penyakit'], Kasus: ['Menurut Jenis Penyakit', 'Menurut Penyebab Kematian', 'Menurut Kelompok Umur'], Kunjungan: ['Menurut Jenis Pelayanan', 'Menurut Cara Pembayaran', 'Menurut Jenis Penyakit'] },
  },

  disdikbud: {
    counts: {
      Unit: ['Sekolah Dasar (SD)', 'Sekolah Menengah Pertama (SMP)', 'Taman Kanak-Kanak (TK)', 'Ruang Kelas', 'SD Negeri', 'SD Swasta', 'SMP Negeri', 'Madrasah Ibtidaiyah (MI)', 'Madrasah Tsanawiyah (MTs)', 'Pendidikan Anak Usia Dini (PAUD)', 'Kelompok Bermain (KB)', 'Satuan PAUD Sejenis (SPS)', 'Pusat Kegiatan Belajar Masyarakat (PKBM)', 'Lembaga Kursus dan Pelatihan (LKP)', 'Ruang Kelas Rusak Berat', 'Perpustakaan Sekolah', 'Laboratorium IPA', 'Rombongan Belajar (Rombel)', 'Sekolah Adiwiyata', 'Sekolah Penggerak', 'Cagar Budaya', 'Sanggar Seni', 'Museum', 'Situs Sejarah', 'Satuan Pendidikan (SD/MI)'],
      Orang: ['Guru', 'Guru SD/MI', 'Guru SMP/MTs', 'Guru PAUD', 'Guru Bersertifikat Pendidik', 'Guru Honorer', 'Kepala Sekolah', 'Pengawas Sekolah', 'Tenaga Kependidikan', 'Tutor Pendidikan Kesetaraan', 'Pamong Belajar', 'Seniman dan Budayawan', 'Penerima Beasiswa'],
      Jiwa: ['Murid SD/MI', 'Siswa SMP/MTs', 'Peserta Didik', 'Peserta Didik Baru', 'Peserta Didik PAUD', 'Lulusan SD/MI', 'Lulusan SMP/MTs', 'Siswa Putus Sekolah', 'Siswa Mengulang Kelas', 'Peserta Ujian Kesetaraan Paket A', 'Peserta Ujian Kesetaraan Paket B', 'Peserta Ujian Kesetaraan Paket C', 'Anak Berkebutuhan Khusus (ABK)', 'Penerima Program Indonesia Pintar (PIP)', 'Warga Belajar Keaksaraan'],
    },
    shares: ['Guru yang Memenuhi Kualifikasi Akademik S1/D-IV', 'Sekolah Terakreditasi A', 'Ruang Kelas dalam Kondisi Baik', 'Anak Usia 7–12 Tahun yang Bersekolah', 'Lulusan SD/MI yang Melanjutkan ke SMP/MTs', 'Sekolah dengan Akses Internet', 'Peserta Didik Penerima PIP', 'Guru Bersertifikat Pendidik', 'Sekolah yang Memiliki Perpustakaan'],
    measured: {
      Persen: ['Angka Partisipasi Kasar (APK) SD/MI', 'Angka Partisipasi Murni (APM) SD/MI', 'Angka Partisipasi Kasar (APK) SMP/MTs', 'Angka Partisipasi Murni (APM) SMP/MTs', 'Angka Partisipasi Sekolah (APS) Usia 7-12 Tahun', 'Angka Putus Sekolah (APTS)', 'Angka Kelulusan', 'Angka Melanjutkan (AM) ke SMP/MTs', 'Angka Mengulang Kelas', 'Angka Partisipasi Kasar PAUD', 'Capaian Standar Pelayanan Minimal (SPM) Pendidikan'],
      Rasio: ['Rasio Guru/Murid SD/MI', 'Rasio Guru/Murid SMP/MTs', 'Rasio Murid/Kelas SD/MI', 'Rasio Murid per Sekolah'],
      Tahun: ['Rata-rata Lama Sekolah', 'Harapan Lama Sekolah'],
      Poin: ['Rata-rata Nilai Asesmen Nasional', 'Rata-rata Skor Literasi Membaca', 'Rata-rata Skor Numerasi'],
    },
    conditions: {
      Jiwa: ['yang Menerima Kartu Indonesia Pintar (KIP)', 'yang Melanjutkan ke Jenjang Berikutnya', 'yang Bersekolah di Luar Daerah', 'yang Lulus Ujian'],
      Orang: ['yang Berkualifikasi S1/D4', 'yang Telah Bersertifikat', 'Berstatus PNS', 'Berstatus PPPK', 'yang Akan Pensiun'],
    },
    breakdowns: { '*': ['Menurut Jenjang Pendidikan', 'Menurut Status Sekolah', 'Berdasarkan Status Sekolah (Negeri/Swasta)', 'Menurut Satuan Pendidikan'], Unit: ['Menurut Akreditasi', 'Menurut Kondisi Bangunan', 'Menurut Kategori'], Orang: ['Menurut Kualifikasi Pendidikan', 'Menurut Mata Pelajaran', 'Menurut Status Kepegawaian', 'Menurut Golongan'], Jiwa: ['Menurut Tingkat Kelas', 'Menurut Usia', 'Menurut Alasan Putus Sekolah'] },
  },

  disdukcapil: {
    counts: {
      Jiwa: ['Penduduk', 'Penduduk Laki-laki', 'Penduduk Perempuan', 'Penduduk Wajib KTP-el', 'Penduduk Usia Produktif', 'Penduduk Lanjut Usia', 'Penduduk Usia Sekolah', 'Penduduk Pindah', 'Penduduk Datang', 'Kelahiran', 'Kematian', 'Penyandang Disabilitas Terdaftar', 'Penduduk Rentan Administrasi Kependudukan', 'Anak Usia 0-17 Tahun', 'Penduduk Warga Negara Asing'],
      KK: ['Kepala Keluarga', 'Keluarga', 'Kepala Keluarga Perempuan'],
      Dokumen: ['Akta Kelahiran yang Diterbitkan', 'Akta Kematian yang Diterbitkan', 'Akta Perkawinan', 'Akta Perceraian', 'Kartu Keluarga (KK) yang Dicetak', 'KTP Elektronik (KTP-el) yang Dicetak', 'Kartu Identitas Anak (KIA) yang Diterbitkan', 'Surat Keterangan Pindah', 'Dokumen Kependudukan yang Diterbitkan', 'Perekaman KTP-el'],
    },
    shares: ['Penduduk yang Memiliki Akta Kelahiran', 'Anak yang Memiliki KIA', 'Kepemilikan KTP-el', 'Penduduk Ber-KTP-el', 'Penduduk Usia 0–18 Tahun yang Memiliki Akta Kelahiran', 'Kepemilikan Akta Kematian', 'Penduduk Usia Produktif'],
    measured: {
      'Jiwa/Km²': ['Kepadatan Penduduk'],
      Persen: ['Laju Pertumbuhan Penduduk', 'Sebaran Penduduk', 'Cakupan Kepemilikan Akta Kelahiran'],
      Rasio: ['Rasio Jenis Kelamin', 'Rasio Ketergantungan'],
      'per 1.000 Penduduk': ['Angka Kelahiran Kasar (CBR)', 'Angka Kematian Kasar (CDR)'],
      'Jiwa/KK': ['Rata-rata Anggota Keluarga', 'Rata-rata Jumlah Jiwa per Keluarga'],
    },
    conditions: {
      Jiwa: ['yang Memiliki Akta Kelahiran', 'yang Memiliki KTP-el', 'yang Memiliki Kartu Identitas Anak (KIA)', 'yang Telah Melakukan Perekaman KTP-el', 'yang Belum Memiliki NIK', 'yang Telah Aktivasi Identitas Kependudukan Digital (IKD)'],
      KK: ['yang Memiliki Kartu Keluarga', 'dengan Kepala Keluarga Perempuan'],
    },
    breakdowns: { Jiwa: ['Menurut Kelompok Umur', 'Menurut Agama', 'Menurut Status Perkawinan', 'Menurut Pendidikan Terakhir', 'Menurut Jenis Pekerjaan', 'Menurut Golongan Darah', 'Menurut Kewarganegaraan', 'Menurut Desa/Kelurahan'], KK: ['Menurut Jumlah Anggota Keluarga', 'Menurut Desa/Kelurahan', 'Menurut Pendidikan Kepala Keluarga'], Dokumen: ['Menurut Jenis Dokumen', 'Menurut Jenis Layanan', 'Menurut Tempat Pelayanan', 'Menurut Bulan Penerbitan'] },
  },

  distanpangan: {
    counts: {
      Unit: ['Kelompok Tani', 'Gabungan Kelompok Tani (Gapoktan)', 'Alat dan Mesin Pertanian (Alsintan)', 'Traktor Roda Dua', 'Penggilingan Padi', 'Lumbung Pangan Masyarakat', 'Kios Pupuk Lengkap', 'Balai Penyuluhan Pertanian (BPP)', 'Rumah Potong Hewan (RPH)', 'Pompa Air', 'Desa Rawan Pangan'],
      Orang: ['Petani', 'Penyuluh Pertanian Lapangan (PPL)', 'Petani Milenial', 'Peternak', 'Penerima Bantuan Benih'],
      KK: ['Rumah Tangga Usaha Pertanian', 'Rumah Tangga Petani Gurem'],
      Ekor: ['Ternak Sapi', 'Hewan Kurban yang Diperiksa', 'Ternak yang Divaksinasi PMK', 'Kasus Penyakit Hewan Menular'],
    },
    shares: ['Desa Rawan Pangan', 'Lahan Sawah Beririgasi Teknis', 'Petani yang Menerima Pupuk Bersubsidi', 'Rumah Tangga Petani Gurem', 'Luas Tanam yang Terserang OPT'],
    measured: {
      Ton: ['Produksi Padi', 'Produksi Padi Sawah', 'Produksi Padi Ladang', 'Produksi Jagung', 'Produksi Kedelai', 'Produksi Kacang Tanah', 'Produksi Ubi Kayu', 'Produksi Ubi Jalar', 'Produksi Cabai Rawit', 'Produksi Cabai Besar', 'Produksi Bawang Merah', 'Produksi Kentang', 'Produksi Kubis', 'Produksi Tomat', 'Produksi Pisang', 'Produksi Mangga', 'Produksi Durian', 'Produksi Manggis', 'Produksi Kopi Arabika', 'Produksi Teh', 'Produksi Kelapa', 'Produksi Cengkih', 'Produksi Daging Sapi', 'Produksi Telur Ayam Ras', 'Ketersediaan Beras', 'Produksi Tanaman Sayuran', 'Produksi Tanaman Biofarmaka'],
      Hektar: ['Luas Lahan Sawah', 'Luas Panen Padi', 'Luas Tanam Padi', 'Luas Lahan Sawah Irigasi', 'Luas Panen Jagung', 'Luas Lahan Kering', 'Luas Areal Perkebunan Rakyat', 'Luas Serangan Organisme Pengganggu Tumbuhan (OPT)', 'Luas Lahan Pertanian Pangan Berkelanjutan (LP2B)', 'Luas Tanam Hortikultura', 'Luas Puso Akibat Banjir/Kekeringan'],
      'Kuintal/Ha': ['Produktivitas Padi Sawah', 'Produktivitas Jagung', 'Produktivitas Kedelai'],
      Ekor: ['Populasi Sapi Potong', 'Populasi Domba', 'Populasi Ayam Buras', 'Populasi Sapi Perah', 'Populasi Kerbau', 'Populasi Kambing', 'Populasi Ayam Ras Pedaging', 'Populasi Itik', 'Pemotongan Ternak'],
      Indeks: ['Nilai Tukar Petani (NTP)', 'Indeks Ketahanan Pangan (IKP)', 'Nilai Tukar Usaha Pertanian (NTUP)'],
      Skor: ['Skor Pola Pangan Harapan (PPH)'],
      'Kg/Kapita/Tahun': ['Rata-rata Konsumsi Beras', 'Konsumsi Pangan Hewani'],
    },
    conditions: {
      Orang: ['yang Tergabung dalam Kelompok Tani', 'Penerima Kartu Tani', 'yang Mengikuti Asuransi Usaha Tani Padi (AUTP)', 'yang Menerima Pupuk Bersubsidi'],
    },
    breakdowns: { '*': ['Menurut Subsektor'], Unit: ['Menurut Jenis Alsintan', 'Berdasarkan Kelas Kelompok Tani', 'Menurut Kondisi'], Orang: ['Berdasarkan Kelas Kelompok Tani', 'Menurut Subsektor Usaha', 'Menurut Luas Lahan Garapan'], KK: ['Menurut Golongan Luas Lahan', 'Menurut Subsektor Usaha'], Ekor: ['Menurut Jenis Ternak', 'Menurut Jenis Penyakit Hewan'], Ton: ['Menurut Jenis Tanaman', 'Menurut Komoditas', 'Menurut Musim Tanam'], Hektar: ['Menurut Jenis Pengairan', 'Menurut Jenis Tanaman', 'Menurut Musim Tanam', 'Menurut Jenis OPT'], 'Kuintal/Ha': ['Menurut Musim Tanam', 'Menurut Varietas'] },
  },

  dinsos: {
    counts: {
      Jiwa: ['Penyandang Masalah Kesejahteraan Sosial (PMKS)', 'Penyandang Disabilitas', 'Anak Terlantar', 'Lanjut Usia Terlantar', 'Anak Jalanan', 'Gelandangan dan Pengemis', 'Korban Bencana Alam', 'Korban Tindak Kekerasan', 'Anak Berhadapan dengan Hukum (ABH)', 'Perempuan Rawan Sosial Ekonomi', 'Orang dengan HIV/AIDS (ODHA)', 'Penerima Bantuan Sosial Tunai (BST)', 'Penghuni Panti Sosial', 'Bekas Warga Binaan Pemasyarakatan', 'Korban Penyalahgunaan NAPZA'],
      KK: ['Keluarga Penerima Manfaat (KPM) PKH', 'Keluarga Penerima Manfaat (KPM) BPNT', 'Rumah Tangga Miskin', 'Keluarga Fakir Miskin', 'Keluarga yang Terdata dalam DTKS', 'Keluarga Rentan', 'Warga Komunitas Adat Terpencil'],
      Orang: ['Pekerja Sosial Masyarakat (PSM)', 'Tenaga Kesejahteraan Sosial Kecamatan (TKSK)', 'Pendamping PKH', 'Relawan Taruna Siaga Bencana (Tagana)'],
      Unit: ['Karang Taruna', 'Lembaga Kesejahteraan Sosial (LKS)', 'Panti Sosial', 'Rumah Singgah', 'Lumbung Sosial'],
    },
    shares: ['Penduduk Miskin yang Terdaftar dalam DTKS', 'PMKS yang Mendapat Pelayanan Sosial', 'Penyandang Disabilitas yang Mendapat Rehabilitasi', 'Korban Bencana yang Tertangani', 'Keluarga Graduasi Mandiri dari PKH'],
    measured: {
      Persen: ['Capaian Standar Pelayanan Minimal (SPM) Bidang Sosial', 'Cakupan Penanganan PMKS'],
      Rupiah: ['Nilai Bantuan Sosial yang Disalurkan', 'Realisasi Penyaluran Bantuan Sosial', 'Realisasi Anggaran Perlindungan Sosial'],
    },
    conditions: {
      Jiwa: ['yang Mendapat Bantuan Sosial', 'yang Mendapat Rehabilitasi Sosial', 'yang Tertangani', 'yang Dirujuk ke Panti Sosial', 'Penerima Asistensi Rehabilitasi Sosial (ATENSI)'],
      KK: ['yang Menerima Bantuan Sosial', 'yang Graduasi Mandiri', 'Penerima Program Keluarga Harapan (PKH)'],
    },
    breakdowns: { '*': ['Menurut Sumber Dana'], Jiwa: ['Menurut Jenis PMKS', 'Menurut Jenis Disabilitas', 'Menurut Jenis Bantuan', 'Menurut Jenis Bencana', 'Menurut Jenis Panti'], KK: ['Menurut Jenis Bantuan', 'Menurut Tahap Penyaluran', 'Menurut Desil Kesejahteraan'], Orang: ['Menurut Wilayah Tugas'], Unit: ['Menurut Jenis Layanan', 'Menurut Status Akreditasi'], Rupiah: ['Menurut Jenis Bantuan', 'Menurut Tahap Penyaluran'] },
  },

  dpupr: {
    counts: {
      Unit: ['Jembatan', 'Jembatan Rusak Berat', 'Daerah Irigasi (DI)', 'Bendung', 'Embung', 'Situ/Danau', 'Sambungan Rumah (SR) Air Minum', 'Sistem Penyediaan Air Minum (SPAM)', 'Instalasi Pengolahan Lumpur Tinja (IPLT)', 'Tempat Pengolahan Sampah Terpadu (TPST)', 'Persetujuan Bangunan Gedung (PBG) yang Diterbitkan', 'Badan Usaha Jasa Konstruksi', 'Paket Pekerjaan Konstruksi', 'Alat Berat', 'Pintu Air'],
      Orang: ['Tenaga Kerja Konstruksi Bersertifikat', 'Tukang Terampil', 'Petugas Operasi dan Pemeliharaan Irigasi'],
    },
    shares: ['Jalan Kabupaten dalam Kondisi Baik', 'Jaringan Irigasi dalam Kondisi Baik', 'Rumah Tangga dengan Akses Air Minum Layak', 'Rumah Tangga dengan Akses Sanitasi Layak', 'Rumah Tangga yang Terlayani SPAM', 'Bangunan Gedung Ber-PBG', 'Desa dengan Akses Jalan Mantap'],
    measured: {
      Km: ['Panjang Jalan Kabupaten', 'Panjang Jalan Desa', 'Panjang Jalan Provinsi', 'Panjang Jalan dalam Kondisi Mantap', 'Panjang Jaringan Irigasi', 'Panjang Saluran Drainase', 'Panjang Tanggul Sungai', 'Panjang Jaringan Perpipaan Air Minum'],
      Hektar: ['Luas Daerah Irigasi', 'Luas Kawasan Rawan Banjir', 'Luas Ruang Terbuka Hijau (RTH) Publik', 'Luas Areal Sawah Terairi'],
      Persen: ['Tingkat Kemantapan Jalan Kabupaten', 'Capaian Standar Pelayanan Minimal (SPM) Pekerjaan Umum', 'Realisasi Fisik Pekerjaan Jalan'],
      'Liter/Detik': ['Kapasitas Produksi SPAM', 'Debit Air Baku', 'Kapasitas Terpasang Instalasi Air Minum'],
      Rupiah: ['Realisasi Anggaran Pembangunan Infrastruktur', 'Nilai Kontrak Pekerjaan Konstruksi'],
    },
    conditions: {},
    breakdowns: { Km: ['Menurut Kondisi Jalan', 'Menurut Jenis Permukaan', 'Menurut Kewenangan', 'Menurut Fungsi Jalan', 'Menurut Kelas Jalan', 'Menurut Ruas Jalan'], Unit: ['Menurut Kondisi', 'Menurut Kondisi Jembatan', 'Menurut Kewenangan', 'Berdasarkan Kualifikasi Usaha', 'Menurut Daerah Irigasi'], Hektar: ['Menurut Daerah Irigasi', 'Menurut Kewenangan'], Persen: ['Menurut Ruas Jalan', 'Menurut Daerah Irigasi'], 'Liter/Detik': ['Menurut Sumber Air Baku', 'Menurut Instalasi'] },
  },

  disperkim: {
    counts: {
      Unit: ['Rumah Tidak Layak Huni (RTLH)', 'Rumah Layak Huni', 'Rumah Tinggal', 'Rumah yang Direhabilitasi', 'Perumahan Baru', 'Prasarana, Sarana dan Utilitas (PSU) yang Diserahkan', 'Penerangan Jalan Umum (PJU)', 'Titik Lampu PJU', 'Tempat Pemakaman Umum (TPU)', 'Taman Kota', 'Rumah Terdampak Bencana', 'Pengembang Perumahan', 'Rumah Susun Sederhana Sewa (Rusunawa)', 'Sertifikat Laik Fungsi (SLF) yang Diterbitkan', 'Kawasan Permukiman Kumuh'],
      KK: ['Rumah Tangga Penerima Bantuan Stimulan Perumahan Swadaya (BSPS)', 'Keluarga Tanpa Rumah', 'Rumah Tangga Penghuni Kawasan Kumuh', 'Backlog Kepemilikan Rumah'],
    },
    shares: ['Rumah Tangga yang Menempati Rumah Layak Huni', 'Kawasan Kumuh yang Tertangani', 'Penerangan Jalan yang Berfungsi', 'Rumah Tangga dengan Kepemilikan Rumah Sendiri', 'Rumah Tangga dengan Lantai Tanah', 'Rumah Tidak Layak Huni'],
    measured: {
      Hektar: ['Luas Kawasan Permukiman Kumuh', 'Luas Taman dan Ruang Terbuka Hijau', 'Luas Lahan Pemakaman', 'Luas Kawasan Perumahan'],
      Persen: ['Cakupan Layanan Penerangan Jalan Umum', 'Capaian Standar Pelayanan Minimal (SPM) Perumahan Rakyat'],
      Rupiah: ['Realisasi Retribusi Pemakaman', 'Nilai Bantuan Perbaikan Rumah'],
    },
    conditions: {
      KK: ['yang Menempati Rumah Tidak Layak Huni', 'yang Menerima Bantuan Rumah', 'yang Belum Memiliki Rumah'],
    },
    breakdowns: { Unit: ['Menurut Status Kepemilikan', 'Menurut Jenis Atap', 'Menurut Jenis Lantai', 'Menurut Jenis Dinding', 'Menurut Tipe Rumah', 'Menurut Sumber Dana', 'Menurut Tingkat Kekumuhan'], KK: ['Menurut Status Kepemilikan Rumah', 'Menurut Sumber Penerangan', 'Menurut Sumber Dana'], Persen: ['Menurut Status Kepemilikan', 'Menurut Sumber Penerangan'], Hektar: ['Menurut Tingkat Kekumuhan'] },
  },

  disnaker: {
    counts: {
      Orang: ['Pencari Kerja Terdaftar', 'Angkatan Kerja', 'Penduduk Bekerja', 'Pengangguran Terbuka', 'Pencari Kerja yang Ditempatkan', 'Tenaga Kerja Asing (TKA)', 'Pekerja Migran Indonesia (PMI)', 'Peserta Pelatihan Kerja', 'Lulusan Balai Latihan Kerja (BLK)', 'Pekerja Penerima Upah', 'Peserta BPJS Ketenagakerjaan', 'Pekerja yang Terkena PHK', 'Pekerja Anak', 'Peserta Pemagangan'],
      Unit: ['Perusahaan Wajib Lapor Ketenagakerjaan', 'Lowongan Kerja Terdaftar', 'Perusahaan yang Memiliki Peraturan Perusahaan', 'Serikat Pekerja/Serikat Buruh', 'Lembaga Pelatihan Kerja Swasta (LPKS)', 'Lembaga Kerja Sama (LKS) Bipartit', 'Bursa Kerja Khusus (BKK)'],
      Kasus: ['Kasus Perselisihan Hubungan Industrial', 'Kecelakaan Kerja', 'Kasus Pemutusan Hubungan Kerja'],
    },
    shares: ['Pencari Kerja yang Ditempatkan', 'Tenaga Kerja yang Terdaftar BPJS Ketenagakerjaan', 'Pekerja Informal', 'Penduduk Usia 15 Tahun ke Atas yang Bekerja', 'Perusahaan yang Menerapkan Upah Minimum'],
    measured: {
      Persen: ['Tingkat Pengangguran Terbuka (TPT)', 'Tingkat Partisipasi Angkatan Kerja (TPAK)', 'Tingkat Kesempatan Kerja (TKK)', 'Tingkat Setengah Pengangguran'],
      Rupiah: ['Upah Minimum Kabupaten (UMK)', 'Rata-rata Upah Buruh', 'Rata-rata Upah Pekerja Bebas', 'Rata-rata Pendapatan Bersih Pekerja Informal'],
    },
    conditions: {
      Orang: ['yang Telah Bersertifikat Kompetensi', 'yang Diterima Bekerja', 'Lulusan SMA/SMK', 'Berusia 15–24 Tahun', 'yang Terdaftar sebagai Peserta BPJS Ketenagakerjaan', 'Penyandang Disabilitas'],
    },
    breakdowns: { Orang: ['Berdasarkan Tingkat Pendidikan', 'Menurut Lapangan Usaha', 'Menurut Status Pekerjaan Utama', 'Menurut Jenis Jabatan', 'Menurut Negara Tujuan', 'Menurut Jenis Pelatihan', 'Menurut Golongan Umur', 'Menurut Jenis Kejuruan'], Unit: ['Menurut Sektor', 'Menurut Skala Perusahaan', 'Menurut Jenis Jabatan'], Kasus: ['Menurut Sektor', 'Menurut Jenis Perselisihan', 'Menurut Tahap Penyelesaian'], Persen: ['Menurut Tingkat Pendidikan', 'Menurut Golongan Umur'], Rupiah: ['Menurut Lapangan Usaha', 'Menurut Jenis Pekerjaan'] },
  },

  dlh: {
    counts: {
      Unit: ['Bank Sampah', 'Tempat Penampungan Sementara (TPS)', 'Bank Sampah Aktif', 'TPS3R', 'Armada Pengangkut Sampah', 'Tempat Pemrosesan Akhir (TPA)', 'Sumur Resapan', 'Lubang Resapan Biopori', 'Titik Pantau Kualitas Air Sungai', 'Sekolah Adiwiyata', 'Kampung Iklim (ProKlim)', 'Usaha/Kegiatan Wajib AMDAL'],
      Dokumen: ['Dokumen AMDAL', 'Dokumen UKL-UPL', 'Surat Pernyataan Pengelolaan Lingkungan (SPPL)', 'Persetujuan Lingkungan yang Diterbitkan'],
      Kasus: ['Pengaduan Pencemaran Lingkungan', 'Kasus Pencemaran Sungai'],
      Orang: ['Petugas Kebersihan', 'Nasabah Bank Sampah', 'Kader Lingkungan'],
      Batang: ['Pohon yang Ditanam', 'Bibit Pohon yang Dibagikan'],
    },
    shares: ['Sampah yang Tertangani', 'Sampah yang Terkurangi', 'Usaha/Kegiatan yang Taat terhadap Persetujuan Lingkungan', 'Sungai dengan Status Mutu Baik', 'Penduduk yang Terlayani Pengangkutan Sampah'],
    measured: {
      Ton: ['Volume Sampah Terangkut', 'Timbulan Sampah', 'Volume Sampah yang Dikelola di TPA', 'Volume Sampah yang Didaur Ulang', 'Volume Sampah Plastik', 'Volume Limbah B3 yang Dikelola'],
      Hektar: ['Luas Ruang Terbuka Hijau (RTH)', 'Luas Lahan Kritis', 'Luas Lahan Kritis yang Direhabilitasi', 'Luas Hutan Rakyat', 'Luas Kawasan Lindung'],
      Indeks: ['Indeks Kualitas Lingkungan Hidup (IKLH)', 'Indeks Kualitas Air (IKA)', 'Indeks Kualitas Udara (IKU)', 'Indeks Kualitas Tutupan Lahan (IKTL)'],
      'mg/L': ['Kadar BOD Air Sungai', 'Kadar COD Air Sungai'],
      'µg/m³': ['Konsentrasi PM2,5 Udara Ambien', 'Konsentrasi NO₂ Udara Ambien'],
    },
    conditions: {},
    breakdowns: { Ton: ['Menurut Sumber Sampah', 'Menurut Jenis Sampah', 'Menurut Komposisi Sampah', 'Menurut TPA'], Unit: ['Menurut Status', 'Menurut Jenis Usaha/Kegiatan', 'Menurut Kondisi'], Dokumen: ['Menurut Jenis Usaha/Kegiatan', 'Menurut Status Persetujuan'], Kasus: ['Menurut Jenis Pencemaran', 'Menurut Status Penanganan'], Batang: ['Menurut Jenis Pohon', 'Menurut Lokasi Penanaman'], Indeks: ['Menurut Parameter', 'Menurut Komponen'], 'mg/L': ['Menurut Titik Pantau', 'Menurut Sungai'], 'µg/m³': ['Menurut Titik Pantau', 'Menurut Bulan Pengukuran'] },
  },

  dishub: {
    counts: {
      Unit: ['Kendaraan Bermotor', 'Kendaraan Wajib Uji', 'Kendaraan yang Lulus Uji Berkala', 'Angkutan Kota', 'Angkutan Perdesaan', 'Trayek Angkutan Umum', 'Terminal Penumpang Tipe C', 'Halte', 'Rambu Lalu Lintas', 'Alat Pemberi Isyarat Lalu Lintas (APILL)', 'Titik Parkir', 'Lokasi Rawan Kecelakaan', 'Perlintasan Sebidang Kereta Api', 'Cermin Tikungan', 'Izin Trayek yang Diterbitkan', 'Pagar Pengaman Jalan (Guardrail)'],
      Kasus: ['Kecelakaan Lalu Lintas', 'Pelanggaran Lalu Lintas', 'Pelanggaran Muatan Lebih (ODOL)'],
      Orang: ['Korban Kecelakaan Lalu Lintas', 'Korban Meninggal Dunia Akibat Kecelakaan', 'Juru Parkir', 'Penumpang Angkutan Umum', 'Penumpang Terminal', 'Pengemudi Angkutan Umum'],
    },
    shares: ['Kendaraan yang Lulus Uji', 'Jalan yang Dilengkapi Rambu', 'Desa yang Terlayani Angkutan Umum', 'Penurunan Angka Kecelakaan'],
    measured: {
      Rupiah: ['Realisasi Retribusi Parkir', 'Realisasi Retribusi Pengujian Kendaraan Bermotor', 'Realisasi Retribusi Terminal'],
      'SMP/Jam': ['Volume Lalu Lintas Harian Rata-rata (LHR)', 'Volume Lalu Lintas Jam Puncak'],
      'Km/Jam': ['Rata-rata Kecepatan Perjalanan'],
      Rasio: ['Rasio Volume per Kapasitas Jalan (V/C Ratio)', 'Rasio Kendaraan per Panjang Jalan'],
      Km: ['Panjang Jalan yang Dilengkapi Marka', 'Panjang Jalur Sepeda'],
    },
    conditions: {
      Orang: ['Usia Pelajar', 'yang Tidak Memiliki SIM'],
    },
    breakdowns: { Unit: ['Menurut Jenis Kendaraan', 'Menurut Jenis Angkutan', 'Menurut Trayek', 'Menurut Ruas Jalan', 'Menurut Jenis Bahan Bakar', 'Menurut Merek Kendaraan'], Kasus: ['Menurut Waktu Kejadian', 'Menurut Jenis Pelanggaran', 'Menurut Ruas Jalan', 'Menurut Jenis Kendaraan'], Orang: ['Menurut Usia Korban', 'Menurut Jenis Angkutan', 'Menurut Terminal'], 'SMP/Jam': ['Menurut Ruas Jalan', 'Menurut Jenis Kendaraan'], Rupiah: ['Menurut Lokasi Parkir', 'Menurut Jenis Kendaraan'] },
  },

  diskominfo: {
    counts: {
      Unit: ['Menara Telekomunikasi (BTS)', 'Titik Akses Internet Publik (Wi-Fi)', 'Desa yang Terjangkau Sinyal 4G', 'Desa Blank Spot', 'Aplikasi Layanan Publik', 'Situs Web Perangkat Daerah', 'Subdomain Resmi Pemerintah Daerah', 'Kelompok Informasi Masyarakat (KIM)', 'Permohonan Informasi Publik', 'Dataset yang Dipublikasikan di Portal Satu Data', 'Lembaga Penyiaran Lokal', 'Radio Komunitas', 'Berita yang Dipublikasikan', 'Konten Media Sosial', 'Siaran Pers'],
      Kasus: ['Insiden Keamanan Siber', 'Aduan Masyarakat melalui SP4N-LAPOR!', 'Serangan Siber yang Terdeteksi'],
      Orang: ['Pengikut Media Sosial Resmi', 'Pengunjung Situs Web Resmi', 'Pejabat Pengelola Informasi dan Dokumentasi (PPID)', 'Pranata Komputer', 'Statistisi', 'Peserta Literasi Digital'],
    },
    shares: ['Desa yang Terjangkau Internet', 'Perangkat Daerah yang Menerapkan SPBE', 'Aduan yang Ditindaklanjuti', 'Permohonan Informasi yang Diselesaikan', 'Layanan Publik Berbasis Elektronik', 'Data Sektoral yang Dimutakhirkan'],
    measured: {
      Indeks: ['Indeks Sistem Pemerintahan Berbasis Elektronik (SPBE)', 'Indeks Keterbukaan Informasi Publik', 'Indeks Pembangunan Statistik (IPS)', 'Indeks Keamanan Informasi (KAMI)', 'Indeks Literasi Digital'],
      Mbps: ['Kapasitas Bandwidth Internet Pemerintah', 'Rata-rata Kecepatan Internet Desa'],
    },
    conditions: {},
    breakdowns: { '*': ['Menurut Perangkat Daerah'], Unit: ['Menurut Operator', 'Menurut Jenis Layanan', 'Menurut Teknologi Jaringan (2G/3G/4G)', 'Menurut Jenis Informasi', 'Menurut Platform Media Sosial'], Kasus: ['Menurut Kanal Pengaduan', 'Menurut Status Tindak Lanjut', 'Menurut Jenis Serangan'], Orang: ['Menurut Platform Media Sosial', 'Menurut Jenis Jabatan Fungsional'] },
  },

  dispar: {
    counts: {
      Orang: ['Kunjungan Wisatawan Nusantara', 'Kunjungan Wisatawan Mancanegara', 'Wisatawan', 'Pengunjung Objek Wisata', 'Tamu Hotel', 'Pelaku Ekonomi Kreatif', 'Pemandu Wisata Bersertifikat', 'Tenaga Kerja Sektor Pariwisata', 'Pengunjung Museum', 'Seniman'],
      Unit: ['Objek Wisata', 'Daya Tarik Wisata (DTW)', 'Desa Wisata', 'Hotel Berbintang', 'Hotel Non Bintang', 'Hotel & Penginapan', 'Homestay', 'Kamar Hotel', 'Restoran/Rumah Makan', 'Café & Restoran', 'Kafé dan Kedai Kopi', 'Biro Perjalanan Wisata', 'Event Pariwisata', 'Festival Budaya & Kuliner', 'Usaha Pariwisata', 'Kelompok Sadar Wisata (Pokdarwis)', 'Usaha Ekonomi Kreatif', 'Sanggar Seni Budaya', 'Gedung Kesenian'],
    },
    shares: ['Desa Wisata Mandiri', 'Usaha Pariwisata Bersertifikat CHSE', 'Kontribusi Sektor Pariwisata terhadap PDRB', 'Wisatawan Mancanegara'],
    measured: {
      Persen: ['Tingkat Penghunian Kamar (TPK) Hotel', 'Pertumbuhan Kunjungan Wisatawan'],
      Hari: ['Rata-rata Lama Menginap Tamu'],
      Rupiah: ['Realisasi Pajak Hotel', 'Realisasi Pajak Restoran', 'Pendapatan Retribusi Tempat Rekreasi', 'Rata-rata Pengeluaran Wisatawan', 'Nilai Investasi Sektor Pariwisata'],
      Indeks: ['Indeks Daya Saing Pariwisata'],
    },
    conditions: {
      Orang: ['yang Menginap', 'yang Telah Bersertifikat Kompetensi'],
    },
    breakdowns: { Orang: ['Menurut Objek Wisata', 'Menurut Asal Negara', 'Menurut Bulan Kunjungan', 'Menurut Klasifikasi Hotel', 'Menurut Subsektor Ekonomi Kreatif'], Unit: ['Menurut Jenis Wisata', 'Menurut Klasifikasi Hotel', 'Menurut Jenis Usaha Pariwisata', 'Menurut Status Desa Wisata', 'Menurut Subsektor Ekonomi Kreatif'], Persen: ['Menurut Klasifikasi Hotel', 'Menurut Bulan'], Rupiah: ['Menurut Jenis Usaha', 'Menurut Objek Wisata'] },
  },

  diskan: {
    counts: {
      Unit: ['Kolam Ikan', 'Keramba Jaring Apung (KJA)', 'Unit Pembenihan Rakyat (UPR)', 'Unit Pengolahan Ikan (UPI)', 'Kelompok Pembudidaya Ikan (Pokdakan)', 'Kelompok Pengolah dan Pemasar (Poklahsar)', 'Kelompok Usaha Bersama (KUB) Nelayan', 'Perahu/Kapal Penangkap Ikan', 'Alat Tangkap Ikan', 'Balai Benih Ikan (BBI)', 'Tempat Pelelangan Ikan (TPI)'],
      Orang: ['Nelayan', 'Pembudidaya Ikan', 'Pengolah Hasil Perikanan', 'Pemasar Hasil Perikanan', 'Penyuluh Perikanan'],
      Ekor: ['Benih Ikan yang Disalurkan', 'Produksi Benih Ikan', 'Produksi Ikan Hias'],
    },
    shares: ['Pembudidaya Ikan yang Menerapkan CBIB', 'Unit Pengolahan Ikan Bersertifikat Kelayakan Pengolahan'],
    measured: {
      Ton: ['Produksi Perikanan Budidaya', 'Produksi Perikanan Tangkap', 'Produksi Ikan Kolam', 'Produksi Ikan Mina Padi', 'Produksi Olahan Hasil Perikanan', 'Produksi Udang Vaname', 'Produksi Ikan Lele', 'Produksi Ikan Nila', 'Produksi Ikan Mas', 'Produksi Gurame', 'Produksi Perikanan Perairan Umum'],
      Hektar: ['Luas Kolam Budidaya', 'Luas Lahan Mina Padi', 'Luas Tambak'],
      Rupiah: ['Nilai Produksi Perikanan Budidaya', 'Nilai Produksi Perikanan Tangkap'],
      'Kg/Kapita/Tahun': ['Angka Konsumsi Ikan'],
      Indeks: ['Nilai Tukar Pembudidaya Ikan (NTPi)', 'Nilai Tukar Nelayan (NTN)'],
    },
    conditions: {
      Orang: ['yang Memiliki Kartu KUSUKA', 'Penerima Bantuan Sarana Budidaya', 'yang Terdaftar Asuransi Nelayan'],
    },
    breakdowns: { '*': ['Menurut Komoditas', 'Menurut Jenis Ikan'], Unit: ['Menurut Jenis Budidaya', 'Menurut Wadah Budidaya', 'Menurut Jenis Alat Tangkap', 'Menurut Ukuran Kapal (GT)', 'Menurut Kelas Kelompok'], Orang: ['Menurut Jenis Budidaya', 'Menurut Status Nelayan'], Ton: ['Menurut Jenis Budidaya', 'Menurut Wadah Budidaya', 'Menurut Jenis Olahan'], Hektar: ['Menurut Wadah Budidaya'] },
  },

  diskopum: {
    counts: {
      Unit: ['Koperasi', 'Koperasi Aktif', 'Usaha Mikro', 'Usaha Mikro, Kecil dan Menengah (UMKM)', 'Koperasi Tidak Aktif', 'Koperasi yang Melaksanakan RAT', 'Koperasi Simpan Pinjam', 'Koperasi Unit Desa (KUD)', 'Koperasi Wanita', 'Koperasi Produsen', 'Koperasi Syariah', 'Usaha Kecil', 'Usaha Menengah', 'UMKM yang Memiliki NIB', 'UMKM Binaan', 'UMKM yang Go Digital', 'Produk UMKM Bersertifikat Halal', 'Sentra Industri Kecil', 'Badan Usaha Milik Desa (BUMDes)'],
      Orang: ['Anggota Koperasi', 'Pelaku UMKM', 'Tenaga Kerja UMKM', 'Pengelola Koperasi yang Dilatih', 'Penerima Bantuan Produktif Usaha Mikro (BPUM)', 'Peserta Pelatihan Kewirausahaan', 'Wirausaha Baru'],
    },
    shares: ['Koperasi Aktif', 'Koperasi Sehat', 'UMKM yang Naik Kelas', 'UMKM yang Mengakses Permodalan', 'UMKM yang Memanfaatkan Pemasaran Digital'],
    measured: {
      Rupiah: ['Volume Usaha Koperasi', 'Modal Sendiri Koperasi', 'Modal Luar Koperasi', 'Sisa Hasil Usaha (SHU) Koperasi', 'Nilai Aset Koperasi', 'Omzet UMKM', 'Realisasi Penyaluran Kredit Usaha Rakyat (KUR)', 'Nilai Aset UMKM'],
      Persen: ['Pertumbuhan Wirausaha Baru', 'Tingkat Keaktifan Koperasi'],
    },
    conditions: {
      Orang: ['Perempuan', 'Penerima KUR', 'yang Telah Mendapat Pendampingan'],
    },
    breakdowns: { Unit: ['Menurut Jenis Koperasi', 'Menurut Skala Usaha', 'Menurut Sektor Usaha', 'Menurut Jenis Usaha', 'Menurut Kelompok Koperasi', 'Menurut Klasifikasi Koperasi', 'Menurut Bentuk Badan Hukum'], Orang: ['Menurut Jenis Koperasi', 'Menurut Skala Usaha', 'Menurut Sektor Usaha'], Rupiah: ['Menurut Jenis Koperasi', 'Menurut Skala Usaha', 'Menurut Sektor Usaha'] },
  },

  disperindag: {
    counts: {
      Unit: ['Pasar Tradisional', 'Toko Modern', 'Pasar Rakyat', 'Pasar Desa', 'Minimarket', 'Pusat Perbelanjaan', 'Kios dan Los Pasar', 'Industri Kecil dan Menengah (IKM)', 'Industri Besar', 'Sentra IKM', 'Izin Usaha Industri yang Diterbitkan', 'Gudang Terdaftar', 'Stasiun Pengisian Bahan Bakar Umum (SPBU)', 'Pangkalan LPG 3 Kg', 'Alat Ukur, Takar, Timbang dan Perlengkapannya (UTTP) yang Ditera Ulang'],
      Orang: ['Pedagang Pasar', 'Pedagang Kaki Lima (PKL)', 'Tenaga Kerja Industri', 'Pelaku Usaha Perdagangan', 'Peserta Pelatihan Industri'],
    },
    shares: ['Pasar Rakyat dalam Kondisi Baik', 'UTTP yang Sah Hasil Tera Ulang', 'Kontribusi Sektor Industri Pengolahan terhadap PDRB', 'Kios Pasar yang Terisi'],
    measured: {
      Rupiah: ['Nilai Ekspor', 'Nilai Impor', 'Nilai Investasi Industri', 'Nilai Produksi Industri Kecil', 'Realisasi Retribusi Pasar', 'Nilai Transaksi Pasar Lelang'],
      'Rp/Kg': ['Harga Rata-rata Beras Medium', 'Harga Rata-rata Cabai Merah Keriting', 'Harga Rata-rata Bawang Merah', 'Harga Rata-rata Gula Pasir', 'Harga Eceran Daging Sapi', 'Harga Eceran Telur Ayam Ras', 'Harga Rata-rata Minyak Goreng Curah'],
      Indeks: ['Indeks Harga Konsumen (IHK)', 'Indeks Harga Perdagangan Besar (IHPB)'],
      Persen: ['Tingkat Inflasi', 'Laju Pertumbuhan Sektor Industri'],
      Ton: ['Volume Ekspor', 'Ketersediaan Stok Beras', 'Volume Penyaluran LPG 3 Kg'],
    },
    conditions: {},
    breakdowns: { Unit: ['Menurut Jenis Pasar', 'Menurut Jenis Industri', 'Menurut KBLI', 'Menurut Kondisi Bangunan', 'Menurut Jenis UTTP'], Orang: ['Menurut Jenis Pasar', 'Menurut Jenis Dagangan', 'Menurut Jenis Industri'], Rupiah: ['Menurut Negara Tujuan', 'Menurut Jenis Komoditas', 'Menurut Jenis Industri', 'Menurut KBLI'], 'Rp/Kg': ['Menurut Pasar', 'Menurut Bulan', 'Menurut Minggu'], Indeks: ['Menurut Kelompok Pengeluaran', 'Menurut Jenis Barang'], Ton: ['Menurut Jenis Komoditas', 'Menurut Negara Tujuan', 'Menurut Jenis Barang'] },
  },

  bps: {
    counts: {
      Jiwa: ['Penduduk Usia 15 Tahun ke Atas', 'Penduduk Usia Sekolah', 'Penduduk Buta Huruf', 'Penduduk Usia 5 Tahun ke Atas', 'Penduduk Usia 7–24 Tahun', 'Penduduk Miskin'],
      KK: ['Rumah Tangga', 'Rumah Tangga Miskin'],
    },
    shares: ['Penduduk Usia 15+ yang Melek Huruf', 'Penduduk Usia 15 Tahun ke Atas Menurut Ijazah Tertinggi', 'Penduduk Usia 5 Tahun ke Atas yang Mengakses Internet', 'Penduduk Usia 7–24 Tahun yang Masih Sekolah', 'Penduduk Usia 15 Tahun ke Atas yang Tidak/Belum Pernah Sekolah', 'Rumah Tangga yang Memiliki Komputer', 'Anak Usia 5–6 Tahun yang Mengikuti PAUD', 'Penduduk Miskin'],
    measured: {
      Persen: ['Angka Melek Huruf (AMH)', 'Angka Buta Huruf', 'Angka Partisipasi Sekolah (APS)', 'Angka Partisipasi Murni (APM)', 'Angka Partisipasi Kasar (APK)', 'Angka Partisipasi Perguruan Tinggi'],
      Tahun: ['Rata-rata Lama Sekolah (RLS)', 'Harapan Lama Sekolah (HLS)'],
      Rupiah: ['Rata-rata Pengeluaran per Kapita untuk Pendidikan', 'Garis Kemiskinan'],
      Indeks: ['Indeks Pendidikan', 'Indeks Kedalaman Kemiskinan (P1)', 'Indeks Keparahan Kemiskinan (P2)'],
    },
    conditions: {
      Jiwa: ['yang Masih Sekolah', 'yang Tidak Bersekolah Lagi', 'yang Melek Huruf', 'yang Mengakses Internet'],
    },
    breakdowns: { '*': ['Menurut Daerah Tempat Tinggal', 'Menurut Kuintil Pengeluaran'], Jiwa: ['Menurut Ijazah Tertinggi yang Dimiliki', 'Menurut Partisipasi Sekolah', 'Menurut Kelompok Umur Sekolah', 'Menurut Kemampuan Membaca dan Menulis'], Persen: ['Menurut Kelompok Umur Sekolah', 'Menurut Jenjang Pendidikan'], KK: ['Menurut Sumber Penghasilan Utama'] },
  },

  bappeda: {
    counts: {
      Unit: ['Desa Mandiri', 'Desa Berkembang', 'Desa Tertinggal', 'Program Prioritas Daerah', 'Usulan Musrenbang Kecamatan', 'Perangkat Daerah', 'Produk Hukum Daerah', 'Peraturan Daerah (Perda)', 'Peraturan Bupati (Perbup)', 'Proyek Strategis Daerah', 'Desa dan Kelurahan', 'Rukun Warga (RW)', 'Rukun Tetangga (RT)', 'Inovasi Daerah'],
      Orang: ['Aparatur Sipil Negara (ASN)', 'Pegawai Negeri Sipil (PNS)', 'Pegawai Pemerintah dengan Perjanjian Kerja (PPPK)', 'Pejabat Struktural', 'Pejabat Fungsional', 'Perangkat Desa', 'Anggota DPRD', 'Anggota Badan Permusyawaratan Desa (BPD)', 'Pemilih Terdaftar dalam DPT'],
      Bidang: ['Aset Tanah Pemerintah Daerah', 'Tanah Bersertifikat Milik Daerah'],
    },
    shares: ['Penduduk Miskin', 'Desa Berstatus Mandiri', 'Rekomendasi BPK yang Ditindaklanjuti', 'ASN Berpendidikan S1 ke Atas', 'Partisipasi Pemilih', 'Keterwakilan Perempuan di DPRD'],
    measured: {
      Rupiah: ['Realisasi Pendapatan Asli Daerah (PAD)', 'Realisasi Pajak Daerah', 'Realisasi Retribusi Daerah', 'Realisasi Belanja Daerah', 'Realisasi Belanja Modal', 'Realisasi Dana Desa', 'Alokasi Dana Desa (ADD)', 'Dana Alokasi Umum (DAU)', 'Dana Alokasi Khusus (DAK)', 'Dana Bagi Hasil (DBH)', 'Anggaran Pendapatan dan Belanja Daerah (APBD)', 'Produk Domestik Regional Bruto (PDRB) Atas Dasar Harga Berlaku', 'PDRB Atas Dasar Harga Konstan 2010', 'PDRB per Kapita', 'Realisasi Investasi PMDN', 'Realisasi Investasi PMA', 'Sisa Lebih Pembiayaan Anggaran (SiLPA)', 'Pendapatan Transfer'],
      Indeks: ['Indeks Pembangunan Manusia (IPM)', 'Indeks Pembangunan Gender (IPG)', 'Indeks Pemberdayaan Gender (IDG)', 'Indeks Gini', 'Indeks Desa Membangun (IDM)', 'Indeks Kepuasan Masyarakat (IKM)', 'Indeks Reformasi Birokrasi', 'Indeks Demokrasi Indonesia (IDI)', 'Indeks Kemahalan Konstruksi (IKK)'],
      Persen: ['Laju Pertumbuhan Ekonomi', 'Tingkat Kemiskinan', 'Capaian Kinerja Program Prioritas', 'Realisasi Fisik Kegiatan', 'Kontribusi PAD terhadap Pendapatan Daerah', 'Derajat Desentralisasi Fiskal', 'Laju Inflasi'],
    },
    conditions: {
      Orang: ['Berpendidikan S2/S3', 'yang Mengikuti Pendidikan dan Pelatihan', 'Perempuan', 'yang Memasuki Masa Pensiun'],
    },
    breakdowns: { Rupiah: ['Menurut Lapangan Usaha', 'Menurut Pengeluaran', 'Menurut Jenis Pajak', 'Menurut Jenis Retribusi', 'Menurut Sumber Pendapatan', 'Menurut Urusan Pemerintahan', 'Menurut Jenis Belanja', 'Menurut Perangkat Daerah'], Indeks: ['Menurut Komponen', 'Menurut Dimensi', 'Menurut Unit Layanan'], Persen: ['Menurut Lapangan Usaha', 'Menurut Perangkat Daerah', 'Menurut Program'], Unit: ['Menurut Status Desa', 'Menurut Urusan Pemerintahan', 'Menurut Jenis Produk Hukum'], Orang: ['Menurut Golongan', 'Menurut Eselon', 'Menurut Perangkat Daerah', 'Menurut Jenis Jabatan', 'Menurut Partai Politik'] },
  },
};
