// Realistic, nearly all distinct titles for the synthetic catalogue, in the manner of the regional
// Satu Data portals: a measure and a subject from the data source's vocabulary, then optionally a
// condition, a breakdown, a place and a period, and now and then a quirk of real exports.
// Pure: the same random source state gives the same title.
import { kecamatanName, placeName, puskesmasName } from './place-names.ts';
import { seededRandom, skewedPick, type SeededRandom } from './seeded-random.ts';
import {
  BREAKDOWNS_ANY,
  BREAKDOWNS_PEOPLE,
  PEOPLE_UNITS,
  RATE_QUALIFIERS,
  VOCABULARY,
} from './title-vocabulary.ts';

export interface TitleTheme {
  /** A data-source slug with a vocabulary ("dinkes", "bappeda"...). */
  source: string;
  /** The theme's table kind: a "bySex" table makes a sex breakdown likely. */
  table?: string;
  /** The years the element's data covers: periods name them. */
  firstYear: number;
  lastYear: number;
}

export interface RealisticTitle {
  title: string;
  /** The unit the measure implies ("Persen" for Persentase, "Ton" for Produksi...). */
  unit: string;
  /** The subject without its measure word, for the metadata. */
  variable: string;
}

const MAX_LENGTH = 140;
const ROMAN = ['I', 'II', 'III', 'IV'];
const MONTHS = [
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
];

/** One title for an element of the given theme. */
export function realisticTitle(random: SeededRandom, theme: TitleTheme): RealisticTitle {
  const vocabulary = VOCABULARY[theme.source];
  if (!vocabulary) throw new Error(`no title vocabulary for the data source ${theme.source}`);
  const subjectParts = subject(random, theme.source);
  let { head, unit, variable } = subjectParts;
  const { people } = subjectParts;

  const conditions = vocabulary.conditions[unit] ?? [];
  let condition =
    people && conditions.length && random.chance(0.35) ? skewedPick(random, conditions) : '';
  if (condition && random.chance(0.3)) {
    head = `${random.chance(0.85) ? 'Persentase' : 'Proporsi'} ${variable}`; // "Persentase Penduduk yang Memiliki KTP-el"
    unit = 'Persen';
  }
  if (condition) variable = `${variable} ${condition}`;
  if (!condition && ['Unit', 'Orang', 'Kasus'].includes(unit) && random.chance(0.04)) {
    condition = random.pick(RATE_QUALIFIERS); // "Jumlah Puskesmas per 100.000 Penduduk"
    unit = 'Rasio';
  }
  const breakdown = random.chance(0.5) ? pickBreakdown(random, theme, unit, people) : '';
  const place = random.chance(0.8) ? pickPlace(random, theme.source, variable, breakdown) : '';
  const period = random.chance(place ? 0.72 : 0.9)
    ? pickPeriod(random, theme.firstYear, theme.lastYear)
    : '';
  const dash = random.chance(0.015); // " – Menurut Komoditas", as typed in some portals
  const percentSign = unit === 'Persen' && random.chance(0.12);

  // too long: drop the breakdown, then the condition
  const compose = (withBreakdown: boolean, withCondition: boolean) =>
    [
      head,
      withCondition ? condition : '',
      withBreakdown && breakdown ? (dash ? `– ${breakdown}` : breakdown) : '',
      place,
      period,
      percentSign ? '(%)' : '',
    ]
      .filter(Boolean)
      .join(' ');
  let title = compose(true, true);
  if (title.length > MAX_LENGTH) title = compose(false, true);
  if (title.length > MAX_LENGTH) title = compose(false, false);

  if (random.chance(0.012)) title = withNoBreakSpace(random, title);
  if (random.chance(0.04)) title += ' '; // a trailing space, as in real exports
  return { title, unit, variable };
}

/** `count` titles over all the data sources' vocabularies, for a seed. */
export function realisticTitles(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const sources = Object.keys(VOCABULARY);
  return Array.from({ length: count }, () => {
    const years = 1 + random.int(4); // as the catalogue's elements: 1 to 4 years within 2019-2024
    const firstYear = 2019 + random.int(6 - years + 1);
    const lastYear = firstYear + years - 1;
    return realisticTitle(random, { source: random.pick(sources), firstYear, lastYear }).title;
  });
}

/** The measure and subject: "Jumlah Posyandu", "Persentase Balita Stunting", "Luas Lahan Sawah". */
function subject(random: SeededRandom, source: string) {
  const vocabulary = VOCABULARY[source]!;
  const roll = random.next();
  if (roll < 0.18 && vocabulary.shares.length) {
    const variable = skewedPick(random, vocabulary.shares, 1.5);
    return {
      head: `${random.chance(0.85) ? 'Persentase' : 'Proporsi'} ${variable}`,
      unit: 'Persen',
      variable,
      people: false,
    };
  }
  const measured = roll < 0.45 ? pickFromGroups(random, vocabulary.measured) : undefined;
  if (measured) {
    const [unit, phrase] = measured;
    return { head: phrase, unit, variable: phrase.replace(/^\S+ /, ''), people: false };
  }
  const [unit, variable] = pickFromGroups(random, vocabulary.counts)!;
  return {
    head: `${random.chance(0.85) ? 'Jumlah' : 'Banyaknya'} ${variable}`,
    unit,
    variable,
    people: PEOPLE_UNITS.has(unit),
  };
}

/** A group chosen in proportion to its size, then an item of it, the first ones more often. */
function pickFromGroups(
  random: SeededRandom,
  groups: Record<string, string[]>,
): [string, string] | undefined {
  const entries = Object.entries(groups);
  let index = random.int(entries.reduce((sum, [, items]) => sum + items.length, 0));
  for (const [key, items] of entries) {
    if (index < items.length) return [key, skewedPick(random, items, 1.5)];
    index -= items.length;
  }
  return undefined;
}

/** "Menurut Jenis Penyakit", now and then two at once: "Menurut Kecamatan dan Jenis Kelamin". */
function pickBreakdown(
  random: SeededRandom,
  theme: TitleTheme,
  unit: string,
  people: boolean,
): string {
  if (people && theme.table === 'bySex' && random.chance(0.8))
    return random.chance(0.8) ? 'Menurut Jenis Kelamin' : 'Berdasarkan Jenis Kelamin';
  const { breakdowns } = VOCABULARY[theme.source]!;
  const own = [...(breakdowns[unit] ?? []), ...(breakdowns['*'] ?? [])];
  const one = () => {
    const roll = random.next();
    if (roll < 0.55 && own.length) return skewedPick(random, own, 1.5);
    if (people && roll < 0.8) return skewedPick(random, BREAKDOWNS_PEOPLE);
    return skewedPick(random, BREAKDOWNS_ANY);
  };
  const first = one();
  if (!random.chance(0.2)) return first;
  const second = one().replace(/^(Menurut|Berdasarkan|per) /, '');
  const overlap =
    first.includes(second) ||
    ['Kelamin', 'Umur', 'Kecamatan', 'Desa'].some(
      (word) => first.includes(word) && second.includes(word),
    );
  return overlap ? first : `${first} dan ${second}`;
}

/**
 * Where the figures were counted: never a village when the subject or breakdown is villages, and so
 * on.
 */
function pickPlace(
  random: SeededRandom,
  source: string,
  subject: string,
  breakdown: string,
): string {
  if (breakdown.includes('Kecamatan'))
    return random.chance(0.4) ? `di Kabupaten ${placeName(random)}` : '';
  const kecamatan = () => `${random.chance(0.85) ? 'di ' : ''}Kecamatan ${kecamatanName(random)}`;
  if (/\b(Desa|Kelurahan|Puskesmas)\b/.test(`${subject} ${breakdown}`)) return kecamatan();
  const roll = random.next();
  if (source === 'dinkes' && roll < 0.3)
    return `${random.pick(['di Wilayah Kerja Puskesmas', 'di Puskesmas', 'UPTD Puskesmas', 'Puskesmas'])} ${puskesmasName(random)}`;
  if (roll < 0.55) return kecamatan();
  if (roll < 0.85) {
    const village = `${random.chance(0.8) ? 'di ' : ''}Desa ${placeName(random)}`;
    return random.chance(0.15) ? `${village} Kecamatan ${kecamatanName(random)}` : village;
  }
  if (roll < 0.96) return `di Kelurahan ${placeName(random)}`;
  return `Kabupaten ${placeName(random)}`;
}

/**
 * A period within the element's years: "Tahun 2021", "2019-2023", "Semester I 2022", "Triwulan
 * III".
 */
function pickPeriod(random: SeededRandom, first: number, last: number): string {
  const year = first + random.int(last - first + 1);
  const tahun = () => (random.chance(0.4) ? 'Tahun ' : '');
  const roll = random.next();
  if (roll < 0.5 || (first === last && roll < 0.77))
    return `Tahun ${random.chance(0.5) ? last : year}`;
  if (roll < 0.66) return `Tahun ${first}-${last}`;
  if (roll < 0.74) return `${first}-${last}`;
  if (roll < 0.77) return `Tahun ${first}–${last}`; // an en dash
  if (roll < 0.85) return `Semester ${random.pick(ROMAN.slice(0, 2))} ${tahun()}${year}`;
  if (roll < 0.93)
    return random.chance(0.1)
      ? `Triwulan ${random.pick(ROMAN)}`
      : `Triwulan ${random.pick(ROMAN)} ${tahun()}${year}`;
  if (roll < 0.97)
    return random.chance(0.5) ? `Keadaan Akhir Tahun ${year}` : `per 31 Desember ${year}`;
  return `Bulan ${random.pick(MONTHS)} ${year}`;
}

/** One space between two words becomes a no-break space, as pasted from a word processor. */
function withNoBreakSpace(random: SeededRandom, title: string): string {
  const spaces = [...title.matchAll(/ /g)].map((match) => match.index);
  if (!spaces.length) return title;
  const at = random.pick(spaces);
  return `${title.slice(0, at)}\u00a0${title.slice(at + 1)}`;
}
