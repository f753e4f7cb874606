// The Link header of a page (RFC 8288): the same query with only `offset` changed.

/** first, prev (offset > 0), next (more after this page) and last, as absolute URLs. */
export function pagingLinks(url: URL, total: number, limit: number, offset: number): string {
  const at = (n: number) => `<${withOffset(url, n)}>`;
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.max(0, offset - limit))}; rel="prev"`);
  if (offset + limit < total) links.push(`${at(offset + limit)}; rel="next"`);
  links.push(`${at(lastOffset(total, limit, offset))}; rel="last"`);
  return links.join(', ');
}

/** The last page that following `next` from this one reaches (pages of `limit` from `offset`). */
function lastOffset(total: number, limit: number, offset: number): number {
  const phase = offset % limit;
  if (total === 0 || phase >= total) return 0;
  return phase + Math.floor((total - 1 - phase) / limit) * limit;
}

/** The request URL with its offset parameter set to n, every other parameter as the client wrote it. */
function withOffset(url: URL, n: number): string {
  const parts = url.search.length > 1 ? url.search.slice(1).split('&') : [];
  const out: string[] = [];
  let replaced = false;
  for (const part of parts) {
    if (decodeName(part) !== 'offset') out.push(part);
    else if (!replaced) out.push(`offset=${n}`), (replaced = true); // empty repeats (offset=&offset=5) collapse to one
  }
  if (!replaced) out.push(`offset=${n}`);
  return `${url.origin}${url.pathname}?${out.join('&')}`;
}

function decodeName(part: string): string {
  const name = part.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a malformed escape is not "offset"
  }
}
