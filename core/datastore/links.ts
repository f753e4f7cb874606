// `_links` of a `datastore_search` answer as CKAN builds them (ckanext/datastore/backend/
// postgres.py, _insert_links): the request's own path and query string, read with Python's
// parse_qsl (blank values dropped, the last of a repeated key kept) and written back with urlencode,
// `offset` removed for `start` and set to offset + limit for `next` (and offset - limit for `prev`,
// when that is above 0). Parameters sent in a POST body are not in them, as in CKAN.

/** The request a search answers: its path (`/api/3/action/datastore_search`) and raw query. */
export interface SearchRequestUrl {
  path: string;
  /** The query string without its `?`; empty when there is none. */
  query: string;
}

export interface SearchLinks {
  start: string;
  next: string;
  prev?: string;
}

const decoder = new TextDecoder();

/** urllib.parse.unquote_plus: `+` is a space, %XX bytes are UTF-8 (bad bytes replaced). */
function unquotePlus(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  if (!spaced.includes('%')) return spaced;
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  for (let i = 0; i < spaced.length;) {
    const hex = spaced.slice(i + 1, i + 3);
    if (spaced[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 3;
    } else {
      const codePoint = spaced.codePointAt(i)!;
      const ch = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(ch));
      i += ch.length;
    }
  }
  return decoder.decode(new Uint8Array(bytes));
}

/** urllib.parse.quote_plus with safe='': only letters, digits and `_.-~` stay as they are. */
const quotePlus = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** dict(parse_qsl(query)): pairs with a blank value or no `=` dropped; a repeated key's last value. */
function queryArguments(query: string): Map<string, string> {
  const argumentsByName = new Map<string, string>();
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || equals === pair.length - 1) continue;
    argumentsByName.set(unquotePlus(pair.slice(0, equals)), unquotePlus(pair.slice(equals + 1)));
  }
  return argumentsByName;
}

const urlOf = (path: string, argumentsByName: Map<string, string>) => {
  const query = [...argumentsByName]
    .map(([name, value]) => `${quotePlus(name)}=${quotePlus(value)}`)
    .join('&');
  return query === '' ? path : `${path}?${query}`;
};

export function searchLinks(url: SearchRequestUrl, limit: number, offset: number): SearchLinks {
  const argumentsByName = queryArguments(url.query);
  const start = new Map(argumentsByName);
  start.delete('offset');
  const withOffset = (value: number) => new Map(argumentsByName).set('offset', String(value));
  const links: SearchLinks = {
    start: urlOf(url.path, start),
    next: urlOf(url.path, withOffset(offset + limit)),
  };
  if (offset - limit > 0) links.prev = urlOf(url.path, withOffset(offset - limit));
  return links;
}
