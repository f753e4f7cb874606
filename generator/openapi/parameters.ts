// Parameters: the query parameters come from the zod shapes of core/schema.ts (names, types,
// limits, descriptions); path and header parameters are written here.
import type { z } from 'zod';
import { SearchParameters } from '../../core/schema.ts';
import { parameterSchema } from './schemas.ts';

/** Given once, as a comma-separated list (the others repeat the parameter for several values). */
const COMMA_SEPARATED = new Set(['fields']);

function queryParameter(name: string, schema: z.ZodType) {
  const { schema: json, description } = parameterSchema(schema);
  const style = json.type !== 'array' ? {} : { style: 'form', explode: !COMMA_SEPARATED.has(name) };
  return { name, in: 'query', required: false, description, schema: json, ...style };
}

const queryParameters = Object.fromEntries(
  Object.entries(SearchParameters.shape).map(([name, schema]) => [
    name,
    queryParameter(name, schema),
  ]),
);

export const PARAMETERS = {
  ...queryParameters,
  id: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The `_id` of a published data element.',
    schema: { type: 'string' },
    example: '21bacaba8dd85048097c9862',
  },
  tableYear: {
    name: 'year',
    in: 'path',
    required: true,
    description: 'A year the element has a table for.',
    schema: { type: 'integer' },
    example: 2020,
  },
  ...(Object.fromEntries(
    (
      [
        ['observationYear', 'year', 'Years, comma-separated (repeat to add more): `2020,2021`.'],
        ['observationRow', 'row', 'Rows, comma-separated, exactly as the observations name them.'],
        ['observationColumn', 'column', 'Columns, comma-separated, exactly as named.'],
      ] as const
    ).map(([key, name, description]) => [
      key,
      { name, in: 'query', required: false, description, schema: { type: 'string' } },
    ]),
  ) as Record<'observationYear' | 'observationRow' | 'observationColumn', object>),
  dumpPart: {
    name: 'part',
    in: 'path',
    required: true,
    description: 'A part of the whole-catalogue download, as `/api/v1/dump` lists it.',
    schema: { type: 'string', pattern: '^part-[0-9]{5}\\.jsonl\\.gz$' },
    example: 'part-00001.jsonl.gz',
  },
  ifNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'The ETag of an earlier answer: answered with 304 and no body while it is still current.',
    schema: { type: 'string' },
  },
};
export type ParameterName = keyof typeof PARAMETERS;

export const parameterRefs = (...names: (ParameterName | keyof typeof SearchParameters.shape)[]) =>
  names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
