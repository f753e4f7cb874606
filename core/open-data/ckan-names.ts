// CKAN's names for what the catalogue calls by slugs and names (docs/harvest.md §13.1): organizations
// (data sources) and groups (categories) need `[a-z0-9_-]{2,100}` names, unique in their list;
// tags (sectors and fields) need 2 to 100 of `[\w \-.]` (ckan/logic/validators.py: name_validator,
// tag_name_validator, tag_length_validator). Computed once by the generator and stored, so the
// Worker maps a name in `fq` back to its item by lookup, never by re-deriving it.
import type { ReferenceItem } from '../schema.ts';

const MAX_NAME = 100;

/** A slug as a CKAN name: lowercase, other characters as "-", at least 2 characters. */
function ckanName(slug: string): string {
  const name = slug
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME - 4);
  return name.length >= 2 ? name : `item-${name}`.replace(/-$/, '');
}

/** CKAN names of a list's items, in list order, unique (a repeat gets "-2", "-3"…). */
export function uniqueCkanNames(items: readonly Pick<ReferenceItem, 'slug'>[]): string[] {
  const taken = new Set<string>();
  return items.map(({ slug }) => {
    const base = ckanName(slug);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return name;
  });
}

/** A sector's or field's name as a CKAN tag: only word characters, space, "-" and ".". */
export function ckanTagName(name: string): string {
  const tag = name
    .replace(/[^\p{L}\p{N}_ .-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME)
    .trim();
  return tag.length >= 2 ? tag : `${tag}__`.slice(0, 2).replace(/ /g, '_');
}
