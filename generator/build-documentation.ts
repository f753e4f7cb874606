// build: the API's description files (docs/api.md §8) as bytes. Pure: the OpenAPI document from
// the zod shapes, and the page with examples that work on this catalogue filled in.
import { REFERENCE_LISTS, type DocumentationFileName } from '../core/contract.ts';
import type { CompiledCatalogue } from './compile-catalogue.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { escapeHtml, renderEndpoints } from './page-endpoints.ts';
import type { SiteSources } from './read-site.ts';

const encoder = new TextEncoder();

export function buildDocumentation(
  catalogue: CompiledCatalogue,
  site: SiteSources,
): Record<DocumentationFileName, Uint8Array> {
  const document = buildOpenApiDocument();
  const values = pageValues(catalogue);
  const endpoints = renderEndpoints(document, {
    '/api/v1/data-element': [values.wordsExample!, values.searchExample!, values.filterExample!],
    '/api/v1/data-element/{id}': [values.elementExample!],
    '/api/v1/data-element/{id}/{year}.csv': [values.tableExample!],
    '/api/v1/facets': [values.facetsExample!],
    '/api/v1/dump': ['/api/v1/dump'],
    '/api/v1/dump/{part}': [], // a gzip file: described, no live answer
    ...Object.fromEntries(REFERENCE_LISTS.map(({ endpoint }) => [endpoint, [endpoint]])),
    '/api/v1/openapi.json': ['/api/v1/openapi.json'],
  });
  return {
    'openapi.json': encoder.encode(`${JSON.stringify(document, null, 2)}\n`),
    'index.html': encoder.encode(fillTemplate(site.pageTemplate, values, { endpoints })),
    'explorer.js': site.script,
    'explorer.css': site.stylesheet,
    'favicon.png': site.icon,
  };
}

/** Example requests that answer something on this catalogue, and its counts. */
export function pageValues({ published, lists }: CompiledCatalogue): Record<string, string> {
  const element = published.find((e) => e.years.length > 0) ?? published[0];
  const id = element?.id ?? 'no-element';
  const year = element?.years[0] ?? 2024; // no tables at all: the example answers 404
  const slugOf = (list: keyof typeof lists) => {
    const position = element?.refs[list][0];
    return (
      (position === undefined ? undefined : lists[list][position]?.slug) ??
      lists[list][0]?.slug ??
      ''
    );
  };
  const titleWords = (element?.title ?? '').toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const word = titleWords[0] ?? '';
  // what a search box sends while the second word is still being typed
  const typed = [word, titleWords[1]?.slice(0, 3)].filter(Boolean).join(' ');
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
      .toString()
      .replace(/%2C/g, ',');
  const years = [...new Set(published.flatMap((e) => e.years))].sort((a, b) => a - b);
  return {
    elementCount: published.length.toLocaleString('en'),
    exampleDataSource: slugOf('dataSource'),
    yearSpan: years.length ? `${years[0]}–${years[years.length - 1]}` : 'no years yet',
    categoryCount: String(lists.category.length),
    dataSourceCount: String(lists.dataSource.length),
    wordsExample: `/api/v1/data-element?${query({ q: typed, limit: 5, fields: '_id,title,unit' })}`,
    searchExample: `/api/v1/data-element?${query({ title: word, limit: 5, fields: '_id,title,unit' })}`,
    filterExample: `/api/v1/data-element?${query({ dataSource: slugOf('dataSource'), year, limit: 10, offset: 0, fields: '_id,title' })}`,
    elementExample: `/api/v1/data-element/${encodeURIComponent(id)}`,
    tableExample: `/api/v1/data-element/${encodeURIComponent(id)}/${year}.csv`,
    facetsExample: `/api/v1/facets?${query({ category: slugOf('category') })}`,
  };
}

/**
 * Replaces each {{name}} with its value, HTML-escaped, and each {{{name}}} with its HTML as is;
 * a placeholder without a value is a build error.
 */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  html: Record<string, string> = {},
): string {
  const valueOf = (table: Record<string, string>, name: string, braces: string) => {
    const value = table[name];
    if (value === undefined)
      throw new Error(`site/index.html: no value for ${braces.replace('name', name)}`);
    return value;
  };
  return template.replace(
    /\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}/g,
    (_, raw: string | undefined, escaped: string | undefined) =>
      raw !== undefined
        ? valueOf(html, raw, '{{{name}}}')
        : escapeHtml(valueOf(values, escaped!, '{{name}}')),
  );
}
