// A page of the DCAT-AP 3 catalogue (contract §13.2) as an RDF model: one dcat:Catalog from the
// catalogue's identity, a dcat:Dataset per element with a dcat:Distribution per year's CSV, and
// the page's place in the whole as ckanext-dcat pages it (hydra:PagedCollection). The mapping and
// every IRI's form are in docs/dcat.md. Pure; the serializers are turtle.ts and json-ld.ts.
import type { DataElement } from '../../schema.ts';
import type { CatalogueIdentity } from '../catalogue-identity.ts';
import { licenseUrl, publicUrls, type ElementView, type RenderContext } from '../element-view.ts';
import { dcatLabels, type DcatLabels } from './labels.ts';
import { languageIri, primaryLanguage } from './language.ts';
import { mapMetadata } from './metadata-mapping.ts';
import {
  blank,
  GraphBuilder,
  iri,
  text,
  typed,
  wellFormed,
  type BlankNode,
  type Literal,
  type NamedNode,
  type PropertyList,
  type RdfGraph,
} from './rdf-model.ts';
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
const elementDocument = (urls: ReturnType<typeof publicUrls>, id: string) =>
  urls.page(encodeURIComponent(wellFormed(id)));

/** An element's dataset IRI: by `_id`, so it outlives a change of title (and of CKAN name). */
export const datasetIri = (base: string, id: string) =>
  `${elementDocument(publicUrls(base), id)}#dataset`;

const ADMS_LICENCE_LABELS = {
  Attribution: 'Attribution',
  ShareAlike: 'Share-alike',
  PublicDomain: 'Public domain',
} as const;
type LicenceType = keyof typeof ADMS_LICENCE_LABELS;
const LICENCE_TYPES: Record<string, LicenceType[]> = {
  [licenseUrl('CC-BY-4.0')]: ['Attribution'],
  [licenseUrl('CC-BY-SA-4.0')]: ['Attribution', 'ShareAlike'],
  [licenseUrl('CC0-1.0')]: ['PublicDomain'],
  [licenseUrl('ODbL-1.0')]: ['Attribution', 'ShareAlike'],
  [licenseUrl('ODC-By-1.0')]: ['Attribution'],
  [licenseUrl('PDDL-1.0')]: ['PublicDomain'],
  [licenseUrl('OGL-UK-3.0')]: ['Attribution'],
};

/** `YYYY` for xsd:date: at least four digits, a leading "-" before the common era. */
const xsdYear = (year: number) =>
  `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}`;

/** An ISO 8601 date-time (with "T") as xsd:dateTime, a plain date as xsd:date. */
const dateLiteral = (value: string) =>
  typed(value, value.includes('T') ? xsd('dateTime') : xsd('date'));

/** Consecutive years as runs: [2019, 2020, 2021, 2023] → [[2019, 2021], [2023, 2023]]. */
function yearRuns(years: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const year of years) {
    const last = runs[runs.length - 1];
    if (last && year === last[1] + 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs;
}

const distinctYears = (element: DataElement) =>
  [...new Set(element.data.map((entry) => entry.year))].sort((a, b) => a - b);

/** Trimmed, non-empty, each once, in order. */
const distinctTexts = (values: readonly string[]) => [
  ...new Set(values.map((value) => value.trim()).filter(Boolean)),
];

/** The nodes many subjects point at, described once, after the catalogue's own subjects. */
class SharedNodes {
  readonly builder = new GraphBuilder();
  constructor(
    private readonly identity: CatalogueIdentity,
    private readonly base: string,
  ) {}

  private get lang() {
    return this.identity.language;
  }

  language(): NamedNode {
    return this.builder.describe(iri(languageIri(this.lang)), [dct('LinguisticSystem')], []);
  }

  licence(): NamedNode {
    const url = licenseUrl(this.identity.license);
    const types = (LICENCE_TYPES[url] ?? []).map((term) =>
      this.concept(iri(admsLicenceType(term)), text(ADMS_LICENCE_LABELS[term], 'en')),
    );
    return this.builder.describe(iri(url), [dct('LicenseDocument')], [[dct('type'), types]]);
  }

  concept(node: NamedNode, label: Literal, scheme?: NamedNode): NamedNode {
    return this.builder.describe(
      node,
      [skos('Concept')],
      [
        [skos('prefLabel'), label],
        [skos('inScheme'), scheme],
      ],
    );
  }

  document(url: string): NamedNode {
    return this.builder.describe(iri(url), [foaf('Document')], []);
  }

  publisher(): NamedNode {
    const { name, url, email } = this.identity.publisher;
    return this.builder.describe(
      iri(catalogIris(this.base).publisher),
      [foaf('Agent')],
      [
        [foaf('name'), text(name, this.lang)],
        [foaf('homepage'), url !== undefined && iri(url)],
        [foaf('mbox'), email !== undefined && iri(`mailto:${email}`)],
      ],
    );
  }

  /** The contact point if the identity names one, else the publisher as one. */
  contactPoint(): NamedNode {
    const { contactPoint, publisher, homepage } = this.identity;
    const name = contactPoint?.name ?? publisher.name;
    const email = contactPoint?.email ?? publisher.email;
    return this.builder.describe(
      iri(catalogIris(this.base).contactPoint),
      [vcard('Kind')],
      [
        [vcard('fn'), text(name, this.lang)],
        [vcard('hasEmail'), email !== undefined && iri(`mailto:${email}`)],
        [vcard('hasURL'), email === undefined && iri(publisher.url ?? homepage ?? `${this.base}/`)],
      ],
    );
  }

  spatial(): NamedNode | undefined {
    const { spatial } = this.identity;
    if (spatial === undefined) return undefined;
    return this.builder.describe(
      iri(catalogIris(this.base).spatial),
      [dct('Location')],
      [[locn('geographicName'), text(spatial, this.lang)]],
    );
  }

  categoryScheme(labels: DcatLabels): NamedNode {
    return this.builder.describe(
      iri(publicUrls(this.base).referenceList('category')),
      [skos('ConceptScheme')],
      [[dct('title'), text(labels.categories, this.lang)]],
    );
  }

  accessRights(code: 'PUBLIC'): NamedNode {
    return this.builder.describe(iri(euAccessRight(code)), [dct('RightsStatement')], []);
  }

  fileType(code: 'CSV' | 'JSON'): NamedNode {
    return this.builder.describe(iri(euFileType(code)), [dct('MediaTypeOrExtent')], []);
  }

  mediaType(type: 'text/csv' | 'application/json'): NamedNode {
    return this.builder.describe(iri(ianaMediaType(type)), [dct('MediaType')], []);
  }

  stable(): NamedNode {
    return this.concept(iri(euPlannedAvailability('STABLE')), text('stable', 'en'));
  }
}

/** The readable description: title, unit, data source, years, definition and concept. */
function describeElement(
  element: DataElement,
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

function pagingProperties(paging: CatalogPaging, itemsOnPage: number): PropertyList {
  const { page, itemsPerPage, totalItems, url } = paging;
  // as ckanext-dcat's _pagination_info (logic.py): a page past the end points back at the last
  const last = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const previous =
    page > 1
      ? (page - 1) * itemsPerPage + itemsOnPage <= totalItems
        ? page - 1
        : last
      : undefined;
  const next = page * itemsPerPage < totalItems ? page + 1 : undefined;
  // as its _add_pagination_triples (processors.py): page links are plain literals, the counts
  // integers, and each link is written with the deprecated and the current predicate
  const link = (target: number | undefined) => target !== undefined && text(url(target));
  const integer = (value: number) => typed(String(value), xsd('integer'));
  return [
    [hydra('totalItems'), integer(totalItems)],
    [hydra('itemsPerPage'), integer(itemsPerPage)],
    [hydra('firstPage'), link(1)],
    [hydra('first'), link(1)],
    [hydra('lastPage'), link(last)],
    [hydra('last'), link(last)],
    [hydra('previousPage'), link(previous)],
    [hydra('previous'), link(previous)],
    [hydra('nextPage'), link(next)],
    [hydra('next'), link(next)],
  ];
}

/**
 * One page of the DCAT-AP 3 catalogue: the catalog, `views` as its datasets and, with `paging`,
 * the page typed hydra:PagedCollection. For one dataset's document pass `[view]` and null.
 */
export function dcatCatalogGraph(
  views: readonly ElementView[],
  ctx: RenderContext,
  paging: CatalogPaging | null,
  extras: CatalogExtras = {},
): RdfGraph {
  const { base, identity } = ctx;
  const urls = publicUrls(base);
  const lang = identity.language;
  const t = (value: string) => text(value, lang);
  const labels = dcatLabels(primaryLanguage(lang));
  const shared = new SharedNodes(identity, base);
  const main = new GraphBuilder();

  // ckanext-dcat writes no pagination for an empty listing (_pagination_info returns {})
  if (paging && paging.totalItems > 0)
    main.describe(
      iri(paging.url(paging.page)),
      [hydra('PagedCollection')],
      pagingProperties(paging, views.length),
    );

  const language = shared.language();
  const licence = shared.licence();
  const contactPoint = shared.contactPoint();
  const spatial = shared.spatial();
  const scheme = shared.categoryScheme(labels);
  const homepage = shared.document(identity.homepage ?? `${base}/`);
  const dump = extras.dump && iri(catalogIris(base).dump);

  main.describe(
    iri(catalogIris(base).catalog),
    [dcat('Catalog')],
    [
      [dct('title'), t(identity.title)],
      [dct('description'), t(identity.description)],
      [dct('publisher'), shared.publisher()],
      [foaf('homepage'), homepage],
      [dct('language'), language],
      [dct('license'), licence],
      [dct('spatial'), spatial],
      [dcat('contactPoint'), contactPoint],
      [dcat('themeTaxonomy'), scheme],
      [dct('issued'), extras.issued !== undefined && dateLiteral(extras.issued)],
      [dct('modified'), extras.modified !== undefined && dateLiteral(extras.modified)],
      [
        dcat('dataset'),
        views.map((view) => iri(`${elementDocument(urls, view.element._id)}#dataset`)),
      ],
      [dcat('distribution'), dump],
    ],
  );

  for (const view of views) {
    const { element } = view;
    const document = elementDocument(urls, element._id);
    const meta = mapMetadata(element.metadata);
    const years = distinctYears(element);
    const distributions = years.map((year) => iri(`${document}#csv-${year}`));
    const themes = element.category.map((item) =>
      shared.concept(iri(urls.explorer('category', item.slug)), t(item.name), scheme),
    );
    const keywords = distinctTexts([
      ...element.sector.map((item) => item.name),
      ...element.field.map((item) => item.name),
      ...meta.aliases,
    ]);
    const publisher: BlankNode = blank(
      [foaf('Agent')],
      [[foaf('name'), t(element.dataSource.name)]],
    );
    const temporal = yearRuns(years).map(([from, to]) =>
      blank(
        [dct('PeriodOfTime')],
        [
          [dcat('startDate'), typed(`${xsdYear(from)}-01-01`, xsd('date'))],
          [dcat('endDate'), typed(`${xsdYear(to)}-12-31`, xsd('date'))],
        ],
      ),
    );
    const variable = blank(
      [schema('PropertyValue')],
      [
        [schema('name'), t(meta.variableName ?? element.title)],
        [schema('alternateName'), meta.aliases.map(t)],
        [schema('description'), meta.definition !== undefined && t(meta.definition)],
        [schema('unitText'), element.unit.trim() !== '' && t(element.unit)],
      ],
    );
    const issued = typed(view.created, xsd('dateTime'));
    const modified = typed(view.modified, xsd('dateTime'));

    main.describe(
      iri(`${document}#dataset`),
      [dcat('Dataset')],
      [
        [dct('title'), t(element.title)],
        [
          dct('description'),
          t(describeElement(element, years, meta.definition, meta.concept, labels)),
        ],
        [dct('identifier'), text(element._id)],
        [dcat('keyword'), keywords.map(t)],
        [dcat('theme'), themes],
        [dct('publisher'), publisher],
        [dcat('contactPoint'), contactPoint],
        [dct('temporal'), temporal],
        [dct('spatial'), spatial],
        [dct('language'), language],
        [dct('issued'), issued],
        [dct('modified'), modified],
        [dcat('landingPage'), shared.document(urls.page(view.name))],
        [dct('accessRights'), meta.access !== undefined && shared.accessRights(meta.access)],
        [
          prov('wasGeneratedBy'),
          meta.activities.map((activity) =>
            blank([prov('Activity')], [[rdfs('label'), t(activity)]]),
          ),
        ],
        [schema('variableMeasured'), variable],
        [
          schema('additionalProperty'),
          meta.kept.map((entry) =>
            blank(
              [schema('PropertyValue')],
              [
                [schema('name'), t(entry.key)],
                [schema('value'), t(entry.value)],
              ],
            ),
          ),
        ],
        [dcat('distribution'), distributions],
      ],
    );

    years.forEach((year, i) => {
      const csv = iri(urls.csv(wellFormed(element._id), year));
      main.describe(
        distributions[i]!,
        [dcat('Distribution')],
        [
          [dct('title'), t(labels.tableTitle(element.title.trim(), year))],
          [dct('description'), t(labels.tableDescription(year))],
          [dcat('accessURL'), csv],
          [dcat('downloadURL'), csv],
          [dct('format'), shared.fileType('CSV')],
          [dcat('mediaType'), shared.mediaType('text/csv')],
          [dct('license'), licence],
          [dcatap('availability'), shared.stable()],
          [dct('issued'), issued],
          [dct('modified'), modified],
        ],
      );
    });
  }

  if (dump && extras.dump)
    main.describe(
      dump,
      [dcat('Distribution')],
      [
        [dct('title'), t(labels.dumpTitle)],
        [dct('description'), t(labels.dumpDescription)],
        [dcat('accessURL'), iri(extras.dump.url)],
        [dct('format'), shared.fileType('JSON')],
        [dcat('mediaType'), shared.mediaType('application/json')],
        [dct('license'), licence],
        [dcatap('availability'), shared.stable()],
        [dct('issued'), extras.issued !== undefined && dateLiteral(extras.issued)],
        [dct('modified'), extras.modified !== undefined && dateLiteral(extras.modified)],
      ],
    );

  main.append(shared.builder);
  return main.graph();
}
