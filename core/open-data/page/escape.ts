// Catalogue text is data (docs/harvest.md §14): every text and attribute of a page goes through
// escapeHtml, and the JSON-LD block through jsonForScript, so nothing in it can become markup.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * Text or an attribute value (always double-quoted) as HTML. C0 controls other than tab and line
 * breaks, which HTML forbids, become U+FFFD.
 */
export const escapeHtml = (text: string): string =>
  NEEDS_ESCAPE.test(text)
    ? text
        .replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g, '\uFFFD')
    : text;

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A value as JSON that can sit inside `<script type="application/ld+json">`: `<`, `>` and `&` as
 * \u escapes (no `</script>` or `<!--` can form), and U+2028/U+2029 escaped as well.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!);
