// Reads an RFC 8288 Link header of the kind the search sends: <url>; rel="name", ...
import type { PageLinks } from './types.ts';

const LINK = /<([^>]*)>\s*;\s*rel="?([^";,]+)"?/g;

export function parseLinkHeader(header: string | null): PageLinks {
  const links: PageLinks = {};
  for (const [, url, rel] of (header ?? '').matchAll(LINK)) {
    if (rel === 'first' || rel === 'prev' || rel === 'next' || rel === 'last') links[rel] = url!;
  }
  return links;
}
