// Values written as CKAN's Python writes them in its messages (str(), repr(), json.dumps()), so that
// a refusal reads as CKAN's own.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Python's repr() of a str: single quotes unless it holds one and no double quote. */
function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0))
      out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a JSON value (a JSON array as a list). */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return stringRepr(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${stringRepr(key)}: ${pythonRepr(item)}`)
      .join(', ')}}`;
  return String(value);
}

/** Python's repr() of a tuple (a flattened key of CKAN's validation). */
export const pythonTupleRepr = (items: readonly (string | number)[]) =>
  items.length === 1
    ? `(${pythonRepr(items[0])},)`
    : `(${items.map((item) => pythonRepr(item)).join(', ')})`;

/** Python's str(): a str as it is, anything else as repr(). */
export const pythonStr = (value: unknown) =>
  typeof value === 'string' ? value : pythonRepr(value);

/** json.dumps(value, sort_keys=True, ensure_ascii=False), as CKAN's unicode_safe writes a non-str. */
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}: ${pythonJsonDumps(value[key])}`)
      .join(', ')}}`;
  return JSON.stringify(value ?? null);
}

/** Python's truth of a JSON value. */
export const pythonTruthy = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  value !== 0 &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(isObject(value) && Object.keys(value).length === 0);

export { isObject };
