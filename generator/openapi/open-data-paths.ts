// Part three's paths (docs/harvest.md §12-§14): CKAN's action API and DCAT-AP 3 as what they are (their
// own shapes, documented by CKAN and by DCAT-AP), the element pages, the sitemap and robots.txt.
import { URLS_PER_SITEMAP } from '../../core/contract.ts';
import { okHeaders, responseRef } from './responses.ts';
import { operation, withoutBody } from './operation.ts';
import { schemaRef } from './schemas.ts';

const pathParameter = (name: string, description: string, example: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});
const queryParameter = (name: string, description: string, schema: object) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const ACTION = pathParameter(
  'action',
  'status_show, package_search, package_show, package_list, current_package_list_with_resources, organization_list, organization_show, group_list, group_show or tag_list; any write action is refused (403), another name is unknown (400).',
  'package_search',
);
const ELEMENT = pathParameter(
  'id',
  "A published element's `_id` or its CKAN name.",
  '21bacaba8dd85048097c9862',
);

function ckanAction(operationId: string, summary: string) {
  const ok = {
    description: "The action's result in CKAN's envelope.",
    headers: okHeaders(),
    content: { 'application/json': { schema: schemaRef('CkanEnvelope') } },
  };
  const read = operation({
    operationId,
    tag: 'CKAN action API',
    summary,
    description:
      "An action of CKAN 2.10/2.11's API, read side, with its parameters in the query string (`package_search?q=…&fq=…&rows=100&sort=id%20asc`). Answers and errors in CKAN's envelope, with CKAN's statuses.",
    parameters: [ACTION],
    ok,
    errors: { '400': 'CkanError', '403': 'CkanError', '404': 'CkanError', '409': 'CkanError' },
  });
  const { responses } = read.get;
  return {
    ...read,
    post: {
      operationId: `${operationId}Post`,
      tags: ['CKAN action API'],
      summary: `${summary} (POST)`,
      description:
        "The same action with its parameters in a JSON object or a form, as CKAN's clients (ckanapi) send them.",
      parameters: [ACTION],
      requestBody: {
        required: false,
        content: {
          'application/json': { schema: { type: 'object' } },
          'application/x-www-form-urlencoded': { schema: { type: 'object' } },
        },
      },
      responses,
    },
  };
}

const RDF_PAGE_PARAMETERS = [
  queryParameter('page', 'The page, from 1; 100 datasets a page.', { type: 'integer', minimum: 1 }),
  queryParameter(
    'modified_since',
    'Only the datasets modified at or after this ISO 8601 date or date-time.',
    { type: 'string' },
  ),
];

function rdf(
  operationId: string,
  summary: string,
  description: string,
  mediaType: string,
  parameters: object[],
) {
  return operation({
    operationId,
    tag: 'DCAT-AP 3',
    summary,
    description,
    parameters,
    ok: {
      description: 'DCAT-AP 3 RDF.',
      headers: okHeaders(),
      content: { [mediaType]: { schema: { type: 'string' } } },
    },
    errors: { '400': 'BadRequest', '404': 'ElementNotFound' },
  });
}

const CATALOG =
  'The catalogue (dcat:Catalog, from data/catalogue.json) and one page of its datasets, paged as ckanext-dcat pages: the page is a hydra:PagedCollection with totalItems, itemsPerPage, first, last, next and previous (and the older firstPage… predicates). A harvester follows hydra:next.';
const DATASET = "One element's dcat:Dataset, with a dcat:Distribution (CSV) per year.";

const page = operation({
  operationId: 'getElementPage',
  tag: 'Pages',
  summary: "An element's page",
  description:
    "For people: the title, unit, data source and classifications, the dates, the metadata, every year's table and a chart, downloads. For search engines: schema.org Dataset JSON-LD, a canonical link, Open Graph. A strict Content-Security-Policy.",
  parameters: [ELEMENT],
  ok: {
    description: 'The page (HTML).',
    headers: okHeaders('Content-Security-Policy'),
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  errors: { '400': 'BadRequest' },
});
const pageGet = page.get as { responses: Record<string, unknown> };
pageGet.responses['404'] = responseRef('PageNotFound');
(page.head as { responses: Record<string, unknown> }).responses['404'] = withoutBody({
  description: 'No published element has it.',
});

const text = (
  operationId: string,
  summary: string,
  description: string,
  mediaType: string,
  parameters: object[] = [],
) =>
  operation({
    operationId,
    tag: 'Pages',
    summary,
    description,
    parameters,
    ok: {
      description: summary,
      headers: okHeaders(),
      content: { [mediaType]: { schema: { type: 'string' } } },
    },
    errors: { '400': 'ReadFailed' },
  });

export const OPEN_DATA_PATHS = {
  '/api/3/action/{action}': ckanAction('ckanAction', 'A CKAN action'),
  '/api/action/{action}': ckanAction('ckanActionUnversioned', 'A CKAN action, at /api/action'),
  '/catalog.ttl': rdf(
    'getCatalogTurtle',
    'The DCAT-AP 3 catalogue (Turtle)',
    CATALOG,
    'text/turtle',
    RDF_PAGE_PARAMETERS,
  ),
  '/catalog.jsonld': rdf(
    'getCatalogJsonLd',
    'The DCAT-AP 3 catalogue (JSON-LD)',
    CATALOG,
    'application/ld+json',
    RDF_PAGE_PARAMETERS,
  ),
  '/dataset/{id}.ttl': rdf(
    'getDatasetTurtle',
    'One DCAT-AP 3 dataset (Turtle)',
    DATASET,
    'text/turtle',
    [ELEMENT],
  ),
  '/dataset/{id}.jsonld': rdf(
    'getDatasetJsonLd',
    'One DCAT-AP 3 dataset (JSON-LD)',
    DATASET,
    'application/ld+json',
    [ELEMENT],
  ),
  '/dataset/{id}': page,
  '/sitemap.xml': text(
    'getSitemap',
    'The sitemap',
    `Every element's page once, with its lastmod; past ${URLS_PER_SITEMAP.toLocaleString('en')} pages, a sitemap index over /sitemap-{n}.xml.`,
    'application/xml',
  ),
  '/sitemap-{n}.xml': text(
    'getSitemapPart',
    'One file of the sitemap',
    `Up to ${URLS_PER_SITEMAP.toLocaleString('en')} pages, in name order.`,
    'application/xml',
    [pathParameter('n', 'The file, from 1, as /sitemap.xml lists it.', '1')],
  ),
  '/robots.txt': text(
    'getRobots',
    'robots.txt',
    'Where the sitemap is; crawl the pages, not /api/.',
    'text/plain',
  ),
};
