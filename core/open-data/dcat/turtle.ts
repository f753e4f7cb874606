// The RDF model as Turtle (text/turtle; RDF 1.1 Turtle): the prefixes of vocabulary.ts, one block
// per subject, blank nodes nested as `[ … ]`. Deterministic: the model's order, nothing sorted
// or hashed. Literals are always single-quoted strings with every character escaped that could
// end them or that a reader might mangle; IRIs are already percent-encoded by the model.
import type { Literal, Property, RdfGraph, RdfObject } from './rdf-model.ts';
import { compactTerm, PREFIXES, xsd } from './vocabulary.ts';

export const TURTLE_MEDIA_TYPE = 'text/turtle; charset=utf-8';

const PREFIX_ENTRIES = Object.entries(PREFIXES);
const term = (value: string) => compactTerm(value) ?? `<${value}>`;

// ECHAR for the short escapes; \u for every other control character, DEL, the C1 controls,
// the line and paragraph separators and the byte-order mark.
const SHORT_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\"\u0000-\u001F\u007F-\u009F\u2028\u2029\uFEFF]/g;
const escapeString = (value: string) =>
  value.replace(
    NEEDS_ESCAPE,
    (ch) =>
      SHORT_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );

function literal({ value, language, datatype }: Literal): string {
  const quoted = `"${escapeString(value)}"`;
  if (language) return `${quoted}@${language}`;
  if (datatype && datatype !== xsd('string')) return `${quoted}^^${term(datatype)}`;
  return quoted;
}

function object(value: RdfObject, indent: string): string {
  switch (value.kind) {
    case 'iri':
      return `<${value.value}>`;
    case 'literal':
      return literal(value);
    case 'blank': {
      const inner = `${indent}    `;
      const body = predicateLines(value.types, value.properties, inner);
      return body ? `[\n${body}\n${indent}]` : '[]';
    }
  }
}

function predicateLines(types: string[], properties: Property[], indent: string): string {
  const lines: string[] = [];
  if (types.length > 0) lines.push(`${indent}a ${types.map(term).join(', ')}`);
  for (const { predicate, objects } of properties)
    lines.push(
      `${indent}${term(predicate)} ${objects.map((o) => object(o, indent)).join(`,\n${indent}    `)}`,
    );
  return lines.join(' ;\n');
}

export function toTurtle(graph: RdfGraph): string {
  const out = PREFIX_ENTRIES.map(([prefix, namespace]) => `@prefix ${prefix}: <${namespace}> .`);
  for (const subject of graph.subjects) {
    const body = predicateLines(subject.types, subject.properties, '    ');
    if (body) out.push('', `<${subject.iri}>\n${body} .`); // a subject without triples says nothing
  }
  return `${out.join('\n')}\n`;
}
