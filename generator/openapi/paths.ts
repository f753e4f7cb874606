// Every path the Worker answers (worker/index.ts), with its operation. Reference lists and the
// documentation files come from the contract's tables, as the Worker's routes do.
import { DOCUMENTATION_FILES, REFERENCE_LISTS } from '../../core/contract.ts';
import { dataElementExample, projectedElementExample } from '../../core/examples.ts';
import { FacetParameters, SearchParameters } from '../../core/schema.ts';
import { parameterRefs } from './parameters.ts';
import { okHeaders } from './responses.ts';
import { operation } from './operation.ts';
import { schemaRef } from './schemas.ts';
import { OPEN_DATA_PATHS } from './open-data-paths.ts';
import { XLSX_MEDIA_TYPE } from '../../core/open-data/downloads.ts';

const JSON_TYPE = 'application/json';
const CSV_TYPE = 'text/csv';
const GZIP_TYPE = 'application/gzip';

export const TAGS = [
  {
    name: 'Data elements',
    description:
      'Search the published data elements, read one, download a table or the whole catalogue.',
  },
  {
    name: 'Reference lists',
    description:
      'The categories, data sources, sectors and fields whose slugs the search filters by.',
  },
  { name: 'Description', description: 'This document and the documentation page.' },
  {
    name: 'CKAN action API',
    description:
      "CKAN 2.10/2.11's action API, read side, for CKAN's harvester and clients (docs/harvest.md): not this API's own shapes, but CKAN's.",
  },
  {
    name: 'DCAT-AP 3',
    description: 'The catalogue as DCAT-AP 3 RDF, for DCAT harvesters (docs/dcat.md).',
  },
  {
    name: 'Pages',
    description: "Each element's page for people, and what search engines read.",
  },
];

const elementExamples = {
  whole: { summary: 'Whole elements', value: [dataElementExample] },
  projected: { summary: 'With fields=_id,title,unit', value: [projectedElementExample] },
};

const listPaths = Object.fromEntries(
  REFERENCE_LISTS.map(({ name, endpoint, label, param }) => [
    endpoint,
    operation({
      operationId: `list${name[0]!.toUpperCase()}${name.slice(1)}`,
      tag: 'Reference lists',
      summary: `Every ${label}`,
      description: `Every ${label} of the catalogue, in catalogue order. Filter the search with \`${param}=<slug>\`.`,
      ok: {
        description: `The ${label} list.`,
        headers: okHeaders(),
        content: { [JSON_TYPE]: { schema: schemaRef('ReferenceList') } },
      },
      errors: { '400': 'ListReadFailed' },
    }),
  ]),
);

type DocumentationPath = (typeof DOCUMENTATION_FILES)[number]['paths'][number];
const DOCUMENTATION_OPERATIONS: Record<
  DocumentationPath,
  { operationId: string; summary: string; description: string }
> = {
  '/api/v1/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description:
      'The OpenAPI 3.1 description of the API, generated from its zod schemas when the snapshot is built.',
  },
  '/': {
    operationId: 'getDocumentationPage',
    summary: 'The documentation page and explorer',
    description:
      'For people: what the API is, each endpoint with a live example, and an explorer of the catalogue.',
  },
  '/docs': {
    operationId: 'getDocumentationPageAtDocs',
    summary: 'The documentation page, at /docs',
    description: 'The same page as `/`.',
  },
  '/docs/explorer.js': {
    operationId: 'getExplorerScript',
    summary: "The page's script",
    description: 'The one script of the documentation page.',
  },
  '/docs/explorer.css': {
    operationId: 'getExplorerStylesheet',
    summary: "The page's stylesheet",
    description: 'The one stylesheet of the documentation page.',
  },
  '/favicon.ico': {
    operationId: 'getIcon',
    summary: 'The icon',
    description: "The page's icon, where browsers look for it (a PNG).",
  },
};

const documentationPaths = Object.fromEntries(
  DOCUMENTATION_FILES.flatMap(({ name, paths, contentType }) =>
    paths.map((path: DocumentationPath) => {
      const mediaType = contentType.split(';')[0]!;
      const schema =
        name === 'openapi.json'
          ? { type: 'object', description: 'An OpenAPI 3.1 document.' }
          : mediaType.startsWith('image/')
            ? { type: 'string', contentMediaType: mediaType }
            : { type: 'string' };
      const headers =
        mediaType === 'text/html' ? okHeaders('Content-Security-Policy') : okHeaders();
      return [
        path,
        operation({
          ...DOCUMENTATION_OPERATIONS[path],
          tag: 'Description',
          ok: { description: `The file ${name}.`, headers, content: { [mediaType]: { schema } } },
          errors: { '400': 'ReadFailed' },
        }),
      ];
    }),
  ),
);

export const PATHS = {
  '/api/v1/data-element': operation({
    operationId: 'searchDataElements',
    tag: 'Data elements',
    summary: 'Search the data elements',
    description:
      'The published data elements that match every filter given, in catalogue order; with `q`, in relevance order (every word of `q` in the title first, then more words of `q` whole in the title, then a score in which rare words weigh more, then catalogue order). Without `limit`, every match; with it, one page of that order, and a `Link` header to the others.',
    parameters: parameterRefs(
      ...(Object.keys(SearchParameters.shape) as (keyof typeof SearchParameters.shape)[]),
    ),
    ok: {
      description: 'The matching elements (`[]` when none match).',
      headers: okHeaders('X-Total-Count', 'Link'),
      content: { [JSON_TYPE]: { schema: schemaRef('SearchAnswer'), examples: elementExamples } },
    },
    notModified: 'NotModifiedPage',
    errors: { '400': 'BadRequest', '404': 'UnknownSlug', '414': 'QueryTooLongToPage' },
  }),
  '/api/v1/data-element/{id}': operation({
    operationId: 'getDataElement',
    tag: 'Data elements',
    summary: 'One data element',
    description:
      'The published element with this `_id`: the same bytes as in a search answer. An unverified element is not found, like an id that never existed.',
    parameters: parameterRefs('id', 'fields'),
    ok: {
      description: 'The element.',
      headers: okHeaders(),
      content: {
        [JSON_TYPE]: {
          schema: { anyOf: [schemaRef('DataElement'), schemaRef('ProjectedDataElement')] },
          examples: {
            whole: { summary: 'The whole element', value: dataElementExample },
            projected: { summary: 'With fields=_id,title,unit', value: projectedElementExample },
          },
        },
      },
    },
    errors: { '400': 'BadRequest', '404': 'ElementNotFound' },
  }),
  '/api/v1/data-element/{id}/{year}.csv': operation({
    operationId: 'getDataElementTable',
    tag: 'Data elements',
    summary: "One of an element's tables, as CSV",
    description:
      "RFC 4180 CSV (comma, CRLF, no BOM): one header line (a header spanning n columns gives n columns named `<header> - <sub-header>`), then one line per row. A cell that a spreadsheet would read as a formula gets a leading `'`.",
    parameters: parameterRefs('id', 'tableYear'),
    ok: {
      description: 'The table.',
      headers: okHeaders('Content-Disposition'),
      content: {
        [CSV_TYPE]: {
          schema: { type: 'string' },
          example:
            'Kecamatan,Jenis Kelamin - Laki-laki,Jenis Kelamin - Perempuan,Jumlah\r\nKota,"31,2","56,4","99,1"\r\n',
        },
      },
    },
    errors: { '400': 'ReadFailed', '404': 'TableNotFound' },
  }),
  ...observationPaths(),
  '/api/v1/facets': operation({
    operationId: 'getFacets',
    tag: 'Data elements',
    summary: 'Facet counts for a search',
    description:
      "What a catalogue front end shows beside a result list: how many elements each category, data source, sector, field and year would bring. Each dimension is counted with every filter but its own, so a chosen sector's neighbours still show their counts.",
    parameters: parameterRefs(
      ...(Object.keys(FacetParameters.shape) as (keyof typeof FacetParameters.shape)[]),
    ),
    ok: {
      description: 'The counts.',
      headers: okHeaders(),
      content: { [JSON_TYPE]: { schema: schemaRef('FacetCounts') } },
    },
    errors: { '400': 'BadRequest', '404': 'UnknownSlug' },
  }),
  '/api/v1/dump': operation({
    operationId: 'getCatalogueDump',
    tag: 'Data elements',
    summary: 'The whole catalogue as one download',
    description:
      "Every published element, in parts to download one after the other: each part is gzip-compressed JSON Lines, one element a line (exactly the bytes `/api/v1/data-element/{id}` answers, then a line feed), in catalogue order. Each part's length and SHA-256 are given, to check a download by. The parts are written when the snapshot is built, so this is the cheapest way to read everything.",
    ok: {
      description: "The snapshot, its element count and its parts' URLs, sizes and SHA-256.",
      headers: okHeaders(),
      content: { [JSON_TYPE]: { schema: schemaRef('CatalogueDump') } },
    },
    errors: { '400': 'ReadFailed' },
  }),
  '/api/v1/dump/{part}': operation({
    operationId: 'getCatalogueDumpPart',
    tag: 'Data elements',
    summary: 'One part of the whole-catalogue download',
    description:
      'A gzip file (served as it is: no `Content-Encoding`, so its SHA-256 is the one listed) of JSON Lines: one published element a line, in catalogue order. `gunzip` it, or read it through a gzip decompressor line by line.',
    parameters: parameterRefs('dumpPart'),
    ok: {
      description: 'The part, as the snapshot holds it.',
      headers: okHeaders('Content-Disposition-Dump'),
      content: { [GZIP_TYPE]: { schema: { type: 'string', contentMediaType: GZIP_TYPE } } },
    },
    errors: { '400': 'ReadFailed', '404': 'DumpPartNotFound' },
  }),
  ...listPaths,
  ...documentationPaths,
  ...OPEN_DATA_PATHS,
};

/** An element's observations (docs/api.md §15) in each format, and its workbook. */
function observationPaths() {
  const filters = parameterRefs('id', 'observationYear', 'observationRow', 'observationColumn');
  const errors = { '400': 'BadRequest', '404': 'ElementNotFound' } as const;
  const described =
    "Every cell of a value column of every year's table (a column whose cells are numbers in Indonesian notation or missing; never `No`, `Kode`, `Tahun` or `Bulan`), labelled by its year, its row (the cells left of the first value column) and its column.";
  return {
    '/api/v1/data-element/{id}/observations': operation({
      operationId: 'getObservations',
      tag: 'Data elements',
      summary: "An element's numbers as tidy observations",
      description: described,
      parameters: filters,
      ok: {
        description: 'The observations.',
        headers: okHeaders(),
        content: { [JSON_TYPE]: { schema: schemaRef('Observations') } },
      },
      errors,
    }),
    '/api/v1/data-element/{id}/observations.csv': operation({
      operationId: 'getObservationsCsv',
      tag: 'Data elements',
      summary: "An element's observations as CSV",
      description: `${described} As CSV (the table CSV's dialect and formula guard), header \`year,row,column,value,cell\`, \`value\` with a dot decimal and no grouping.`,
      parameters: filters,
      ok: {
        description: 'The observations.',
        headers: okHeaders('Content-Disposition-Observations'),
        content: {
          [CSV_TYPE]: {
            schema: { type: 'string' },
            example:
              'year,row,column,value,cell\r\n2020,Andir,Jenis Kelamin - Laki-laki,51505,51.505\r\n',
          },
        },
      },
      errors,
    }),
    '/api/v1/data-element/{id}/observations.jsonstat': operation({
      operationId: 'getObservationsJsonStat',
      tag: 'Data elements',
      summary: "An element's observations as JSON-stat 2.0",
      description: `${described} As one JSON-stat 2.0 dataset: dimensions year, row and column, a dense value array.`,
      parameters: filters,
      ok: {
        description: 'The dataset.',
        headers: okHeaders(),
        content: { [JSON_TYPE]: { schema: schemaRef('JsonStatDataset') } },
      },
      errors,
    }),
    '/api/v1/data-element/{id}.xlsx': operation({
      operationId: 'getDataElementWorkbook',
      tag: 'Data elements',
      summary: "An element's tables as a workbook (.xlsx)",
      description:
        'An Office Open XML workbook named by the CKAN name: a sheet per year laid out as the page shows the table (merged header cells), a `Data` sheet of observations and a `Metadata` sheet.',
      parameters: parameterRefs('id'),
      ok: {
        description: 'The workbook.',
        headers: okHeaders('Content-Disposition-Workbook'),
        content: {
          [XLSX_MEDIA_TYPE]: { schema: { type: 'string', description: 'The .xlsx bytes.' } },
        },
      },
      errors,
    }),
  };
}
