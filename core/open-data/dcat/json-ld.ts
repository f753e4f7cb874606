// A page as JSON-LD 1.1 (application/ld+json), written as the mapping describes it
// (rdf-writer.ts): an inline @context of the prefixes of vocabulary.ts (no remote context to
// fetch), an @graph of the subjects, blank nodes embedded where they are used. Every literal is an
// explicit value object (or a plain string for xsd:string), so the context coerces nothing and
// the triples are exactly the Turtle's. Deterministic: the mapping's order, one subject a line.
import { RdfWriter, type RdfSyntax } from './rdf-writer.ts';
import { compactTerm, PREFIXES } from './vocabulary.ts';

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

const CONTEXT = `{${Object.entries(PREFIXES)
  .map(([prefix, namespace]) => `${str(prefix)}:${str(namespace)}`)
  .join(',')}}`;

const typeValue = (types: readonly string[]) =>
  types.length === 1 ? term(types[0]!) : `[${types.map(term).join(',')}]`;

/** JSON-LD written as the mapping describes it (rdf-writer.ts), one subject a line. */
export class JsonLdWriter extends RdfWriter {
  private out = '';
  private subjects = 0;
  private depth = 0;
  /** Per depth: the objects of the property being written, and how many are written. */
  private readonly count: number[] = [0];
  private readonly written: number[] = [0];

  part(): string {
    const json = this.out;
    this.out = '';
    return json.replace(ESCAPE_FOR_EMBEDDING, escapeForEmbedding);
  }

  // an encoded IRI (rdf-terms.ts) holds no character a JSON string escapes: quoted as it is
  protected startSubject(iri: string, types: readonly string[]): void {
    if (this.subjects++ > 0) this.out += ',\n';
    this.out += `{"@id":"${iri}","@type":${typeValue(types)}`;
  }

  protected endSubject(): void {
    this.out += '}';
  }

  protected property(predicate: string, count: number): void {
    this.out += `,${term(predicate)}:${count > 1 ? '[' : ''}`;
    this.count[this.depth] = count;
    this.written[this.depth] = 0;
  }

  private startObject(): void {
    if (this.written[this.depth]! > 0) this.out += ',';
  }

  /** Several objects are an array (as compacted JSON-LD writes them), closed after the last. */
  private endObject(): void {
    const count = this.count[this.depth]!;
    if (++this.written[this.depth]! === count && count > 1) this.out += ']';
  }

  protected iriObject(iri: string): void {
    this.startObject();
    this.out += `{"@id":"${iri}"}`;
    this.endObject();
  }

  protected literalObject(value: string, language?: string, datatype?: string): void {
    this.startObject();
    if (language) this.out += `{"@value":${str(value)},"@language":${str(language)}}`;
    else if (datatype) this.out += `{"@value":${str(value)},"@type":${term(datatype)}}`;
    else this.out += str(value);
    this.endObject();
  }

  protected startBlank(types: readonly string[]): void {
    this.startObject();
    this.out += `{"@type":${typeValue(types)}`;
    this.depth++;
  }

  protected endBlank(): void {
    this.depth--;
    this.out += '}';
    this.endObject();
  }
}

/** JSON-LD: the context, then the @graph's subjects, one a line, every part's joined by commas. */
export const JSON_LD: RdfSyntax = {
  name: 'jsonLd',
  mediaType: JSON_LD_MEDIA_TYPE,
  prologue: `{"@context":${CONTEXT},\n"@graph":[\n`,
  separator: ',\n',
  epilogue: '\n]}\n',
  writer: (options) => new JsonLdWriter(options),
};
