// Python's behaviour where CKAN's validators and ckanext-harvest lean on it: str.strip's
// whitespace, len in code points, repr, json.dumps(sort_keys=True, ensure_ascii=False), int(),
// truthiness. Values are JSON values as JSON.parse gives them (a JSON number is an int when whole).
// Runtime-neutral: no node:* imports.

/** Characters for which Python's str.isspace() is true (str.strip() with no argument). */
const PY_SPACE = new Set(
  [
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001,
    0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f,
    0x205f, 0x3000,
  ].map((c) => String.fromCodePoint(c)),
);

export const pyIsSpace = (ch: string) => PY_SPACE.has(ch);

/** str.strip(chars): with no chars, Python's whitespace. */
export function pyStrip(s: string, chars?: string): string {
  const strip = chars === undefined ? pyIsSpace : (ch: string) => chars.includes(ch);
  const cps = [...s];
  let start = 0;
  let end = cps.length;
  while (start < end && strip(cps[start]!)) start++;
  while (end > start && strip(cps[end - 1]!)) end--;
  return cps.slice(start, end).join('');
}

/** len() of a str: code points, not UTF-16 units. */
export const pyLen = (s: string) => [...s].length;

/** Python's str comparison: by code point. */
export function pyCompareStr(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export const isDict = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Python's truth value of a JSON value. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/** type(v).__name__ of a JSON value. */
export function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'string') return 'str';
  if (Array.isArray(v)) return 'list';
  return 'dict';
}

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

/** repr() of a str. */
export function pyReprStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (NON_PRINTABLE.test(ch)) {
      if (cp < 0x100) out += `\\x${cp.toString(16).padStart(2, '0')}`;
      else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
      else out += `\\U${cp.toString(16).padStart(8, '0')}`;
    } else out += ch;
  }
  return out + quote;
}

/** repr() of a JSON value; arrays as lists, `tuple: true` for a tuple. */
export function pyRepr(v: unknown, tuple = false): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return pyNumber(v);
  if (typeof v === 'string') return pyReprStr(v);
  if (Array.isArray(v)) {
    const items = v.map((item) => pyRepr(item));
    if (tuple) return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
    return `[${items.join(', ')}]`;
  }
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyReprStr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}

/** str()/repr() of a number: a whole JSON number is an int, others a float. */
function pyNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  const s = String(n);
  return /e/.test(s) ? s.replace(/e([+-])(\d)$/, 'e$10$2') : s;
}

/** json.dumps(v, sort_keys=sortKeys, ensure_ascii=False) with Python's default separators. */
export function pyJsonDumps(v: unknown, sortKeys = true): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return pyNumber(v);
  if (typeof v === 'string') return pyJsonString(v);
  if (Array.isArray(v)) return `[${v.map((x) => pyJsonDumps(x, sortKeys)).join(', ')}]`;
  let entries = Object.entries(v as Record<string, unknown>);
  if (sortKeys) entries = entries.sort(([a], [b]) => pyCompareStr(a, b));
  return `{${entries.map(([k, x]) => `${pyJsonString(k)}: ${pyJsonDumps(x, sortKeys)}`).join(', ')}}`;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

// eslint-disable-next-line no-control-regex -- json.dumps escapes exactly these
const JSON_ESCAPED = /["\\\x00-\x1f]/g;

function pyJsonString(s: string): string {
  return `"${s.replace(JSON_ESCAPED, (ch) => JSON_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/**
 * int(s) for a str in base 10: surrounding whitespace, a sign, digits with single underscores
 * between them. Only ASCII digits (Python also takes other Unicode decimal digits: refused here).
 */
export function pyIntFromStr(s: string): bigint | undefined {
  const t = pyStrip(s);
  if (!/^[+-]?[0-9](?:_?[0-9])*$/.test(t)) return undefined;
  return BigInt(t.replace(/_/g, ''));
}

/** The characters Python's re matches with \w in a str pattern: str.isalnum() or "_". */
export const PY_WORD_CLASS = '\\p{L}\\p{N}_';
