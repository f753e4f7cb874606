// The snapshot's part-three files (docs/harvest.md §12-§14), beside the element files
// (core/snapshot-layout.ts holds their paths):
//
//   open-data.bin      Uint32 sections (OpenDataSections): dates, sort orders, where each package is
//   names.txt          every CKAN name in name order, joined by `","` (package_list is a slice of it)
//   packages/<n>.json  CKAN package dicts, in code-unit order of _id, joined by ","; every public
//                      URL in them starts with BASE_MARKER, the deployment's origin written in at
//                      the edge (a package is rendered once, at build time, for every host)
//   dcat/ttl/<n>.ttl, dcat/jsonld/<n>.jsonld
//                      each element's DCAT dataset part (core/open-data/dcat/catalog-page.ts,
//                      datasetPart), in catalogue order, BASE_MARKER where the origin goes: a
//                      catalogue page joins 100 of them between the parts it writes itself
// The packages and the dataset parts are the kinds of stored part: part-kinds.ts holds each
// kind's order, separator, files and renderer, in one table the generator and the Worker read.
//
// What the Worker needs at once (the identity, CKAN's names for the lists) is in index.json's
// header (OpenDataHeader). open-data.bin is read by the requests that need it: CKAN, DCAT, the
// element pages, the sitemap.

/** Between two names in names.txt: a slice of it between `["` and `"]` is a JSON array. */
export const NAME_SEPARATOR = '","';

/** The byte written where the deployment's origin goes: JSON.stringify never writes a raw NUL. */
export const BASE_MARKER = 0;

/**
 * Uint32 sections of open-data.bin. N = published elements, in catalogue order unless said;
 * P = package files. Dates are seconds since the epoch (UTC).
 */
export interface OpenDataSections {
  /** [N] created and modified (docs/harvest.md §12). */
  created: Uint32Array;
  modified: Uint32Array;
  /** [N] elements by CKAN name, by title (code units), by modified, by created (ties: catalogue order). */
  nameOrder: Uint32Array;
  titleOrder: Uint32Array;
  modifiedOrder: Uint32Array;
  createdOrder: Uint32Array;
  /** [N] each package's file, offset in it and length, by element (catalogue order). */
  packageFile: Uint32Array;
  packageStart: Uint32Array;
  packageLength: Uint32Array;
  /**
   * [P] byte length of each package file: the base's (packageFiles of the header), then those of
   * the build's own (the packages that differ from the base's), which lie under its build id.
   */
  packageFileLength: Uint32Array;
  /**
   * [N] each DCAT dataset part's file, offset and length, by element, per syntax; [T], [J]
   * the byte length of each file (the base's, then the build's own, as the packages'). Stored in catalogue order (a catalogue page's, so a page of 100
   * lies in one or two files), nothing between two parts.
   */
  turtleFile: Uint32Array;
  turtleStart: Uint32Array;
  turtleLength: Uint32Array;
  turtleFileLength: Uint32Array;
  jsonLdFile: Uint32Array;
  jsonLdStart: Uint32Array;
  jsonLdLength: Uint32Array;
  jsonLdFileLength: Uint32Array;
  /** [N+1] where the name of rank r (nameOrder) starts in names.txt; the last: its length + 3. */
  nameTextStart: Uint32Array;
}
export type OpenDataSectionName = keyof OpenDataSections;

export interface OpenDataHeader {
  identity: import('./catalogue-identity.ts').CatalogueIdentity;
  /** CKAN names of the data sources (organizations) and categories (groups), in list order. */
  ckanNames: { dataSource: string[]; category: string[] };
  /** Display names (the items' names) of the data sources and categories, in list order. */
  titles: { dataSource: string[]; category: string[] };
  /** The data sources' _ids (owner_org) and the categories', in list order. */
  dataSourceIds: string[];
  categoryIds: string[];
  /** The categories' slugs, in list order (DCAT's theme concepts are named by them). */
  categorySlugs: string[];
  /** The packages' license_id and license_title. */
  licenseId: string;
  licenseTitle: string;
  /** CKAN tag names of the sectors and fields, in list order. */
  tagNames: { sector: string[]; field: string[] };
  packageFiles: number;
  /** The DCAT dataset part files, per syntax. */
  datasetFiles: { turtle: number; jsonLd: number };
  sections: Record<OpenDataSectionName, { offset: number; length: number }>;
}
