// A page of the DCAT-AP 3 catalogue (docs/harvest.md §13.2), written straight into Turtle or JSON-LD
// (rdf-writer.ts): one dcat:Catalog from the catalogue's identity, a dcat:Dataset per element
// with a dcat:Distribution per year's CSV, and the page's place in the whole as ckanext-dcat
// pages it (hydra:PagedCollection). The mapping and every IRI's form are in docs/dcat.md. Pure.
import type { DataElement } from '../../schema.ts';
import { licenseUrl, publicUrls, type DatasetView, type RenderContext } from '../element-view.ts';
import { dcatLabels, type DcatLabels } from './labels.ts';
import { languageIri, primaryLanguage } from './language.ts';
import { mapMetadata } from './metadata-mapping.ts';
import { wellFormed } from './rdf-terms.ts';
import { documentOf, type RdfSyntax, type RdfWriter } from './rdf-writer.ts';
import {
  admsLicenceType,
  dcat,
  dcatap,
  dct,
  euAccessRight,
  euFileType,
  euPlannedAvailability,
  foaf,
  hydra,
  ianaMediaType,
  locn,
  prov,
  rdfs,
  schema,
  skos,
  vcard,
  xsd,
} from './vocabulary.ts';

/** Where a page sits in the whole listing (ckanext-dcat's pagination_info). */
export interface CatalogPaging {
  /** 1-based. */
  page: number;
  itemsPerPage: number;
  /** Datasets in the whole listing (all pages). */
  totalItems: number;
  /** The absolute URL of a page of the same listing. */
  url: (page: number) => string;
}

/** What a page may say about the catalogue beyond its identity. */
export interface CatalogExtras {
  /** The whole-catalogue download (docs/harvest.md §13.3): written as the catalog's own dcat:distribution. */
  dump?: { url: string };
  /** The catalogue's first publication and last change: ISO 8601 date or UTC date-time. */
  issued?: string;
  modified?: string;
}

/** Fixed IRIs of what the catalogue itself defines (fragments of its root, see docs/dcat.md). */
export const catalogIris = (base: string) => ({
  catalog: `${base}/#catalog`,
  publisher: `${base}/#publisher`,
  contactPoint: `${base}/#contact-point`,
  spatial: `${base}/#spatial`,
  dump: `${base}/#dump`,
});

/** The document an element's IRIs are fragments of: its page, named by `_id`. */
export const elementDocument = (urls: ReturnType<typeof publicUrls>, id: string) =>
  urls.page(encodeURIComponent(wellFormed(id)));

/** An element's dataset IRI: by `_id`, so it outlives a change of title (and of CKAN name). */
export const datasetIri = (base: string, id: string) =>
  `${elementDocument(publicUrls(base), id)}#dataset`;

export const ADMS_LICENCE_LABELS = {
  Attribution: 'Attribution',
  ShareAlike: 'Share-alike',
  PublicDomain: 'Public domain',
} as const;
type LicenceType = keyof typeof ADMS_LICENCE_LABELS;
export const LICENCE_TYPES: Record<string, LicenceType[]> = {
  [licenseUrl('CC-BY-4.0')]: ['Attribution'],
  [licenseUrl('CC-BY-SA-4.0')]: ['Attribution', 'ShareAlike'],
  [licenseUrl('CC0-1.0')]: ['PublicDomain'],
  [licenseUrl('ODbL-1.0')]: ['Attribution', 'ShareAlike'],
  [licenseUrl('ODC-By-1.0')]: ['Attribution'],
  [licenseUrl('PDDL-1.0')]: ['PublicDomain'],
  [licenseUrl('OGL-UK-3.0')]: ['Attribution'],
};

/** `YYYY` for xsd:date: at least four digits, a leading "-" before the common era. */
export const xsdYear = (year: number) =>
  `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}`;

/** An ISO 8601 date-time (with "T") is an xsd:dateTime, a plain date an xsd:date. */
export const dateType = (value: string) => (value.includes('T') ? xsd('dateTime') : xsd('date'));

/** Consecutive years as runs: [2019, 2020, 2021, 2023] → [[2019, 2021], [2023, 2023]]. */
export function yearRuns(years: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const year of years) {
    const last = runs[runs.length - 1];
    if (last && year === last[1] + 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs;
}

/** Trimmed, non-empty, each once, in order. */
export const distinctTexts = (values: readonly string[]) => [
  ...new Set(values.map((value) => value.trim()).filter(Boolean)),
];

/** The readable description: title, unit, data source, years, definition and concept. */
export function describeElement(
  element: Omit<DataElement, 'data'>,
  years: readonly number[],
  definition: string | undefined,
  concept: string | undefined,
  labels: DcatLabels,
): string {
  const yearText = yearRuns(years)
    .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`))
    .join(', ');
  const parts = [
    element.title.trim(),
    element.unit.trim() && `${labels.unit}: ${element.unit.trim()}`,
    element.dataSource.name.trim() && `${labels.dataSource}: ${element.dataSource.name.trim()}`,
    yearText && `${labels.years}: ${yearText}`,
    definition && `${labels.definition}: ${definition}`,
    concept && `${labels.concept}: ${concept}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : element._id;
}

/** The pages a page links to, as ckanext-dcat's _pagination_info (logic.py) works them out. */
export function pageLinks({ page, itemsPerPage, totalItems }: CatalogPaging, itemsOnPage: number) {
  // a page past the end points back at the last
  const last = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const previous =
    page > 1
      ? (page - 1) * itemsPerPage + itemsOnPage <= totalItems
        ? page - 1
        : last
      : undefined;
  const next = page * itemsPerPage < totalItems ? page + 1 : undefined;
  return { first: 1, last, previous, next };
}

/** A category of the catalogue, as the theme concepts describe it. */
export interface ThemeItem {
  slug: string;
  name: string;
}

/** The catalogue, and where it is served: what every part of a DCAT document is written for. */
export interface DcatContext extends RenderContext {
  /** The catalogue's categories, in list order: the theme taxonomy's concepts. */
  categories: readonly ThemeItem[];
}

/**
 * The IRIs of the nodes every dataset may point at (the catalogue's agents, its licence, the
 * vocabularies' concepts): fixed by the context, so that a dataset's part can be written apart
 * from its page, and described once a page, in its last part (catalogTail).
 */
function sharedIris({ base, identity }: RenderContext) {
  const urls = publicUrls(base);
  const iris = catalogIris(base);
  return {
    language: languageIri(identity.language),
    licence: licenseUrl(identity.license),
    contactPoint: iris.contactPoint,
    spatial: identity.spatial === undefined ? undefined : iris.spatial,
    scheme: urls.referenceList('category'),
    theme: (slug: string) => urls.explorer('category', slug),
    publicAccess: euAccessRight('PUBLIC'),
    csv: euFileType('CSV'),
    csvMediaType: ianaMediaType('text/csv'),
    stable: euPlannedAvailability('STABLE'),
  };
}

function writePaging(w: RdfWriter, paging: CatalogPaging, itemsOnPage: number): void {
  const { itemsPerPage, totalItems, url } = paging;
  const { first, last, previous, next } = pageLinks(paging, itemsOnPage);
  // as ckanext-dcat's _add_pagination_triples (processors.py): page links are plain literals,
  // the counts integers, and each link is written with the deprecated and the current predicate
  const link = (predicates: [string, string], target: number | undefined) => {
    for (const predicate of predicates) w.text(predicate, target !== undefined && url(target));
  };
  w.typed(hydra('totalItems'), String(totalItems), xsd('integer'));
  w.typed(hydra('itemsPerPage'), String(itemsPerPage), xsd('integer'));
  link([hydra('firstPage'), hydra('first')], first);
  link([hydra('lastPage'), hydra('last')], last);
  link([hydra('previousPage'), hydra('previous')], previous);
  link([hydra('nextPage'), hydra('next')], next);
}

/**
 * A page of the DCAT-AP 3 catalogue in `syntax`: the page (typed hydra:PagedCollection, with
 * `paging`) and the catalog listing `views` as its datasets (catalogHead), each dataset
 * (datasetPart), then the nodes they share (catalogTail). For one dataset's document pass `[view]`
 * and null. The Worker joins the same parts, the datasets' written at build time.
 */
export function writeCatalogPage(
  syntax: RdfSyntax,
  views: readonly DatasetView[],
  ctx: DcatContext,
  paging: CatalogPaging | null,
  extras: CatalogExtras = {},
): string {
  const datasets = views.map((view) => datasetIri(ctx.base, view.element._id));
  return documentOf(syntax, [
    catalogHead(syntax.writer(), datasets, ctx, paging, extras),
    ...views.map((view) => datasetPart(syntax.writer(), view, ctx)),
    catalogTail(syntax.writer(), ctx, extras),
  ]);
}

/** The page's place in the listing (with `paging`) and the catalog, listing `datasets` (IRIs). */
export function catalogHead(
  w: RdfWriter,
  datasets: readonly string[],
  { base, identity }: RenderContext,
  paging: CatalogPaging | null,
  extras: CatalogExtras = {},
): string {
  const lang = identity.language;
  const shared = sharedIris({ base, identity });
  // ckanext-dcat writes no pagination for an empty listing (_pagination_info returns {})
  if (paging && paging.totalItems > 0)
    w.describe(paging.url(paging.page), [hydra('PagedCollection')], () =>
      writePaging(w, paging, datasets.length),
    );
  const date = (predicate: string, value: string | undefined) => {
    if (value !== undefined) w.typed(predicate, value, dateType(value));
  };
  w.describe(catalogIris(base).catalog, [dcat('Catalog')], () => {
    w.text(dct('title'), identity.title, lang);
    w.text(dct('description'), identity.description, lang);
    w.iri(dct('publisher'), catalogIris(base).publisher);
    w.iri(foaf('homepage'), identity.homepage ?? `${base}/`);
    w.iri(dct('language'), shared.language);
    w.iri(dct('license'), shared.licence);
    w.iri(dct('spatial'), shared.spatial);
    w.iri(dcat('contactPoint'), shared.contactPoint);
    w.iri(dcat('themeTaxonomy'), shared.scheme);
    date(dct('issued'), extras.issued);
    date(dct('modified'), extras.modified);
    w.iris(dcat('dataset'), datasets);
    w.iri(dcat('distribution'), extras.dump && catalogIris(base).dump);
  });
  return w.part();
}

/**
 * One element as a dcat:Dataset, its distributions (a year's CSV each) and its landing page:
 * what of a page depends on the element alone (and the context), so the generator writes it once
 * for every page that lists the element (core/open-data/layout.ts, the DCAT parts).
 */
export function datasetPart(w: RdfWriter, view: DatasetView, ctx: RenderContext): string {
  const { base, identity } = ctx;
  const urls = publicUrls(base);
  const lang = identity.language;
  const labels = dcatLabels(primaryLanguage(lang));
  const shared = sharedIris(ctx);
  const { element, years } = view;
  const document = elementDocument(urls, element._id);
  const meta = mapMetadata(element.metadata);
  const distributions = years.map((year) => `${document}#csv-${year}`);
  const keywords = distinctTexts([
    ...element.sector.map((item) => item.name),
    ...element.field.map((item) => item.name),
    ...meta.aliases,
  ]);
  const runs = yearRuns(years);
  const landingPage = urls.page(view.name);
  w.describe(`${document}#dataset`, [dcat('Dataset')], () => {
    w.text(dct('title'), element.title, lang);
    w.text(
      dct('description'),
      describeElement(element, years, meta.definition, meta.concept, labels),
      lang,
    );
    w.text(dct('identifier'), element._id);
    w.texts(dcat('keyword'), keywords, lang);
    w.iris(
      dcat('theme'),
      element.category.map((item) => shared.theme(item.slug)),
    );
    w.blanks(dct('publisher'), 1);
    w.blank([foaf('Agent')], () => w.text(foaf('name'), element.dataSource.name, lang));
    w.iri(dcat('contactPoint'), shared.contactPoint);
    w.blanks(dct('temporal'), runs.length);
    for (const [from, to] of runs)
      w.blank([dct('PeriodOfTime')], () => {
        w.typed(dcat('startDate'), `${xsdYear(from)}-01-01`, xsd('date'));
        w.typed(dcat('endDate'), `${xsdYear(to)}-12-31`, xsd('date'));
      });
    w.iri(dct('spatial'), shared.spatial);
    w.iri(dct('language'), shared.language);
    w.typed(dct('issued'), view.created, xsd('dateTime'));
    w.typed(dct('modified'), view.modified, xsd('dateTime'));
    w.iri(dcat('landingPage'), landingPage);
    w.iri(dct('accessRights'), meta.access !== undefined && shared.publicAccess);
    w.blanks(prov('wasGeneratedBy'), meta.activities.length);
    for (const activity of meta.activities)
      w.blank([prov('Activity')], () => w.text(rdfs('label'), activity, lang));
    w.blanks(schema('variableMeasured'), 1);
    w.blank([schema('PropertyValue')], () => {
      w.text(schema('name'), meta.variableName ?? element.title, lang);
      w.texts(schema('alternateName'), meta.aliases, lang);
      w.text(schema('description'), meta.definition, lang);
      w.text(schema('unitText'), element.unit.trim() !== '' && element.unit, lang);
    });
    w.blanks(schema('additionalProperty'), meta.kept.length);
    for (const entry of meta.kept)
      w.blank([schema('PropertyValue')], () => {
        w.text(schema('name'), entry.key, lang);
        w.text(schema('value'), entry.value, lang);
      });
    w.iris(dcat('distribution'), distributions);
  });

  const title = element.title.trim();
  const csvId = wellFormed(element._id);
  years.forEach((year, i) => {
    const url = urls.csv(csvId, year);
    w.describe(distributions[i]!, [dcat('Distribution')], () => {
      w.text(dct('title'), labels.tableTitle(title, year), lang);
      w.text(dct('description'), labels.tableDescription(year), lang);
      w.iri(dcat('accessURL'), url);
      w.iri(dcat('downloadURL'), url);
      w.iri(dct('format'), shared.csv);
      w.iri(dcat('mediaType'), shared.csvMediaType);
      w.iri(dct('license'), shared.licence);
      w.iri(dcatap('availability'), shared.stable);
      w.typed(dct('issued'), view.created, xsd('dateTime'));
      w.typed(dct('modified'), view.modified, xsd('dateTime'));
    });
  });
  w.describe(landingPage, [foaf('Document')]);
  return w.part();
}

/**
 * What the page's subjects point at, each described once: the dump (with `extras.dump`), the
 * catalogue's agents, homepage, language, licence and spatial, the theme taxonomy with every
 * category's concept, and the vocabularies' concepts the distributions name. Every page describes
 * them all, used on it or not: so no dataset's part needs its page to describe what it points at.
 */
export function catalogTail(w: RdfWriter, ctx: DcatContext, extras: CatalogExtras = {}): string {
  const { base, identity, categories } = ctx;
  const lang = identity.language;
  const labels = dcatLabels(primaryLanguage(lang));
  const shared = sharedIris(ctx);
  const date = (predicate: string, value: string | undefined) => {
    if (value !== undefined) w.typed(predicate, value, dateType(value));
  };
  const concept = (iri: string, label: string, language: string, scheme?: string) =>
    w.describe(iri, [skos('Concept')], () => {
      w.text(skos('prefLabel'), label, language);
      w.iri(skos('inScheme'), scheme);
    });

  if (extras.dump)
    w.describe(catalogIris(base).dump, [dcat('Distribution')], () => {
      w.text(dct('title'), labels.dumpTitle, lang);
      w.text(dct('description'), labels.dumpDescription, lang);
      w.iri(dcat('accessURL'), extras.dump!.url);
      w.iri(dct('format'), euFileType('JSON'));
      w.iri(dcat('mediaType'), ianaMediaType('application/json'));
      w.iri(dct('license'), shared.licence);
      w.iri(dcatap('availability'), shared.stable);
      date(dct('issued'), extras.issued);
      date(dct('modified'), extras.modified);
    });

  const { name, url, email } = identity.publisher;
  w.describe(catalogIris(base).publisher, [foaf('Agent')], () => {
    w.text(foaf('name'), name, lang);
    w.iri(foaf('homepage'), url);
    w.iri(foaf('mbox'), email !== undefined && `mailto:${email}`);
  });
  w.describe(identity.homepage ?? `${base}/`, [foaf('Document')]);
  w.describe(shared.language, [dct('LinguisticSystem')]);
  const licenceTypes = LICENCE_TYPES[shared.licence] ?? [];
  w.describe(shared.licence, [dct('LicenseDocument')], () =>
    w.iris(dct('type'), licenceTypes.map(admsLicenceType)),
  );
  for (const type of licenceTypes) concept(admsLicenceType(type), ADMS_LICENCE_LABELS[type], 'en');

  const contact = identity.contactPoint;
  const contactEmail = contact?.email ?? identity.publisher.email;
  w.describe(shared.contactPoint, [vcard('Kind')], () => {
    w.text(vcard('fn'), contact?.name ?? identity.publisher.name, lang);
    w.iri(vcard('hasEmail'), contactEmail !== undefined && `mailto:${contactEmail}`);
    w.iri(
      vcard('hasURL'),
      contactEmail === undefined && (identity.publisher.url ?? identity.homepage ?? `${base}/`),
    );
  });
  if (shared.spatial !== undefined && identity.spatial !== undefined) {
    const spatial = identity.spatial;
    w.describe(shared.spatial, [dct('Location')], () =>
      w.text(locn('geographicName'), spatial, lang),
    );
  }
  w.describe(shared.scheme, [skos('ConceptScheme')], () =>
    w.text(dct('title'), labels.categories, lang),
  );
  for (const category of categories)
    concept(shared.theme(category.slug), category.name, lang, shared.scheme);

  w.describe(shared.publicAccess, [dct('RightsStatement')]);
  w.describe(shared.csv, [dct('MediaTypeOrExtent')]);
  w.describe(shared.csvMediaType, [dct('MediaType')]);
  concept(shared.stable, 'stable', 'en');
  if (extras.dump) {
    w.describe(euFileType('JSON'), [dct('MediaTypeOrExtent')]);
    w.describe(ianaMediaType('application/json'), [dct('MediaType')]);
  }
  return w.part();
}
