// The CKAN name of an element (docs/harvest.md §13.1): lowercase, [a-z0-9_-]{2,100}, unique, stable while
// the title stays. It ends with the element's id when the id is already of that alphabet (a
// MongoDB ObjectId is), so a name leads back to its element without a table of names; other ids
// end in a hash of the id, marked by a leading "h", and the snapshot keeps those few in a table.
import { sha256Hex } from './sha256.ts';

const ID_SUFFIX = /^[a-z0-9]{2,60}$/;
const MAX_NAME = 100;
const MAX_SLUG = 60;

/** The title as a CKAN slug: accents dropped, lowercase, runs of anything else as one "-". */
export function titleSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/** The hash a name ends with when its id can not: 16 hex digits of the id's SHA-256. */
export const idHash = (id: string) => sha256Hex(id).slice(0, 16);

/** The suffix that makes a name unique: the id itself, or "h" and a hash of it. */
export function nameSuffix(id: string, hashId: (id: string) => string): string {
  return ID_SUFFIX.test(id) ? id : `h${hashId(id)}`;
}

export function packageName(id: string, title: string, hashId = idHash): string {
  const suffix = nameSuffix(id, hashId);
  const slug = titleSlug(title);
  return (slug ? `${slug}-${suffix}` : suffix).slice(-MAX_NAME);
}

/** The suffix a name ends with (what packageName appended), to look its element up. */
export const suffixOfName = (name: string) => name.slice(name.lastIndexOf('-') + 1);
