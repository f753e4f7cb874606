// An element's metadata entries (BPS "Metadata Statistik Variabel", Peraturan BPS 5/2020) sorted
// into what has a DCAT or schema.org home and what is kept as it is (docs/dcat.md, the mapping).
// Keys are matched without regard to case and surrounding or repeated white space; empty values
// say nothing and are left out.
import type { MetadataEntry } from '../../schema.ts';

export interface MappedMetadata {
  /** "Nama Kegiatan": the statistical activity that produced the data (prov:wasGeneratedBy). */
  activities: string[];
  /** "Nama Variabel", the first: the variable measured (schema:variableMeasured's name). */
  variableName?: string;
  /** "Alias": other names of the variable (dcat:keyword, schema:alternateName). */
  aliases: string[];
  /** "Definisi", the first: the variable's definition (schema:description, dct:description). */
  definition?: string;
  /** "Konsep", the first: written into dct:description; the entry is kept in `kept` too. */
  concept?: string;
  /** "Apakah Kolom Ini Dapat Diakses Umum?" answered "Ya" (dct:accessRights PUBLIC). */
  access?: 'PUBLIC';
  /** Everything else, in catalogue order (schema:additionalProperty). */
  kept: MetadataEntry[];
}

export const METADATA_KEYS = {
  activity: 'Nama Kegiatan',
  variable: 'Nama Variabel',
  alias: 'Alias',
  concept: 'Konsep',
  definition: 'Definisi',
  publicAccess: 'Apakah Kolom Ini Dapat Diakses Umum?',
} as const;

type KeyName = keyof typeof METADATA_KEYS;
const normalKey = (key: string) => key.trim().replace(/\s+/g, ' ').toLowerCase();
const KEY = new Map(
  Object.entries(METADATA_KEYS).map(([name, key]) => [normalKey(key), name as KeyName]),
);
// a catalogue repeats the same dozen keys in every element: each is normalised once
const keyNames = new Map<string, KeyName | undefined>();
function keyName(key: string): KeyName | undefined {
  if (!keyNames.has(key)) {
    if (keyNames.size > 1000) keyNames.clear();
    keyNames.set(key, KEY.get(normalKey(key)));
  }
  return keyNames.get(key);
}

// Only "Ya" maps: any other answer ("Tidak") contradicts the element being published here, so it
// is kept as written rather than turned into a NON_PUBLIC that the API's answers would belie.
const ACCESS: Record<string, MappedMetadata['access']> = { ya: 'PUBLIC' };

export function mapMetadata(entries: readonly MetadataEntry[]): MappedMetadata {
  const mapped: MappedMetadata = { activities: [], aliases: [], kept: [] };
  for (const entry of entries) {
    const value = entry.value.trim();
    if (!value) continue;
    switch (keyName(entry.key)) {
      case 'activity':
        mapped.activities.push(value);
        break;
      case 'alias':
        mapped.aliases.push(value);
        break;
      case 'variable':
        if (mapped.variableName === undefined) mapped.variableName = value;
        else mapped.kept.push(entry);
        break;
      case 'definition':
        if (mapped.definition === undefined) mapped.definition = value;
        else mapped.kept.push(entry);
        break;
      case 'concept':
        mapped.concept ??= value;
        mapped.kept.push(entry);
        break;
      case 'publicAccess': {
        const access = ACCESS[value.toLowerCase()];
        if (access && mapped.access === undefined) mapped.access = access;
        else mapped.kept.push(entry);
        break;
      }
      default:
        mapped.kept.push(entry);
    }
  }
  return mapped;
}
