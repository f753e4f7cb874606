// Element views (core/open-data/element-view.ts) of the fixture catalogue's published elements,
// for the renderers' tests: each element as the API publishes it, with a made-up CKAN name and
// made-up dates (the generator's own names and dates are tested with the generator).
import { join } from 'node:path';
import { resolveIdentity } from '../../../core/open-data/catalogue-identity.ts';
import type { ElementView, RenderContext } from '../../../core/open-data/element-view.ts';
import { titleSlug } from '../../../core/open-data/package-name.ts';
import type { DataElement } from '../../../core/schema.ts';
import { compileCatalogueFolder } from './generator-steps.ts';

export const FIXTURE_CATALOGUE = join(import.meta.dirname, '../../fixtures/catalogue');

/** Views of every published fixture element, in catalogue order. */
export function fixtureViews(): ElementView[] {
  const catalogue = compileCatalogueFolder(FIXTURE_CATALOGUE);
  if (catalogue.problems.length > 0) throw new Error('the fixture catalogue has problems');
  return catalogue.published.map((published, position) => {
    const element = JSON.parse(published.json) as DataElement;
    return viewOf(element, position);
  });
}

/** A view of one element: name from its title and id, dates a day apart per position. */
export function viewOf(element: DataElement, position = 0): ElementView {
  const day = String(1 + (position % 28)).padStart(2, '0');
  return {
    element,
    name: `${titleSlug(element.title) || 'elemen'}-${element._id}`.slice(-100),
    created: `2024-01-${day}T08:00:00Z`,
    modified: `2025-06-${day}T09:30:00Z`,
  };
}

export const sampleIdentity = resolveIdentity({
  title: 'Satu Data Kabupaten Sukamaju',
  description: 'Katalog statistik sektoral Kabupaten Sukamaju.',
  publisher: {
    name: 'Dinas Komunikasi dan Informatika Kabupaten Sukamaju',
    url: 'https://diskominfo.sukamaju.go.id',
  },
  language: 'id',
  license: 'CC-BY-4.0',
  spatial: 'Kabupaten Sukamaju',
});

export const renderContext = (base = 'https://satudata.example'): RenderContext => ({
  base,
  identity: sampleIdentity,
});
