// The Link header of a page (RFC 8288): the same query with only `offset` changed.

/** first, prev (offset > 0), next (more after this page) and last, as absolute URLs. */
export function pagingLinks(url: URL, total: number, limit: number, offset: number): string {
  const at = (n: number) => `<${withOffset(url, n)}>`;
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.max(0, offset - limit))}; rel="prev"`);
  if (offset + limit < total) links.push(`${at(offset + limit)}; rel="next"`);
  // the last page of the matches split into pages of `limit` from the first, as `first` starts them
  links.push(`${at(total === 0 ? 0 : Math.floor((total - 1) / limit) * limit)}; rel="last"`);
  return links.join(', ');
}

/**
 * The request URL with its offset parameter set to n, every other parameter as the client wrote it.
 */
function withOffset(url: URL, n: number): string {
  const parts = url.search.length > 1 ? url.search.slice(1).split('&') : [];
  const out: string[] = [];
  let replaced = false;
  for (const part of parts) {
    if (decodeName(part) !== 'offset') out.push(part);
    // empty repeats (offset=&offset=5) collapse to one
    else if (!replaced) {
      out.push(`offset=${n}`);
      replaced = true;
    }
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
