// Place names of a West/Central Java regency built from Sundanese and Javanese syllables:
// thousands of distinct names, a few of them common (as Sukamaju or Sidorejo are in reality).
import { skewedPick, type SeededRandom } from './seeded-random.ts';

const SUNDA_HEADS = [
  'Suka',
  'Mekar',
  'Sindang',
  'Karang',
  'Tanjung',
  'Sumber',
  'Pasir',
  'Marga',
  'Giri',
  'Jati',
  'Bojong',
  'Ranca',
  'Leuwi',
  'Sirna',
  'Wangun',
  'Cinta',
  'Mulya',
  'Kerta',
  'Hegar',
  'Situ',
  'Talaga',
  'Gunung',
  'Pada',
  'Bina',
  'Raja',
  'Linggar',
  'Banjar',
  'Wana',
  'Negla',
  'Sagara',
];
const SUNDA_TAILS = [
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
  'maju',
  'resmi',
  'hayu',
  'galih',
  'sukma',
  'kerta',
  'manah',
  'harja',
  'senang',
  'rasa',
  'jadi',
  'pawitan',
  'endah',
  'waras',
  'gede',
  'loa',
  'herang',
  'mukti',
  'wargi',
  'tengah',
];
const CI_ROOTS = [
  'kadu',
  'beber',
  'koneng',
  'bodas',
  'lampeni',
  'tarik',
  'awi',
  'hurip',
  'jambu',
  'manuk',
  'tangkil',
  'kalong',
  'pedes',
  'leungsi',
  'sarua',
  'gerem',
  'karang',
  'peundeuy',
  'nangka',
  'gadog',
  'jeruk',
  'ampel',
  'mincul',
  'tepus',
  'batu',
  'bitung',
  'panas',
  'haur',
  'kole',
  'dahu',
  'kembang',
  'sompet',
  'mara',
  'patujah',
  'rende',
  'lengkong',
  'kaso',
  'bereum',
  'jengkol',
  'salak',
];
const JAWA_HEADS = [
  'Sido',
  'Karang',
  'Wono',
  'Tegal',
  'Ngadi',
  'Purwo',
  'Mojo',
  'Kali',
  'Banyu',
  'Sri',
  'Kerto',
  'Jati',
  'Sumber',
  'Suko',
  'Kedung',
  'Giri',
  'Wringin',
  'Pandan',
  'Tanjung',
  'Rejo',
  'Margo',
  'Tirto',
  'Harjo',
  'Dadap',
  'Gondang',
  'Bulu',
  'Sambi',
  'Ngemplak',
];
const JAWA_TAILS = [
  'rejo',
  'harjo',
  'mulyo',
  'agung',
  'sari',
  'anyar',
  'dadi',
  'utomo',
  'kerto',
  'makmur',
  'asri',
  'luhur',
  'joyo',
  'wangi',
  'sido',
  'mukti',
  'arum',
  'binangun',
  'ombo',
  'rahayu',
  'lor',
  'kidul',
  'wetan',
  'kulon',
  'tengah',
];
const MODIFIERS = [
  'Kidul',
  'Kaler',
  'Lor',
  'Wetan',
  'Kulon',
  'Tengah',
  'Utara',
  'Selatan',
  'Barat',
  'Timur',
  'Baru',
  'Indah',
  'Hilir',
  'Hulu',
  'Girang',
];

/** A village or district name: "Sukamaju", "Cikadu", "Sidorejo Kidul". */
export function placeName(random: SeededRandom): string {
  const style = random.next();
  const base =
    style < 0.45
      ? skewedPick(random, SUNDA_HEADS, 1.15) + skewedPick(random, SUNDA_TAILS, 1.15)
      : style < 0.7
        ? `Ci${skewedPick(random, CI_ROOTS, 1.15)}${random.chance(0.25) ? random.pick(SUNDA_TAILS) : ''}`
        : skewedPick(random, JAWA_HEADS, 1.15) + skewedPick(random, JAWA_TAILS, 1.15);
  return random.chance(0.14) ? `${base} ${random.pick(MODIFIERS)}` : base;
}

/** A district name; now and then the regency's town district ("Kota", "Kota Kulon", "Kotabaru"). */
export function kecamatanName(random: SeededRandom): string {
  if (random.chance(0.03))
    return random.pick(['Kota', 'Kota Kulon', 'Kota Wetan', 'Kotabaru', 'Kota Utara']);
  return placeName(random);
}

/** A health centre's name: a place name, now and then numbered or "DTP" (with in-patient care). */
export function puskesmasName(random: SeededRandom): string {
  const name = placeName(random);
  return random.chance(0.15) ? `${name} ${random.pick(['I', 'II', 'III', 'DTP'])}` : name;
}
