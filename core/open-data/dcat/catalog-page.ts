// A page of the DCAT-AP 3 catalogue (contract §13.2), written straight into Turtle or JSON-LD
// (rdf-writer.ts): one dcat:Catalog from the catalogue's identity, a dcat:Dataset per element
// with a dcat:Distribution per year's CSV, and the page's place in the whole as ckanext-dcat
// pages it (hydra:PagedCollection). The mapping and every IRI's form are in docs/dcat.md. Pure.
import type { DataElement } from '../../schema.ts';
import type { CatalogueIdentity } from '../catalogue-identity.ts';
import { licenseUrl, publicUrls, type DatasetView, type RenderContext } from '../element-view.ts';
import { dcatLabels, type DcatLabels } from './labels.ts';
import { languageIri, primaryLanguage } from './language.ts';
import { mapMetadata } from './metadata-mapping.ts';
import { wellFormed } from './rdf-terms.ts';
import type { RdfWriter } from './rdf-writer.ts';
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
  /** The whole-catalogue download (§13.3): written as the catalog's own dcat:distribution. */
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

/**
 * The nodes many subjects point at: each described once, after the page's own subjects, in the
 * order first pointed at. A description is kept as a function and written at the end.
 */
class SharedNodes {
  private readonly pending = new Map<string, (w: RdfWriter) => void>();
  constructor(
    private readonly identity: CatalogueIdentity,
    private readonly base: string,
  ) {}

  private get lang() {
    return this.identity.language;
  }

  /** `iri`, described by `describe` unless it already was. */
  private node(iri: string, describe: (w: RdfWriter) => void): string {
    if (!this.pending.has(iri)) this.pending.set(iri, describe);
    return iri;
  }

  writeAll(w: RdfWriter): void {
    for (const describe of this.pending.values()) describe(w);
  }

  language(): string {
    const iri = languageIri(this.lang);
    return this.node(iri, (w) => w.describe(iri, [dct('LinguisticSystem')]));
  }

  licence(): string {
    const url = licenseUrl(this.identity.license);
    const types = (LICENCE_TYPES[url] ?? []).map((term) =>
      this.concept(admsLicenceType(term), ADMS_LICENCE_LABELS[term], 'en'),
    );
    return this.node(url, (w) =>
      w.describe(url, [dct('LicenseDocument')], () => w.iris(dct('type'), types)),
    );
  }

  concept(iri: string, label: string, language: string, scheme?: string): string {
    return this.node(iri, (w) =>
      w.describe(iri, [skos('Concept')], () => {
        w.text(skos('prefLabel'), label, language);
        w.iri(skos('inScheme'), scheme);
      }),
    );
  }

  document(url: string): string {
    return this.node(url, (w) => w.describe(url, [foaf('Document')]));
  }

  publisher(): string {
    const { name, url, email } = this.identity.publisher;
    const iri = catalogIris(this.base).publisher;
    return this.node(iri, (w) =>
      w.describe(iri, [foaf('Agent')], () => {
        w.text(foaf('name'), name, this.lang);
        w.iri(foaf('homepage'), url);
        w.iri(foaf('mbox'), email !== undefined && `mailto:${email}`);
      }),
    );
  }

  /** The contact point if the identity names one, else the publisher as one. */
  contactPoint(): string {
    const { contactPoint, publisher, homepage } = this.identity;
    const name = contactPoint?.name ?? publisher.name;
    const email = contactPoint?.email ?? publisher.email;
    const iri = catalogIris(this.base).contactPoint;
    return this.node(iri, (w) =>
      w.describe(iri, [vcard('Kind')], () => {
        w.text(vcard('fn'), name, this.lang);
        w.iri(vcard('hasEmail'), email !== undefined && `mailto:${email}`);
        w.iri(
          vcard('hasURL'),
          email === undefined && (publisher.url ?? homepage ?? `${this.base}/`),
        );
      }),
    );
  }

  spatial(): string | undefined {
    const { spatial } = this.identity;
    if (spatial === undefined) return undefined;
    const iri = catalogIris(this.base).spatial;
    return this.node(iri, (w) =>
      w.describe(iri, [dct('Location')], () => w.text(locn('geographicName'), spatial, this.lang)),
    );
  }

  categoryScheme(labels: DcatLabels): string {
    const iri = publicUrls(this.base).referenceList('category');
    return this.node(iri, (w) =>
      w.describe(iri, [skos('ConceptScheme')], () =>
        w.text(dct('title'), labels.categories, this.lang),
      ),
    );
  }

  accessRights(code: 'PUBLIC'): string {
    const iri = euAccessRight(code);
    return this.node(iri, (w) => w.describe(iri, [dct('RightsStatement')]));
  }

  fileType(code: 'CSV' | 'JSON'): string {
    const iri = euFileType(code);
    return this.node(iri, (w) => w.describe(iri, [dct('MediaTypeOrExtent')]));
  }

  mediaType(type: 'text/csv' | 'application/json'): string {
    const iri = ianaMediaType(type);
    return this.node(iri, (w) => w.describe(iri, [dct('MediaType')]));
  }

  stable(): string {
    return this.concept(euPlannedAvailability('STABLE'), 'stable', 'en');
  }
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
 * One page of the DCAT-AP 3 catalogue into `w`: the catalog, `views` as its datasets and, with
 * `paging`, the page typed hydra:PagedCollection. For one dataset's document pass `[view]` and
 * null. Returns the document.
 */
export function writeCatalogPage(
  w: RdfWriter,
  views: readonly DatasetView[],
  { base, identity }: RenderContext,
  paging: CatalogPaging | null,
  extras: CatalogExtras = {},
): string {
  const urls = publicUrls(base);
  const lang = identity.language;
  const labels = dcatLabels(primaryLanguage(lang));
  const shared = new SharedNodes(identity, base);

  // ckanext-dcat writes no pagination for an empty listing (_pagination_info returns {})
  if (paging && paging.totalItems > 0)
    w.describe(paging.url(paging.page), [hydra('PagedCollection')], () =>
      writePaging(w, paging, views.length),
    );

  const language = shared.language();
  const licence = shared.licence();
  const contactPoint = shared.contactPoint();
  const spatial = shared.spatial();
  const scheme = shared.categoryScheme(labels);
  const homepage = shared.document(identity.homepage ?? `${base}/`);
  const dump = extras.dump && catalogIris(base).dump;
  const date = (predicate: string, value: string | undefined) => {
    if (value !== undefined) w.typed(predicate, value, dateType(value));
  };

  w.describe(catalogIris(base).catalog, [dcat('Catalog')], () => {
    w.text(dct('title'), identity.title, lang);
    w.text(dct('description'), identity.description, lang);
    w.iri(dct('publisher'), shared.publisher());
    w.iri(foaf('homepage'), homepage);
    w.iri(dct('language'), language);
    w.iri(dct('license'), licence);
    w.iri(dct('spatial'), spatial);
    w.iri(dcat('contactPoint'), contactPoint);
    w.iri(dcat('themeTaxonomy'), scheme);
    date(dct('issued'), extras.issued);
    date(dct('modified'), extras.modified);
    w.iris(
      dcat('dataset'),
      views.map((view) => `${elementDocument(urls, view.element._id)}#dataset`),
    );
    w.iri(dcat('distribution'), dump);
  });

  // the same few categories, and the same format, media type and availability for every
  // distribution: each IRI made once a page (and pointed at first where the model pointed)
  const themes = new Map<string, string>();
  const theme = (slug: string) => {
    let iri = themes.get(slug);
    if (iri === undefined) themes.set(slug, (iri = urls.explorer('category', slug)));
    return iri;
  };
  let csv: { format: string; mediaType: string; availability: string } | undefined;

  for (const view of views) {
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
        element.category.map((item) => shared.concept(theme(item.slug), item.name, lang, scheme)),
      );
      w.blanks(dct('publisher'), 1);
      w.blank([foaf('Agent')], () => w.text(foaf('name'), element.dataSource.name, lang));
      w.iri(dcat('contactPoint'), contactPoint);
      w.blanks(dct('temporal'), runs.length);
      for (const [from, to] of runs)
        w.blank([dct('PeriodOfTime')], () => {
          w.typed(dcat('startDate'), `${xsdYear(from)}-01-01`, xsd('date'));
          w.typed(dcat('endDate'), `${xsdYear(to)}-12-31`, xsd('date'));
        });
      w.iri(dct('spatial'), spatial);
      w.iri(dct('language'), language);
      w.typed(dct('issued'), view.created, xsd('dateTime'));
      w.typed(dct('modified'), view.modified, xsd('dateTime'));
      w.iri(dcat('landingPage'), shared.document(urls.page(view.name)));
      w.iri(dct('accessRights'), meta.access !== undefined && shared.accessRights(meta.access));
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
      csv ??= {
        format: shared.fileType('CSV'),
        mediaType: shared.mediaType('text/csv'),
        availability: shared.stable(),
      };
      const { format, mediaType, availability } = csv;
      w.describe(distributions[i]!, [dcat('Distribution')], () => {
        w.text(dct('title'), labels.tableTitle(title, year), lang);
        w.text(dct('description'), labels.tableDescription(year), lang);
        w.iri(dcat('accessURL'), url);
        w.iri(dcat('downloadURL'), url);
        w.iri(dct('format'), format);
        w.iri(dcat('mediaType'), mediaType);
        w.iri(dct('license'), licence);
        w.iri(dcatap('availability'), availability);
        w.typed(dct('issued'), view.created, xsd('dateTime'));
        w.typed(dct('modified'), view.modified, xsd('dateTime'));
      });
    });
  }

  if (dump && extras.dump) {
    const { url } = extras.dump;
    w.describe(dump, [dcat('Distribution')], () => {
      w.text(dct('title'), labels.dumpTitle, lang);
      w.text(dct('description'), labels.dumpDescription, lang);
      w.iri(dcat('accessURL'), url);
      w.iri(dct('format'), shared.fileType('JSON'));
      w.iri(dcat('mediaType'), shared.mediaType('application/json'));
      w.iri(dct('license'), licence);
      w.iri(dcatap('availability'), shared.stable());
      date(dct('issued'), extras.issued);
      date(dct('modified'), extras.modified);
    });
  }

  shared.writeAll(w);
  return w.document();
}
