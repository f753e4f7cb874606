// The OpenAPI document as the build makes it: generated from the zod shapes, its parameters from
// the contract's constants, every reference resolvable, the same bytes every time.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ELEMENT_KEYS,
  MAX_LIMIT,
  MAX_TITLE_PATTERN_LENGTH,
  REFERENCE_LISTS,
} from '../../core/contract.ts';
import * as examples from '../../core/examples.ts';
import {
  CatalogueDump,
  DataElement,
  ErrorBody,
  FacetCounts,
  ListErrorBody,
  MessageBody,
  ProjectedDataElement,
  ReferenceItem,
  ReferenceList,
} from '../../core/schema.ts';
import { buildOpenApiDocument } from '../../generator/openapi/document.ts';

const document = buildOpenApiDocument() as unknown as Record<string, any>;
const { schemas, parameters } = document.components;
const withoutDialect = (schema: Record<string, unknown>) => {
  const { $schema: _, ...rest } = schema;
  return rest;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the same content on every build', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it("takes its schemas from zod's JSON Schema output, not a second copy", () => {
    expect(schemas.ReferenceItem).toEqual(
      withoutDialect(z.toJSONSchema(ReferenceItem, { target: 'draft-2020-12', io: 'output' })),
    );
    expect(schemas.MessageBody).toEqual(
      withoutDialect(z.toJSONSchema(MessageBody, { target: 'draft-2020-12', io: 'output' })),
    );
    expect(Object.keys(schemas.DataElement.properties)).toEqual([...ELEMENT_KEYS]);
    expect(schemas.DataElement.required).toEqual([...ELEMENT_KEYS]);
    expect(schemas.DataElement.properties.dataSource.$ref).toBe(
      '#/components/schemas/ReferenceItem',
    );
    expect(schemas.DataElement.additionalProperties).toBe(false);
  });

  it("names its parameters and limits from the contract's constants", () => {
    expect(parameters.limit.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIMIT,
    });
    expect(parameters.offset.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(parameters.title.schema.maxLength).toBe(MAX_TITLE_PATTERN_LENGTH);
    expect(parameters.q).toMatchObject({ name: 'q', in: 'query', schema: { type: 'string' } });
    expect(parameters.fields.schema.items.enum).toEqual([...ELEMENT_KEYS]);
    expect(parameters.fields).toMatchObject({ style: 'form', explode: false });
    for (const { param } of REFERENCE_LISTS)
      expect(parameters[param]).toMatchObject({
        name: param,
        in: 'query',
        style: 'form',
        explode: true,
      });
    const searchParameters = document.paths['/api/v1/data-element'].get.parameters.map(
      (p: { $ref: string }) => p.$ref.split('/').pop(),
    );
    expect(searchParameters).toEqual([
      'q',
      'title',
      ...REFERENCE_LISTS.map(({ param }) => param),
      'year',
      'limit',
      'offset',
      'fields',
      'ifNoneMatch',
    ]);
  });

  it('resolves every $ref', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(
      ([, ref]) => ref!,
    );
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce((at: any, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      expect(target, ref).toBeDefined();
    }
  });

  it('documents 200, 304 and the error answers of every operation, HEAD and the preflight', () => {
    for (const [path, item] of Object.entries<any>(document.paths)) {
      // CKAN's actions also take POST, as CKAN's clients send them (docs/harvest.md §13.1)
      const methods = path.includes('/action/')
        ? ['get', 'head', 'options', 'post']
        : ['get', 'head', 'options'];
      expect(Object.keys(item), path).toEqual(methods);
      expect(Object.keys(item.get.responses), path).toEqual(
        expect.arrayContaining(['200', '304', '400']),
      );
      expect(item.get.responses['200'].headers, path).toHaveProperty('ETag');
      // HEAD: the same statuses and headers, no body
      expect(Object.keys(item.head.responses), path).toEqual(Object.keys(item.get.responses));
      for (const response of Object.values<any>(item.head.responses))
        expect(response, path).not.toHaveProperty('content');
      expect(item.head.responses['200'].headers, path).toEqual(item.get.responses['200'].headers);
      expect(item.options.responses, path).toEqual({
        '204': { $ref: '#/components/responses/Preflight' },
      });
    }
    expect(document.paths['/api/v1/data-element'].get.responses['200'].headers).toHaveProperty([
      'X-Total-Count',
    ]);
    expect(document.paths['/api/v1/data-element'].get.responses['200'].headers).toHaveProperty([
      'Link',
    ]);
    expect(
      document.paths['/api/v1/data-element/{id}/{year}.csv'].get.responses['200'].headers,
    ).toHaveProperty(['Content-Disposition']);
    expect(document.components.responses.MethodNotAllowed.headers).toHaveProperty(['Allow']);
  });
});

describe('the examples of the API description', () => {
  it.each([
    ['dataElementExample', DataElement, examples.dataElementExample],
    ['projectedElementExample', ProjectedDataElement, examples.projectedElementExample],
    ['categoryListExample', ReferenceList, examples.categoryListExample],
    ['facetCountsExample', FacetCounts, examples.facetCountsExample],
    ['catalogueDumpExample', CatalogueDump, examples.catalogueDumpExample],
    ['unknownSlugExample', ErrorBody, examples.unknownSlugExample],
    ['methodNotAllowedExample', ErrorBody, examples.methodNotAllowedExample],
    ['invalidPatternExample', MessageBody, examples.invalidPatternExample],
    ['invalidParameterExample', MessageBody, examples.invalidParameterExample],
    ['invalidWordsExample', MessageBody, examples.invalidWordsExample],
    ['queryTooLongExample', MessageBody, examples.queryTooLongExample],
    ['fetchFailedExample', MessageBody, examples.fetchFailedExample],
    ['listFetchFailedExample', ListErrorBody, examples.listFetchFailedExample],
  ] as const)('%s fits its schema', (_, schema, example) => {
    expect(z.strictObject({ value: schema }).parse({ value: example }).value).toEqual(example);
  });
});
