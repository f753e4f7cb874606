// The few calls of jsonld (9.x, untyped) the RDF tests make: JSON-LD to N-Quads, and RDFC-1.0
// canonical N-Quads to compare graphs.
declare module 'jsonld' {
  interface RdfOptions {
    format?: 'application/n-quads';
    inputFormat?: 'application/n-quads';
    algorithm?: 'RDFC-1.0';
    /** Refuse lossy input (a term that does not expand, a dropped value) instead of skipping it. */
    safe?: boolean;
    documentLoader?: (url: string) => Promise<never>;
  }
  const jsonld: {
    toRDF(input: unknown, options: RdfOptions): Promise<string>;
    canonize(input: unknown, options: RdfOptions): Promise<string>;
  };
  export default jsonld;
}
