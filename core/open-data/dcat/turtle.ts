// A page as Turtle (text/turtle; RDF 1.1 Turtle), written as the mapping describes it
// (rdf-writer.ts): the prefixes of vocabulary.ts, one block per subject, blank nodes nested as
// `[ … ]`. Deterministic: the mapping's order, nothing sorted or hashed. Literals are always
// single-quoted strings with every character escaped that could end them or that a reader might
// mangle; IRIs are already percent-encoded (rdf-terms.ts).
import { RdfWriter, type RdfSyntax } from './rdf-writer.ts';
import { compactTerm, PREFIXES } from './vocabulary.ts';

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
  private out = '';
  private depth = 0;
  private indent = indentAt(0);
  /** Per depth: the objects written so far of the property being written. */
  private readonly written: number[] = [0];

  part(): string {
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

/** Turtle: the prefixes, then every part's blocks (each starts on a line of its own). */
export const TURTLE: RdfSyntax = {
  name: 'turtle',
  mediaType: TURTLE_MEDIA_TYPE,
  prologue: PREFIX_LINES,
  separator: '',
  epilogue: '',
  writer: (options) => new TurtleWriter(options),
};
