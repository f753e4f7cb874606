// The element as a schema.org Dataset (docs/harvest.md §14), as Google Dataset Search reads it: name, a
// description of 50 to 5,000 characters, the classifications as keywords, the data source as
// creator, the years as temporalCoverage, a DataDownload per year, the variable from the BPS
// MS-Var metadata.
import { describeElement, metadataValue } from '../describe.ts';
import { elementDownloads } from '../downloads.ts';
import { licenseUrl, publicUrls, type ElementView, type RenderContext } from '../element-view.ts';

const MIN_DESCRIPTION = 50;
const MAX_DESCRIPTION = 5000;

/** The description of the element, at least 50 characters, at most 5,000. */
export function datasetDescription(view: ElementView, ctx: RenderContext): string {
  let text = describeElement(view.element);
  if (text.length < MIN_DESCRIPTION)
    text = `${text} Elemen data ${ctx.identity.title.trim()}, statistik sektoral dengan tabel per tahun.`;
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`;
}

/** The years as an ISO 8601 interval: "2019/2023", or "2021" for one year. */
export function temporalCoverage(years: number[]): string | undefined {
  if (years.length === 0) return undefined;
  const [first, last] = [Math.min(...years), Math.max(...years)];
  return first === last ? String(first) : `${first}/${last}`;
}

const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function datasetJsonLd(view: ElementView, ctx: RenderContext): Record<string, unknown> {
  const { element } = view;
  const urls = publicUrls(ctx.base);
  const { identity } = ctx;
  const years = [...new Set(element.data.map((entry) => entry.year))].sort((a, b) => a - b);
  const variableName = metadataValue(element, 'Nama Variabel') ?? element.title;
  const alias = metadataValue(element, 'Alias');
  const definition = metadataValue(element, 'Definisi') ?? metadataValue(element, 'Konsep');
  const coverage = temporalCoverage(years);
  return {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    '@id': urls.page(view.name),
    name: element.title.trim(),
    description: datasetDescription(view, ctx),
    url: urls.page(view.name),
    identifier: element._id,
    keywords: distinct([
      ...element.category.map((item) => item.name),
      ...element.sector.map((item) => item.name),
      ...element.field.map((item) => item.name),
      element.dataSource.name,
    ]),
    inLanguage: identity.language,
    creator: {
      '@type': 'Organization',
      name: element.dataSource.name.trim(),
      url: urls.explorer('dataSource', element.dataSource.slug),
    },
    publisher: {
      '@type': 'Organization',
      name: identity.publisher.name,
      ...(identity.publisher.url && { url: identity.publisher.url }),
      ...(identity.publisher.email && { email: identity.publisher.email }),
    },
    ...(coverage && { temporalCoverage: coverage }),
    ...(identity.spatial && { spatialCoverage: { '@type': 'Place', name: identity.spatial } }),
    dateCreated: view.created,
    datePublished: view.created,
    dateModified: view.modified,
    license: licenseUrl(identity.license),
    isAccessibleForFree: true,
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: identity.title,
      url: identity.homepage ?? `${ctx.base}/`,
    },
    distribution: [
      ...element.data.map((entry) => ({
        '@type': 'DataDownload',
        name: `${element.title.trim()} ${entry.year} (CSV)`,
        contentUrl: urls.csv(element._id, entry.year),
        encodingFormat: 'text/csv',
        temporalCoverage: String(entry.year),
      })),
      ...elementDownloads(element, ctx.base)
        .filter((download) => download.kind !== 'table')
        .map((download) => ({
          '@type': 'DataDownload',
          name: `${element.title.trim()} (${download.kind === 'observations' ? 'observations, CSV' : download.format})`,
          contentUrl: download.url,
          encodingFormat: download.mediaType,
        })),
      {
        '@type': 'DataDownload',
        name: `${element.title.trim()} (JSON)`,
        contentUrl: urls.element(element._id),
        encodingFormat: 'application/json',
      },
    ],
    variableMeasured: [
      {
        '@type': 'PropertyValue',
        name: variableName.trim(),
        ...(alias && { alternateName: alias.trim() }),
        ...(definition && { description: definition.trim() }),
        ...(element.unit.trim() && { unitText: element.unit.trim() }),
      },
    ],
  };
}
