// The RDF model as Turtle (text/turtle; RDF 1.1 Turtle): the prefixes of vocabulary.ts, one block
// per subject, blank nodes nested as `[ … ]`. Deterministic: the model's order, nothing sorted
// or hashed. Literals are always single-quoted strings with every character escaped that could
// end them or that a reader might mangle; IRIs are already percent-encoded by the model.
import type { Literal, Property, RdfGraph, RdfObject } from './rdf-model.ts';
import { RdfWriter } from './rdf-writer.ts';
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

// One string grown by appending (V8 joins the pieces once, when the text is encoded): no array
// of lines per subject and per blank node, which a page of 100 datasets would make thousands of.
let out = '';

function writeObject(value: RdfObject, indent: string): void {
  switch (value.kind) {
    case 'iri':
      out += `<${value.value}>`;
      return;
    case 'literal':
      out += literal(value);
      return;
    case 'blank': {
      if (value.types.length === 0 && value.properties.length === 0) {
        out += '[]';
        return;
      }
      out += '[\n';
      writePredicates(value.types, value.properties, `${indent}    `);
      out += `\n${indent}]`;
      return;
    }
  }
}

/** `a` and the predicates, one a line at `indent`, separated by ` ;`; false when none. */
function writePredicates(types: string[], properties: Property[], indent: string): boolean {
  let first = true;
  if (types.length > 0) {
    out += `${indent}a `;
    types.forEach((type, i) => (out += i === 0 ? term(type) : `, ${term(type)}`));
    first = false;
  }
  for (const { predicate, objects } of properties) {
    out += first ? `${indent}${term(predicate)} ` : ` ;\n${indent}${term(predicate)} `;
    first = false;
    objects.forEach((object, i) => {
      if (i > 0) out += `,\n${indent}    `;
      writeObject(object, indent);
    });
  }
  return !first;
}

export function toTurtle(graph: RdfGraph): string {
  out = PREFIX_LINES;
  for (const subject of graph.subjects) {
    // a subject without triples says nothing: left out
    if (subject.types.length === 0 && subject.properties.length === 0) continue;
    out += `\n<${subject.iri}>\n`;
    writePredicates(subject.types, subject.properties, '    ');
    out += ' .\n';
  }
  const text = out;
  out = '';
  return text;
}

const PREFIX_LINES = `${PREFIX_ENTRIES.map(([prefix, namespace]) => `@prefix ${prefix}: <${namespace}> .\n`).join('')}`;

const typeList = (types: readonly string[]) => {
  let list = term(types[0]!);
  for (let i = 1; i < types.length; i++) list += `, ${term(types[i]!)}`;
  return list;
};
/** The predicates' indent at each depth (0: a subject's, 1…: a nested blank node's). */
const indentAt = (depth: number) => '    '.repeat(depth + 1);

/** Turtle written as the mapping describes it (rdf-writer.ts), one block per subject. */
export class TurtleWriter extends RdfWriter {
  // one string grown by appending (V8 joins the pieces once, when the text is encoded)
  private out = PREFIX_LINES;
  private depth = 0;
  private indent = indentAt(0);
  /** Per depth: the objects written so far of the property being written. */
  private readonly written: number[] = [0];

  document(): string {
    const text = this.out;
    this.out = '';
    return text;
  }

  protected startSubject(iri: string, types: readonly string[]): void {
    this.out += `\n<${iri}>\n${this.indent}a ${typeList(types)}`;
  }

  protected endSubject(): void {
    this.out += ' .\n';
  }

  protected property(predicate: string): void {
    this.out += ` ;\n${this.indent}${term(predicate)} `;
    this.written[this.depth] = 0;
  }

  private nextObject(): void {
    if (this.written[this.depth]!++ > 0) this.out += `,\n${this.indent}    `;
  }

  protected iriObject(iri: string): void {
    this.nextObject();
    this.out += `<${iri}>`;
  }

  protected literalObject(value: string, language?: string, datatype?: string): void {
    this.nextObject();
    this.out += `"${escapeString(value)}"`;
    if (language) this.out += `@${language}`;
    else if (datatype) this.out += `^^${term(datatype)}`;
  }

  protected startBlank(types: readonly string[]): void {
    this.nextObject();
    this.indent = indentAt(++this.depth);
    this.written[this.depth] = 0;
    this.out += `[\n${this.indent}a ${typeList(types)}`;
  }

  protected endBlank(): void {
    this.indent = indentAt(--this.depth);
    this.out += `\n${this.indent}]`;
  }
}
