// The fixture catalogue as plain data, for tests in either runtime (JSON imports, no fs).
import category from '../fixtures/catalogue/category.json';
import dataSource from '../fixtures/catalogue/data-source.json';
import sector from '../fixtures/catalogue/sector.json';
import field from '../fixtures/catalogue/field.json';
import file2022 from '../fixtures/catalogue/data-element/2022.json';
import file2023Kesehatan from '../fixtures/catalogue/data-element/2023/kesehatan.json';
import file2023Pupr from '../fixtures/catalogue/data-element/2023/pupr.json';
import file2024 from '../fixtures/catalogue/data-element/2024.json';
import fileZExtra from '../fixtures/catalogue/data-element/Z-extra.json';
import fileALain from '../fixtures/catalogue/data-element/a-lain.json';
import fileZzLongTitle from '../fixtures/catalogue/data-element/zz-long-title.json';
import fileZzTables from '../fixtures/catalogue/data-element/zz-tables.json';
import fileZzWords from '../fixtures/catalogue/data-element/zz-words.json';
import fileZzzObservations from '../fixtures/catalogue/data-element/zzz-observations.json';

type Id = string | { $oid: string };
export interface RawItem {
  _id: Id;
  name: string;
  slug: string;
}
export type RawRef = Id | RawItem;
export interface RawElement {
  _id: Id;
  title: string;
  status: string;
  category: RawRef[];
  dataSource: RawRef;
  sector: RawRef[];
  field: RawRef[];
  [key: string]: unknown;
}

export const fixtureLists = { category, dataSource, sector, field } as Record<
  'category' | 'dataSource' | 'sector' | 'field',
  RawItem[]
>;

/** Element files in catalogue order (code-unit order of their paths: "Z-extra" before "a-lain"). */
export const fixtureElements: RawElement[] = [
  file2022,
  file2023Kesehatan,
  [file2023Pupr],
  file2024,
  fileZExtra,
  fileALain,
  fileZzLongTitle,
  fileZzTables,
  fileZzWords,
  fileZzzObservations,
].flat() as RawElement[];

export const idOf = (id: Id) => (typeof id === 'string' ? id : id.$oid);
export const refId = (ref: RawRef) =>
  typeof ref === 'string' ? ref : '$oid' in ref ? ref.$oid : idOf(ref._id);

/** Element n of the fixture has the id below (see the fixture's files). */
export const fixtureId = (n: number) => (0x1000 + n).toString(16).padStart(24, '0');
export const fixtureNumber = (id: string) => parseInt(id, 16) - 0x1000;

export const UNVERIFIED = fixtureElements.filter((e) => e.status !== 'TERVERIFIKASI');
/** The elements the Worker publishes, in catalogue order. */
export const PUBLISHED = fixtureElements.filter((e) => e.status === 'TERVERIFIKASI');
