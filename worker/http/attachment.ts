// The Content-Disposition of a download (docs/api.md §5.5, §15): `attachment; filename="<name>"`.
// A name a quoted string cannot carry as it is (beyond printable ASCII, or with `"` or `\`) gets
// an ASCII fallback there, and its exact form in `filename*` (RFC 6266, RFC 8187).

/** A year's table as CSV: `<id>-<year>.csv`. */
export const csvAttachment = (id: string, year: number) => attachment(`${id}-${year}.csv`);

export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (fallback === name) return `attachment; filename="${name}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${extValue(name)}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** RFC 8187's encoding: UTF-8, every byte but its attr-chars percent-encoded. */
function extValue(text: string): string {
  // encodeURIComponent leaves * ' ( ) as they are, which attr-char does not allow; a lone
  // surrogate (which it refuses) becomes U+FFFD
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd')).replace(
    /[*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
