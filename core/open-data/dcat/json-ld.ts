// The RDF model as JSON-LD 1.1 (application/ld+json): an inline @context of the prefixes of
// vocabulary.ts (no remote context to fetch), an @graph of the subjects, blank nodes embedded
// where they are used. Every literal is an explicit value object (or a plain string for
// xsd:string), so the context coerces nothing and the triples are exactly the Turtle's.
// Deterministic: the model's order, one subject a line.
import type { Literal, Property, RdfGraph, RdfObject } from './rdf-model.ts';
import { compactTerm, PREFIXES, xsd } from './vocabulary.ts';

export const JSON_LD_MEDIA_TYPE = 'application/ld+json; charset=utf-8';

const term = (value: string) => compactTerm(value) ?? value;

type JsonValue = string | { [key: string]: JsonValue } | JsonValue[];

function literal({ value, language, datatype }: Literal): JsonValue {
  if (language) return { '@value': value, '@language': language };
  if (datatype && datatype !== xsd('string')) return { '@value': value, '@type': term(datatype) };
  return value;
}

function object(value: RdfObject): JsonValue {
  switch (value.kind) {
    case 'iri':
      return { '@id': value.value };
    case 'literal':
      return literal(value);
    case 'blank':
      return node({}, value.types, value.properties);
  }
}

const oneOrMany = <T extends JsonValue>(values: T[]): JsonValue =>
  values.length === 1 ? values[0]! : values;

function node(
  start: Record<string, JsonValue>,
  types: string[],
  properties: Property[],
): Record<string, JsonValue> {
  const out = start;
  if (types.length > 0) out['@type'] = oneOrMany(types.map(term));
  for (const { predicate, objects } of properties)
    out[term(predicate)] = oneOrMany(objects.map(object));
  return out;
}

// JSON may carry these raw; escaped, the document can also sit inside HTML or a JavaScript
// string without ending either (</script>, U+2028), and no control character (DEL, C1, the
// byte-order mark) travels raw. They occur only inside JSON strings.
const ESCAPE_FOR_EMBEDDING = /[<>&\u007F-\u009F\u2028\u2029\uFEFF]/g;
const stringify = (value: JsonValue) =>
  JSON.stringify(value).replace(
    ESCAPE_FOR_EMBEDDING,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function toJsonLd(graph: RdfGraph): string {
  const subjects = graph.subjects
    .filter((subject) => subject.types.length > 0 || subject.properties.length > 0)
    .map((subject) => stringify(node({ '@id': subject.iri }, subject.types, subject.properties)));
  return `{"@context":${stringify(PREFIXES)},\n"@graph":[\n${subjects.join(',\n')}\n]}\n`;
}
