// The catalogue's language (a BCP 47 tag) as the IRI DCAT-AP wants for dct:language: the EU
// language authority table where its code is known here, else Lexvo's ISO 639 IRI.
import { euLanguage } from './vocabulary.ts';

/** ISO 639-1 → the EU table's code (its ISO 639-3 code) for the languages a region may use. */
const EU_CODES: Record<string, string> = {
  id: 'IND',
  en: 'ENG',
  ms: 'MSA',
  jv: 'JAV',
  su: 'SUN',
  nl: 'NLD',
  de: 'DEU',
  fr: 'FRA',
};
const EU_THREE_LETTER = new Set(Object.values(EU_CODES));

export function languageIri(tag: string): string {
  const primary = (tag.split('-')[0] ?? '').toLowerCase();
  const eu = EU_CODES[primary];
  if (eu) return euLanguage(eu);
  if (EU_THREE_LETTER.has(primary.toUpperCase())) return euLanguage(primary.toUpperCase());
  return primary.length === 2
    ? `http://lexvo.org/id/iso639-1/${primary}`
    : `http://lexvo.org/id/iso639-3/${primary}`;
}

/** The primary language subtag, lowercase: picks the labels the pages write in. */
export const primaryLanguage = (tag: string) => (tag.split('-')[0] ?? '').toLowerCase();
