// The RDF model as JSON-LD 1.1 (application/ld+json): an inline @context of the prefixes of
// vocabulary.ts (no remote context to fetch), an @graph of the subjects, blank nodes embedded
// where they are used. Every literal is an explicit value object (or a plain string for
// xsd:string), so the context coerces nothing and the triples are exactly the Turtle's.
// Deterministic: the model's order, one subject a line.
import type { Literal, Property, RdfGraph, RdfObject } from './rdf-model.ts';
import { compactTerm, PREFIXES, xsd } from './vocabulary.ts';

export const JSON_LD_MEDIA_TYPE = 'application/ld+json; charset=utf-8';

// JSON may carry these raw; escaped, the document can also sit inside HTML or a JavaScript
// string without ending either (</script>, U+2028), and no control character (DEL, C1, the
// byte-order mark) travels raw. They occur only inside strings, so the whole text is escaped once.
const ESCAPE_FOR_EMBEDDING = /[<>&\u007F-\u009F\u2028\u2029\uFEFF]/g;
const escapeForEmbedding = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A JSON string, with JSON.stringify's escapes (quotes, backslashes, C0 controls). */
const str = (value: string) => JSON.stringify(value);

const termStrings = new Map<string, string>(); // terms are few: remembered
function term(value: string): string {
  let out = termStrings.get(value);
  if (out === undefined) {
    out = str(compactTerm(value) ?? value);
    if (termStrings.size < 1000) termStrings.set(value, out);
  }
  return out;
}

function literal({ value, language, datatype }: Literal): string {
  if (language) return `{"@value":${str(value)},"@language":${str(language)}}`;
  if (datatype && datatype !== xsd('string'))
    return `{"@value":${str(value)},"@type":${term(datatype)}}`;
  return str(value);
}

function object(value: RdfObject): string {
  switch (value.kind) {
    case 'iri':
      return `{"@id":${str(value.value)}}`;
    case 'literal':
      return literal(value);
    case 'blank':
      return `{${members(value.types, value.properties)}}`;
  }
}

/** One value as itself, several as an array (as compacted JSON-LD writes them). */
const oneOrMany = (values: string[]) =>
  values.length === 1 ? values[0]! : `[${values.join(',')}]`;

function members(types: string[], properties: Property[]): string {
  const out: string[] = [];
  if (types.length > 0) out.push(`"@type":${oneOrMany(types.map(term))}`);
  for (const { predicate, objects } of properties)
    out.push(`${term(predicate)}:${oneOrMany(objects.map(object))}`);
  return out.join(',');
}

const CONTEXT = `{${Object.entries(PREFIXES)
  .map(([prefix, namespace]) => `${str(prefix)}:${str(namespace)}`)
  .join(',')}}`;

export function toJsonLd(graph: RdfGraph): string {
  const subjects: string[] = [];
  for (const subject of graph.subjects) {
    const body = members(subject.types, subject.properties);
    if (body) subjects.push(`{"@id":${str(subject.iri)},${body}}`); // nothing to say: left out
  }
  const json = `{"@context":${CONTEXT},\n"@graph":[\n${subjects.join(',\n')}\n]}\n`;
  return json.replace(ESCAPE_FOR_EMBEDDING, escapeForEmbedding);
}
