// Reads the data-element query string: empty values count as absent, unknown parameters are
// ignored, a filter may repeat (OR), the title may not.
import { REFERENCE_LISTS, type ReferenceListName } from '../core/contract.ts';

/** Non-empty values of each filter parameter, as given, each once. */
export type SlugFilters = Record<ReferenceListName, string[]>;

export type ParsedQuery =
  | { ok: true; title: string | undefined; filters: SlugFilters }
  | { ok: false; message: string };

export function parseSearchParams(params: URLSearchParams): ParsedQuery {
  const titles = params.getAll('title').filter((value) => value !== '');
  if (titles.length > 1) return { ok: false, message: 'Invalid title pattern: give the title parameter once.' };
  const filters = {} as SlugFilters;
  for (const { name, param } of REFERENCE_LISTS) {
    filters[name] = [...new Set(params.getAll(param).filter((value) => value !== ''))];
  }
  return { ok: true, title: titles[0], filters };
}
