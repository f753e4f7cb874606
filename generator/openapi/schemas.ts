// The document's schemas: the zod shapes of core/schema.ts through zod's own JSON Schema output
// (draft 2020-12, the dialect of OpenAPI 3.1). Each shape named here becomes a component, and
// the others point at it with $ref; nothing is written twice.
import { z } from 'zod';
import {
  CatalogueDump,
  CkanEnvelope,
  CkanErrorEnvelope,
  DataElement,
  DataEntry,
  DumpPart,
  ErrorBody,
  FacetCounts,
  FacetItem,
  HeaderCell,
  JsonStatDataset,
  ListErrorBody,
  MessageBody,
  MetadataEntry,
  Observation,
  Observations,
  ProjectedDataElement,
  ReferenceItem,
  ReferenceList,
  SearchAnswer,
  Table,
  YearCount,
} from '../../core/schema.ts';

export type JsonSchema = Record<string, unknown>;

const COMPONENTS = {
  ReferenceItem,
  ReferenceList,
  HeaderCell,
  Table,
  DataEntry,
  MetadataEntry,
  DataElement,
  ProjectedDataElement,
  SearchAnswer,
  FacetItem,
  YearCount,
  FacetCounts,
  Observation,
  Observations,
  JsonStatDataset,
  DumpPart,
  CatalogueDump,
  CkanEnvelope,
  CkanErrorEnvelope,
  ErrorBody,
  MessageBody,
  ListErrorBody,
};
export type ComponentName = keyof typeof COMPONENTS;

export const schemaRef = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

const TARGET = 'draft-2020-12';

export function componentSchemas(): Record<ComponentName, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: TARGET,
    io: 'output',
    uri: (id) => schemaRef(id as ComponentName).$ref,
  });
  const { __shared, ...named } = schemas;
  if (__shared)
    throw new Error(
      'a shape is shared by two components but is none itself: register it in COMPONENTS',
    );
  return Object.fromEntries(
    Object.entries(named).map(([id, schema]) => [id, embedded(schema)]),
  ) as Record<ComponentName, JsonSchema>;
}

/**
 * A parameter's schema, as a client writes it (zod's input side); its description is the
 * parameter's own.
 */
export function parameterSchema(schema: z.ZodType): {
  schema: JsonSchema;
  description: string | undefined;
} {
  const { description, ...rest } = embedded(
    z.toJSONSchema(schema, { target: TARGET, io: 'input' }),
  );
  return { schema: rest, description: description as string | undefined };
}

/**
 * Without the keys that make it a standalone document: inside OpenAPI it is one schema among many.
 */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}
