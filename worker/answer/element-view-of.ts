// One element's view (core/open-data/element-view.ts) from its parsed bytes: its CKAN name, as
// the generator named it, and its dates from open-data.bin. Shared by the views read for a page
// or DCAT (element-views.ts) and the packages rendered from the overlay (package-answer.ts).
import { isoSeconds } from '../../core/open-data/dates.ts';
import type { ElementView } from '../../core/open-data/element-view.ts';
import type { OpenDataSections } from '../../core/open-data/layout.ts';
import { packageName } from '../../core/open-data/package-name.ts';
import type { DataElement } from '../../core/schema.ts';

/** The element's CKAN name, as the generator named it (package-name.ts). */
export const nameOf = (element: Pick<DataElement, '_id' | 'title'>) =>
  packageName(element._id, element.title);

/** Element number `e`, parsed, as the renderers take it. */
export const elementViewOf = (
  element: DataElement,
  openData: Pick<OpenDataSections, 'created' | 'modified'>,
  e: number,
): ElementView => ({
  element,
  name: nameOf(element),
  created: isoSeconds(openData.created[e]!),
  modified: isoSeconds(openData.modified[e]!),
});
