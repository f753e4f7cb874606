// A small RDF model the DCAT renderers build and the serializers write: subjects named by IRIs,
// each described once, and blank nodes nested where they are used (a tree, never shared), so
// Turtle can write them as `[ … ]` and JSON-LD as embedded objects without labels.
// Runtime-neutral and library-free: it goes into the Worker bundle.

import { encodeIri, languageTag, wellFormed } from './rdf-terms.ts';

export { encodeIri, wellFormed };

export interface NamedNode {
  kind: 'iri';
  value: string;
}

export interface Literal {
  kind: 'literal';
  value: string;
  /** Lowercase BCP 47 tag: an rdf:langString. */
  language?: string;
  /** Full datatype IRI; absent (and no language): xsd:string. */
  datatype?: string;
}

/** A node without a name, described where it is used. */
export interface BlankNode {
  kind: 'blank';
  types: string[];
  properties: Property[];
}

export type RdfObject = NamedNode | Literal | BlankNode;

export interface Property {
  /** Full predicate IRI. */
  predicate: string;
  objects: RdfObject[];
}

export interface Subject {
  iri: string;
  types: string[];
  properties: Property[];
}

/** A whole document: its subjects in writing order. */
export interface RdfGraph {
  subjects: Subject[];
}

export const iri = (value: string): NamedNode => ({ kind: 'iri', value: encodeIri(value) });

/** Text in a language (an rdf:langString), or a plain string when the tag is not usable. */
export const text = (value: string, language?: string): Literal => {
  const tag = language === undefined ? undefined : languageTag(language);
  return tag
    ? { kind: 'literal', value: wellFormed(value), language: tag }
    : { kind: 'literal', value: wellFormed(value) };
};

export const typed = (value: string, datatype: string): Literal => ({
  kind: 'literal',
  value: wellFormed(value),
  datatype,
});

/** A property value as the builders write them: absent, one, or several. */
export type Objects = RdfObject | readonly RdfObject[] | undefined | null | false;
export type PropertyList = readonly (readonly [predicate: string, objects: Objects])[];

/** Properties without the empty ones, in the order given. */
export function properties(list: PropertyList): Property[] {
  const out: Property[] = [];
  for (const [predicate, objects] of list) {
    if (!objects) continue;
    const all = Array.isArray(objects) ? objects : [objects as RdfObject];
    if (all.length > 0) out.push({ predicate, objects: [...all] });
  }
  return out;
}

export const blank = (types: string[], list: PropertyList): BlankNode => ({
  kind: 'blank',
  types,
  properties: properties(list),
});

/** Collects subjects in writing order; a subject described twice keeps its first description. */
export class GraphBuilder {
  private readonly order: Subject[] = [];
  private readonly byIri = new Map<string, Subject>();

  describe(node: NamedNode, types: string[], list: PropertyList): NamedNode {
    if (!this.byIri.has(node.value)) {
      const subject = { iri: node.value, types, properties: properties(list) };
      this.byIri.set(node.value, subject);
      this.order.push(subject);
    }
    return node;
  }

  /** Subjects of `other` not described here, after this builder's own. */
  append(other: GraphBuilder): void {
    for (const subject of other.order)
      if (!this.byIri.has(subject.iri)) {
        this.byIri.set(subject.iri, subject);
        this.order.push(subject);
      }
  }

  graph(): RdfGraph {
    return { subjects: [...this.order] };
  }
}
