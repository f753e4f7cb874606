// A workbook's sheets as the bytes of an .xlsx file: the few parts a SpreadsheetML package needs
// (ECMA-376 Part 1 §12, Part 2 for the package), zipped with fflate. Same input, same bytes: every
// entry is dated 1980-01-01 00:00 (the zip format's first day), so an ETag stays stable.
import { zipSync } from 'fflate';
import { SharedStrings } from './shared-strings.ts';
import { sheetPart, type Sheet } from './sheet.ts';
import { STYLES_XML } from './styles.ts';
import { xmlText } from './xml.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIP_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The media type of an .xlsx file. */
export const XLSX_MEDIA_TYPE = `${CONTENT_TYPE}.sheet`;

/** What the package's core properties say of the workbook. */
export interface WorkbookProperties {
  title: string;
  creator: string;
  /** ISO 8601 UTC, `2024-01-31T08:00:00Z`. */
  created: string;
  modified: string;
}

/** Local time on purpose: fflate writes an entry's DOS date from the local date's fields. */
const ZIP_DATE = new Date(1980, 0, 1);

/**
 * Stored, not deflated: every step of the render costs per byte, and deflate the most. Measured
 * in Node 20 (CPU time, best of 41): 5 years × 30 rows × 4 value columns (600 observations) takes
 * 1.5 ms stored (160 KB) and 4.0 ms at level 1 (34 KB); 10 years × 100 rows × 10 value columns
 * (10,000 observations) 34 ms stored (2.4 MB), 57 ms at level 1. A Worker's bandwidth is free,
 * its CPU is not; a caller with CPU to spare may pass a level.
 */
export const DEFLATE_LEVEL = 0;

const relationship = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;

function contentTypes(sheets: number): string {
  const override = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="${type}"/>`;
  return [
    XML_HEAD,
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`,
    '<Default Extension="xml" ContentType="application/xml"/>',
    override('/xl/workbook.xml', `${CONTENT_TYPE}.sheet.main+xml`),
    ...Array.from({ length: sheets }, (_, index) =>
      override(`/xl/worksheets/sheet${index + 1}.xml`, `${CONTENT_TYPE}.worksheet+xml`),
    ),
    override('/xl/sharedStrings.xml', `${CONTENT_TYPE}.sharedStrings+xml`),
    override('/xl/styles.xml', `${CONTENT_TYPE}.styles+xml`),
    override('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'),
    '</Types>',
  ].join('');
}

const PACKAGE_RELATIONSHIPS = [
  XML_HEAD,
  `<Relationships xmlns="${RELATIONSHIPS}">`,
  relationship('rId1', `${RELATIONSHIP_TYPE}/officeDocument`, 'xl/workbook.xml'),
  relationship(
    'rId2',
    'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
    'docProps/core.xml',
  ),
  '</Relationships>',
].join('');

const coreProperties = (properties: WorkbookProperties) =>
  [
    XML_HEAD,
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `<dc:title>${xmlText(properties.title)}</dc:title>`,
    `<dc:creator>${xmlText(properties.creator)}</dc:creator>`,
    `<dcterms:created xsi:type="dcterms:W3CDTF">${xmlText(properties.created)}</dcterms:created>`,
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${xmlText(properties.modified)}</dcterms:modified>`,
    '</cp:coreProperties>',
  ].join('');

const workbook = (sheets: readonly Sheet[]) =>
  [
    XML_HEAD,
    `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP_TYPE}">`,
    '<bookViews><workbookView/></bookViews><sheets>',
    ...sheets.map(
      (sheet, index) =>
        `<sheet name="${xmlText(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
    ),
    '</sheets></workbook>',
  ].join('');

const workbookRelationships = (sheets: number) =>
  [
    XML_HEAD,
    `<Relationships xmlns="${RELATIONSHIPS}">`,
    ...Array.from({ length: sheets }, (_, index) =>
      relationship(
        `rId${index + 1}`,
        `${RELATIONSHIP_TYPE}/worksheet`,
        `worksheets/sheet${index + 1}.xml`,
      ),
    ),
    relationship(`rId${sheets + 1}`, `${RELATIONSHIP_TYPE}/sharedStrings`, 'sharedStrings.xml'),
    relationship(`rId${sheets + 2}`, `${RELATIONSHIP_TYPE}/styles`, 'styles.xml'),
    '</Relationships>',
  ].join('');

/** The .xlsx bytes of the sheets, in order (at least one; names unique, as Excel allows them). */
export function xlsxPackage(
  sheets: readonly Sheet[],
  properties: WorkbookProperties,
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = DEFLATE_LEVEL,
): Uint8Array {
  const encoder = new TextEncoder();
  const strings = new SharedStrings();
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': encoder.encode(contentTypes(sheets.length)),
    '_rels/.rels': encoder.encode(PACKAGE_RELATIONSHIPS),
    'docProps/core.xml': encoder.encode(coreProperties(properties)),
    'xl/workbook.xml': encoder.encode(workbook(sheets)),
    'xl/_rels/workbook.xml.rels': encoder.encode(workbookRelationships(sheets.length)),
    'xl/styles.xml': encoder.encode(STYLES_XML),
  };
  sheets.forEach((sheet, index) => {
    files[`xl/worksheets/sheet${index + 1}.xml`] = sheetPart(sheet, strings);
  });
  files['xl/sharedStrings.xml'] = strings.bytes();
  return zipSync(files, { level, mtime: ZIP_DATE });
}
