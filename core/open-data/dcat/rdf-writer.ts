// What the DCAT mapping (catalog-page.ts) describes a page through, and each syntax implements
// (turtle.ts, json-ld.ts): subjects one after the other, each property with its objects, blank
// nodes opened and closed where they are used (a tree, never shared). No model is built: every
// call appends to the document's text, so a page of 100 datasets makes no object per triple.
// Every IRI and text passes through rdf-terms.ts here, once, for both syntaxes alike.
//
// A document is its syntax's prologue, then parts (each the subjects one writer wrote) joined by
// the syntax's separator, then its epilogue (documentOf): so a part written at build time (a
// dataset's, core/open-data/dcat/catalog-page.ts) can be joined at the edge with parts written
// there. A part written for any deployment writes BASE_MARKER in place of the origin that starts
// its IRIs, as the stored CKAN packages do (core/open-data/layout.ts).
import { encodeIri, languageTag, wellFormed } from './rdf-terms.ts';
import { xsd } from './vocabulary.ts';

/** What frames a document's parts in one syntax, and a writer of its parts. */
export interface RdfSyntax {
  name: 'turtle' | 'jsonLd';
  mediaType: string;
  prologue: string;
  separator: string;
  epilogue: string;
  writer(options?: RdfWriterOptions): RdfWriter;
}

export interface RdfWriterOptions {
  /** An origin whose IRIs (it, or it and a path) are written with `marker` in its place. */
  base?: { origin: string; marker: string };
}

/** The document of these parts (empty parts are left out). */
export const documentOf = (syntax: RdfSyntax, parts: readonly string[]) =>
  `${syntax.prologue}${parts.filter((part) => part !== '').join(syntax.separator)}${syntax.epilogue}`;

/** An object that may be absent: undefined or false write nothing (an empty string is text). */
type Maybe<T> = T | undefined | false;
const absent = <T>(value: Maybe<T>): value is undefined | false =>
  value === undefined || value === false;

export abstract class RdfWriter {
  private readonly described = new Set<string>();

  constructor(private readonly options: RdfWriterOptions = {}) {}

  /** An IRI as written: percent-encoded, the marked origin replaced by its marker. */
  private encoded(iri: string): string {
    const text = encodeIri(iri);
    const base = this.options.base;
    if (base && text.startsWith(base.origin)) {
      const next = text.charAt(base.origin.length);
      if (next === '' || next === '/' || next === '?' || next === '#')
        return base.marker + text.slice(base.origin.length);
    }
    return text;
  }

  /**
   * Describes `iri` with its types (at least one) and the properties `body` writes, unless it
   * was described before: a subject keeps its first description.
   */
  describe(iri: string, types: readonly string[], body?: (writer: this) => void): void {
    const encoded = this.encoded(iri);
    if (this.described.has(encoded)) return;
    this.described.add(encoded);
    this.startSubject(encoded, types);
    body?.(this);
    this.endSubject();
  }

  /** The predicate with these IRIs as objects, in order; none, nothing written. */
  iris(predicate: string, values: readonly string[]): void {
    if (values.length === 0) return;
    this.property(predicate, values.length);
    for (const value of values) this.iriObject(this.encoded(value));
  }

  iri(predicate: string, value: Maybe<string>): void {
    if (absent(value)) return;
    this.property(predicate, 1);
    this.iriObject(this.encoded(value));
  }

  /** Texts in `language` (rdf:langString), or plain strings when its tag is not usable. */
  texts(predicate: string, values: readonly string[], language: string): void {
    if (values.length === 0) return;
    const tag = languageTag(language);
    this.property(predicate, values.length);
    for (const value of values) this.literalObject(wellFormed(value), tag, undefined);
  }

  text(predicate: string, value: Maybe<string>, language?: string): void {
    if (absent(value)) return;
    this.property(predicate, 1);
    const tag = language === undefined ? undefined : languageTag(language);
    this.literalObject(wellFormed(value), tag, undefined);
  }

  /** A literal of `datatype` (a full IRI; xsd:string is written as a plain string). */
  typed(predicate: string, value: Maybe<string>, datatype: string): void {
    if (absent(value)) return;
    this.property(predicate, 1);
    this.literalObject(
      wellFormed(value),
      undefined,
      datatype === XSD_STRING ? undefined : datatype,
    );
  }

  /** The predicate with `count` blank nodes: each then written by blank(), in order. */
  blanks(predicate: string, count: number): void {
    if (count > 0) this.property(predicate, count);
  }

  /** One of the blank nodes blanks() announced: its types (at least one) and properties. */
  blank(types: readonly string[], body: (writer: this) => void): void {
    this.startBlank(types);
    body(this);
    this.endBlank();
  }

  /** The subjects written, as a part of a document (documentOf); the writer is spent. */
  abstract part(): string;

  protected abstract startSubject(iri: string, types: readonly string[]): void;
  protected abstract endSubject(): void;
  /** A property with `count` (≥ 1) objects to follow. */
  protected abstract property(predicate: string, count: number): void;
  protected abstract iriObject(iri: string): void;
  protected abstract literalObject(
    value: string,
    language: string | undefined,
    datatype: string | undefined,
  ): void;
  protected abstract startBlank(types: readonly string[]): void;
  protected abstract endBlank(): void;
}

const XSD_STRING = xsd('string');
