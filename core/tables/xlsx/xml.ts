// Text as SpreadsheetML holds it. XML 1.0 forbids C0 controls other than tab, LF and CR, and
// U+FFFE/U+FFFF: they become U+FFFD, as on the element's page (a lone surrogate becomes U+FFFD
// when the text is encoded as UTF-8). A CR is written `&#13;`, since a parser turns a literal CR
// into LF. Excel and LibreOffice read `_xHHHH_` in a cell as the character U+HHHH, so text that
// holds such a sequence has its "_" written `_x005F_` (ECMA-376 Part 1, §22.9.2.19 ST_Xstring).

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
// eslint-disable-next-line no-control-regex
const ESCAPED = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
  _: '_x005F_',
};

/** Catalogue text as element content or a double-quoted attribute value. */
export const xmlText = (text: string): string =>
  NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (char) => ESCAPES[char] ?? '\uFFFD') : text;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A cell's reference from 0-based row and column: (0, 0) → A1. */
export const cellRef = (row: number, column: number) => `${columnLetters(column)}${row + 1}`;
