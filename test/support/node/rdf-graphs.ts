// Reading what the DCAT renderers write, with independent RDF tools: Turtle with n3, JSON-LD with
// jsonld.js (no remote context may be fetched), graphs compared as RDFC-1.0 canonical N-Quads,
// and SHACL validation with rdf-validate-shacl against the shapes in test/fixtures/dcat-ap-3.0.1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';
import { Parser, Store, Writer, type Quad } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';

export const parseTurtle = (text: string): Quad[] =>
  new Parser({ format: 'text/turtle' }).parse(text);

const refuseRemoteContext = (url: string): Promise<never> =>
  Promise.reject(new Error(`the JSON-LD asked to load ${url}`));

/**
 * The graph of a JSON-LD document. `safe` (the default) refuses a document that loses data on
 * the way (an unmapped term, a relative IRI): four times slower, so a long walk may leave it out
 * where it compares the graph with the Turtle's.
 */
export async function parseJsonLd(text: string, { safe = true } = {}): Promise<Quad[]> {
  const nquads = await jsonld.toRDF(JSON.parse(text), {
    format: 'application/n-quads',
    safe,
    documentLoader: refuseRemoteContext,
  });
  return new Parser({ format: 'application/n-quads' }).parse(nquads);
}

/** The graph as RDFC-1.0 canonical N-Quads: equal strings, isomorphic graphs. */
export function canonicalNQuads(quads: Quad[]): Promise<string> {
  return jsonld.canonize(new Writer({ format: 'application/n-quads' }).quadsToString(quads), {
    algorithm: 'RDFC-1.0',
    inputFormat: 'application/n-quads',
    format: 'application/n-quads',
    safe: true,
  });
}

const SHAPES_DIR = path.join(import.meta.dirname, '../../fixtures/dcat-ap-3.0.1');

/** A shapes graph of files in test/fixtures/dcat-ap-3.0.1 (shapes.ttl, range.ttl, …). */
export function loadShapes(...files: string[]): Store {
  const store = new Store();
  for (const file of files)
    store.addQuads(parseTurtle(readFileSync(path.join(SHAPES_DIR, file), 'utf8')));
  return store;
}

export interface ShaclResult {
  severity: string;
  /** The focus node's rdf:type(s), shortened (`dcat:Dataset`), or its IRI when it has none. */
  focusClass: string;
  focusNode: string;
  path: string;
  constraint: string;
  message: string;
}

const SHORT: [string, string][] = [
  ['http://www.w3.org/ns/dcat#', 'dcat:'],
  ['http://purl.org/dc/terms/', 'dct:'],
  ['http://xmlns.com/foaf/0.1/', 'foaf:'],
  ['http://www.w3.org/2006/vcard/ns#', 'vcard:'],
  ['http://data.europa.eu/r5r/', 'dcatap:'],
  ['http://www.w3.org/ns/shacl#', 'sh:'],
  ['http://www.w3.org/2004/02/skos/core#', 'skos:'],
];
export const shorten = (iri: string) => {
  for (const [namespace, prefix] of SHORT)
    if (iri.startsWith(namespace)) return prefix + iri.slice(namespace.length);
  return iri;
};

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

export async function validateShacl(shapes: Store, quads: Quad[]): Promise<ShaclResult[]> {
  const data = new Store(quads);
  const report = await new SHACLValidator(shapes).validate(data);
  return report.results.map((result) => {
    const focus = result.focusNode;
    const types = data.getObjects(focus, RDF_TYPE, null).map((type) => shorten(type.value));
    return {
      severity: shorten(result.severity?.value ?? ''),
      focusClass: types.sort().join(' ') || focus.value,
      focusNode: focus.value,
      path: result.path ? shorten(result.path.value) : '',
      constraint: shorten(result.sourceConstraintComponent?.value ?? ''),
      message: result.message.map((m) => m.value).join(' '),
    };
  });
}
