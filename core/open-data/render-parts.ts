// How the build renders an element's stored parts (core/open-data/part-kinds.ts, `render`): once,
// for every host, with BASE_MARKER where the deployment's origin goes (the Worker writes it in).
// Runtime-neutral: the renderers are the ones the Worker renders with when it does not read a part.
import type { DataElement } from '../schema.ts';
import type { CatalogueIdentity } from './catalogue-identity.ts';
import { renderPackage, type CkanContext } from './ckan-package.ts';
import { isoSeconds } from './dates.ts';
import { datasetPart, type DcatContext, type ThemeItem } from './dcat/catalog-page.ts';
import type { RdfSyntax } from './dcat/rdf-writer.ts';
import { BASE_MARKER } from './layout.ts';

/** What an element's parts are rendered from: the element as published, its name, years, dates. */
export interface PartSource {
  element: DataElement;
  /** CKAN name (packageName). */
  name: string;
  /** The years it has a table for, ascending, each once. */
  years: readonly number[];
  /** Seconds since the epoch (docs/harvest.md §12). */
  created: number;
  modified: number;
}

/** What the parts of every element share: the catalogue, as the build has compiled it. */
export interface PartCatalogue {
  identity: CatalogueIdentity;
  /** The categories, in list order (DCAT's theme concepts). */
  categories: readonly ThemeItem[];
  ckanName: CkanContext['ckanName'];
  /** The texts the parts are rendered from (the identity's and every element's JSON). */
  texts: readonly string[];
}

/** A kind's renderer for one build: an element's part, as stored. */
export type PartRenderer = (catalogue: PartCatalogue) => (source: PartSource) => Uint8Array;

const encoder = new TextEncoder();

/** The CKAN package dict, as JSON (docs/harvest.md §13.1). */
export const packagePart: PartRenderer = ({ identity, ckanName, texts }) => {
  const marker = baseMarkerFor(texts);
  const ctx: CkanContext = { base: marker, identity, ckanName };
  return ({ element, name, created, modified }) =>
    encoder.encode(
      JSON.stringify(renderPackage({ element, name, created, modified }, ctx)).replaceAll(
        marker,
        '\0',
      ),
    );
};

/** The DCAT dataset part in `syntax` (catalog-page.ts datasetPart), as a page joins it. */
export const datasetPartIn =
  (syntax: RdfSyntax): PartRenderer =>
  ({ identity, categories }) => {
    // an origin no IRI holds but those the parts make under it (the identity's own URLs aside)
    const identityText = JSON.stringify(identity);
    let n = 0;
    while (identityText.includes(`https://base${n}.invalid`)) n++;
    const origin = `https://base${n}.invalid`;
    const ctx: DcatContext = { base: origin, identity, categories };
    const marker = String.fromCharCode(BASE_MARKER);
    return ({ element: { data, ...element }, name, years, created, modified }) => {
      void data;
      const view = {
        element,
        years,
        name,
        created: isoSeconds(created),
        modified: isoSeconds(modified),
      };
      return encoder.encode(datasetPart(syntax.writer({ base: { origin, marker } }), view, ctx));
    };
  };

/**
 * A text no element holds, to render packages with in place of the origin; it becomes
 * BASE_MARKER (a raw NUL, which JSON never holds) once the package is serialized.
 */
function baseMarkerFor(texts: readonly string[]): string {
  if (BASE_MARKER !== 0) throw new Error('the base marker is a NUL byte');
  for (let n = 0; ; n++) {
    const candidate = `\uE000base${n}\uE000`;
    if (!texts.some((text) => text.includes(candidate))) return candidate;
  }
}
