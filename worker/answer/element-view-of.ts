// One element's view (core/open-data/element-view.ts) from its parsed bytes, whole or without
// its tables: its CKAN name, as the generator named it, and its dates from open-data.bin. The one
// place a view is made: for a page, CKAN's rendered packages (element-views.ts) and DCAT
// (dataset-views.ts).
import { isoSeconds } from '../../core/open-data/dates.ts';
import type { ElementView } from '../../core/open-data/element-view.ts';
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import { packageName } from '../../core/open-data/package-name.ts';
import type { DataElement } from '../../core/schema.ts';

/** The element's CKAN name, as the generator named it (package-name.ts). */
export const nameOf = (element: Pick<DataElement, '_id' | 'title'>) =>
  packageName(element._id, element.title);

/** Element number `e`, parsed (whole, or without some keys), as the renderers take it. */
export const elementViewOf = <E extends Pick<DataElement, '_id' | 'title'>>(
  element: E,
  openData: Pick<OpenDataSections, 'created' | 'modified'>,
  e: number,
): Omit<ElementView, 'element'> & { element: E } => ({
  element,
  name: nameOf(element),
  created: isoSeconds(openData.created[e]!),
  modified: isoSeconds(openData.modified[e]!),
});
