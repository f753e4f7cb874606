// An element as a CKAN package dict (docs/harvest.md §13.1), as CKAN 2.10/2.11's package_show and
// package_search give it with the default schema. The generator renders every package at build
// time (the Worker streams the bytes) and, for pages whose packages lie scattered over the
// stored files, the Worker renders them from the element (the same bytes); the mapping is docs/harvest.md's.
//   element → package; data source → organization; category → group; sector and field names →
//   tags; each year's table → a CSV resource; metadata → extras.
import type { DataElement } from '../schema.ts';
import { describeElement } from './describe.ts';
import { ckanTagName } from './ckan-names.ts';
import { ckanTimestamp } from './dates.ts';
import { sha256Hex } from './sha256.ts';
import { elementDownloads, type Download } from './downloads.ts';
import { licenseUrl, publicUrls, type RenderContext } from './element-view.ts';

/** What a package is rendered from: the element, its CKAN name and dates (seconds). */
export interface PackageSource {
  element: DataElement;
  name: string;
  created: number;
  modified: number;
}

export interface CkanContext extends RenderContext {
  /** The CKAN name of a data source (organization) or category (group), by its _id. */
  ckanName: (list: 'dataSource' | 'category', id: string) => string;
}

/**
 * A resource id CKAN 2.11 accepts (its uuid_validator wants 32 hex digits): the table's own id
 * when it is one, else a UUID (version 8, RFC 9562, name-based) made from the SHA-256 of the
 * element's and the table's ids, stable across builds.
 */
export function resourceId(elementId: string, tableId: string): string {
  if (isUuid(tableId)) return tableId;
  return uuidOfHash(sha256Hex(`${elementId}\0${tableId}`));
}

/** A version 8 UUID (RFC 9562) of a SHA-256 in hex. */
function uuidOfHash(hex: string): string {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The id of a resource that holds every year (the observations, as CSV, JSON-stat or a
 * workbook): a name-based UUID as resourceId's, from an input no table's can equal (`<kind>`,
 * NUL, the element's id, NUL).
 */
export function derivedResourceId(elementId: string, kind: Exclude<Download['kind'], 'table'>) {
  return uuidOfHash(sha256Hex(`${kind}\0${elementId}\0`));
}

/** A download's CKAN resource id. */
export const downloadResourceId = (elementId: string, download: Download) =>
  download.kind === 'table'
    ? resourceId(elementId, download.tableId!)
    : derivedResourceId(elementId, download.kind);

/** The resources' names and descriptions, in the catalogue's language (Indonesian). */
const RESOURCE_TEXT: Record<
  Download['kind'],
  { name: (year?: number) => string; description: (year?: number) => string }
> = {
  table: { name: (year) => `Tabel ${year}`, description: (year) => `Tabel tahun ${year}, CSV.` },
  observations: {
    name: () => 'Observasi, semua tahun (CSV)',
    description: () =>
      'Angka dari tabel setiap tahun sebagai data rapi: satu baris per sel (tahun, baris, kolom, nilai), CSV.',
  },
  jsonstat: {
    name: () => 'Observasi, semua tahun (JSON-stat)',
    description: () => 'Angka dari tabel setiap tahun sebagai satu dataset JSON-stat 2.0.',
  },
  workbook: {
    name: () => 'Buku kerja (XLSX)',
    description: () =>
      'Setiap tabel tahunan dalam satu lembar, lembar Data berisi observasi, dan lembar Metadata.',
  },
};

/** A UUID as CKAN 2.11's uuid_validator reads it (ckan/logic/validators.py). */
export const isUuid = (id: string) =>
  /^[0-9a-fA-F]{8}-?([0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}$/.test(id);

/** CKAN's own licence ids for the SPDX ids it knows (ckan/model/license.py). */
const CKAN_LICENSES: Record<string, { id: string; title: string }> = {
  'CC-BY-4.0': { id: 'cc-by', title: 'Creative Commons Attribution' },
  'CC-BY-SA-4.0': { id: 'cc-by-sa', title: 'Creative Commons Attribution Share-Alike' },
  'CC0-1.0': { id: 'cc-zero', title: 'Creative Commons CCZero' },
  'ODbL-1.0': { id: 'odc-odbl', title: 'Open Data Commons Open Database License (ODbL)' },
  'ODC-By-1.0': { id: 'odc-by', title: 'Open Data Commons Attribution License' },
  'PDDL-1.0': { id: 'odc-pddl', title: 'Open Data Commons Public Domain Dedication and License' },
  'OGL-UK-3.0': { id: 'uk-ogl', title: 'UK Open Government Licence (OGL)' },
};

export const ckanLicense = (license: string) =>
  CKAN_LICENSES[license] ?? { id: license, title: license };

export function renderPackage(source: PackageSource, ctx: CkanContext): Record<string, unknown> {
  const { element, name } = source;
  const urls = publicUrls(ctx.base);
  const created = ckanTimestamp(source.created);
  const modified = ckanTimestamp(source.modified);
  const license = ckanLicense(ctx.identity.license);
  const dataSource = element.dataSource;
  const tags = packageTags(element);
  // a resource as CKAN gives it, less the keys it leaves null here (cache_url, size, url_type…)
  // Each year's table, DataStore-active. The observations' own resources (CSV, JSON-stat, the
  // workbook) are left out of the stored packages for now: with them, package_search rows=1000
  // no longer fits the free profile's CPU (docs/harvest.md §16, "Not yet in the packages").
  const resources = elementDownloads(element, ctx.base)
    .filter((download) => download.kind === 'table')
    .map((download, position) => ({
      created,
      datastore_active: download.datastore,
      description: RESOURCE_TEXT[download.kind].description(download.year),
      format: download.format,
      hash: '',
      id: downloadResourceId(element._id, download),
      last_modified: modified,
      mimetype: download.mediaType,
      name: RESOURCE_TEXT[download.kind].name(download.year),
      package_id: element._id,
      position,
      state: 'active',
      url: download.url,
    }));
  return {
    author: dataSource.name,
    author_email: null,
    creator_user_id: null,
    id: element._id,
    isopen: true,
    license_id: license.id,
    license_title: license.title,
    license_url: licenseUrl(ctx.identity.license),
    maintainer: ctx.identity.contactPoint?.name ?? null,
    maintainer_email: ctx.identity.contactPoint?.email ?? null,
    metadata_created: created,
    metadata_modified: modified,
    name,
    notes: describeElement(element),
    num_resources: resources.length,
    num_tags: tags.length,
    organization: {
      id: dataSource._id,
      name: ctx.ckanName('dataSource', dataSource._id),
      title: dataSource.name,
      type: 'organization',
      description: '',
      image_url: '',
      created,
      is_organization: true,
      approval_status: 'approved',
      state: 'active',
    },
    owner_org: dataSource._id,
    private: false,
    state: 'active',
    title: element.title,
    type: 'dataset',
    url: urls.page(name),
    version: null,
    extras: packageExtras(element),
    groups: element.category.map((item) => ({
      description: '',
      display_name: item.name,
      id: item._id,
      image_display_url: '',
      name: ctx.ckanName('category', item._id),
      title: item.name,
    })),
    resources,
    tags,
    relationships_as_object: [],
    relationships_as_subject: [],
  };
}

/** Sector and field names as free tags, each once (by its CKAN form). */
function packageTags(element: DataElement) {
  const seen = new Set<string>();
  const tags: Record<string, unknown>[] = [];
  for (const item of [...element.sector, ...element.field]) {
    const tag = ckanTagName(item.name);
    if (seen.has(tag)) continue;
    seen.add(tag);
    tags.push({ display_name: tag, id: item._id, name: tag, state: 'active', vocabulary_id: null });
  }
  return tags;
}

/**
 * The metadata as extras, and the unit: keys unique (CKAN refuses a repeated extras key), never
 * a key of the package itself (CKAN refuses those too).
 */
function packageExtras(element: DataElement) {
  const taken = new Set(PACKAGE_KEYS);
  const extras: { key: string; value: string }[] = [];
  const add = (key: string, value: string) => {
    let unique = key.trim() || 'metadata';
    for (let n = 2; taken.has(unique); n++) unique = `${key.trim() || 'metadata'} (${n})`;
    taken.add(unique);
    extras.push({ key: unique, value });
  };
  add('Satuan', element.unit);
  for (const { key, value } of element.metadata) add(key, value);
  return extras;
}

/**
 * Keys an extra may not have: every key of CKAN's package schema (ckan/logic/schema.py
 * default_create_package_schema, as package_create runs it; docs/ckan-notes.md), and the keys a
 * package dict carries besides.
 */
const PACKAGE_KEYS = [
  '__before',
  'id',
  'name',
  'title',
  'author',
  'author_email',
  'maintainer',
  'maintainer_email',
  'license_id',
  'notes',
  'url',
  'version',
  'state',
  'type',
  'owner_org',
  'private',
  '__extras',
  '__junk',
  'resources',
  'tags',
  'tag_string',
  'plugin_data',
  'extras',
  'save',
  'return_to',
  'relationships_as_object',
  'relationships_as_subject',
  'groups',
  'metadata_created',
  'metadata_modified',
  'creator_user_id',
  'organization',
  'num_resources',
  'num_tags',
  'isopen',
  'license_title',
  'license_url',
];
