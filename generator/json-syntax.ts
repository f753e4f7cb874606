// Parses JSON text; on a syntax error says where (line, column) and what, the same on every
// Node version (V8's own messages do not always carry a position).

export type JsonParseResult =
  { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string };

export function parseJson(text: string): JsonParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a BOM is not data
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    // Only JSON.parse's own failures land here: SyntaxError, or RangeError on absurd nesting.
    const found = locateSyntaxError(source);
    const offset = found?.offset ?? source.length;
    const message = found?.message ?? `invalid JSON (${(error as Error).message})`;
    return { ok: false, ...lineAndColumn(source, offset), message };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const describe = (text: string, at: number) =>
  at >= text.length
    ? 'unexpected end of input'
    : `unexpected character ${JSON.stringify(text[at])}`;

/** A small iterative JSON scanner (no recursion, so deep nesting cannot overflow it). */
function locateSyntaxError(text: string): { offset: number; message: string } | undefined {
  let at = 0;
  const fail = (expected: string) => ({
    offset: at,
    message: `${describe(text, at)}, expected ${expected}`,
  });
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const scanString = (): boolean => {
    at++; // opening quote
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 34) return (at++, true);
      if (c < 0x20) return false;
      if (c === 92) {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return ((at += 1), false);
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else return ((at += 1), false);
      } else at++;
    }
    return false;
  };
  const scanScalar = (): boolean => {
    const rest = text.slice(at, at + 5);
    for (const word of ['true', 'false', 'null'])
      if (rest.startsWith(word)) return ((at += word.length), true);
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (number && number[0].length > 0) return ((at += number[0].length), true);
    return false;
  };
  const stack: ('[' | '{')[] = [];
  // expecting: a value; after a value, a separator or a closer
  for (;;) {
    skipSpace();
    const c = text[at];
    if (c === '{' || c === '[') {
      stack.push(c);
      at++;
      skipSpace();
      if (c === '{') {
        if (text[at] === '}') {
          stack.pop();
          at++;
        } else {
          if (text[at] !== '"') return fail('a double-quoted property name or "}"');
          if (!scanString()) return fail('a valid string');
          skipSpace();
          if (text[at] !== ':') return fail('":" after a property name');
          at++;
          continue;
        }
      } else if (text[at] === ']') {
        stack.pop();
        at++;
      } else continue;
    } else if (c === '"') {
      if (!scanString()) return fail('a valid string');
    } else if (!scanScalar()) {
      return fail('a JSON value');
    }
    // after a complete value
    for (;;) {
      skipSpace();
      const open = stack[stack.length - 1];
      if (!open) {
        if (at < text.length) return fail('end of input after the top-level value');
        return undefined;
      }
      const closer = open === '[' ? ']' : '}';
      if (text[at] === closer) {
        stack.pop();
        at++;
        continue;
      }
      if (text[at] !== ',') return fail(`"," or "${closer}"`);
      at++;
      if (open === '{') {
        skipSpace();
        if (text[at] !== '"') return fail('a double-quoted property name');
        if (!scanString()) return fail('a valid string');
        skipSpace();
        if (text[at] !== ':') return fail('":" after a property name');
        at++;
      }
      break;
    }
  }
}
