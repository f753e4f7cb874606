// Validators and caching for snapshot answers: a strong ETag per (snapshot, normalized query).

export { CACHE_CONTROL } from '../../core/contract.ts';

/** cyrb53: a fast 53-bit string hash; enough to tell normalized queries of one URL apart. */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The strong ETag of an answer: the snapshot and the normalized query. */
export const answerEtag = (buildId: string, key: string) => `"${buildId}-${hashString(key)}"`;

/** Does If-None-Match name this ETag (weak comparison, as RFC 9110 asks for If-None-Match)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
