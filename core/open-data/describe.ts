// One readable description of an element, for CKAN's notes, DCAT's dct:description and the
// page's schema.org description (at least 50 characters, as Google Dataset Search asks).
import type { DataElement } from '../schema.ts';

/** The metadata value under one of these keys (BPS MS-Var names), when it is not empty. */
export const metadataValue = (element: DataElement, key: string) =>
  element.metadata.find((entry) => entry.key === key && entry.value.trim() !== '')?.value;

/** The years of an element's tables as a span: "2019–2023", "2021", or "" without tables. */
export function yearSpan(element: DataElement): string {
  const years = element.data.map((entry) => entry.year);
  if (years.length === 0) return '';
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}–${last}`;
}

export function describeElement(element: DataElement): string {
  const definition = metadataValue(element, 'Definisi') ?? metadataValue(element, 'Konsep');
  const span = yearSpan(element);
  const facts = [
    `${element.title.trim()}, dalam satuan ${element.unit.trim() || '-'}`,
    `dari ${element.dataSource.name.trim()}`,
    span ? `tabel tahun ${span}` : 'belum ada tabel',
  ].join(', ');
  return (definition ? `${definition.trim()}. ${facts}.` : `${facts}.`).slice(0, 5000);
}
