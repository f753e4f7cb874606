// Reads a title pattern with regexpp (ESLint's ECMAScript regex parser) as JavaScript reads it:
// non-unicode mode with Annex B, flag `i`. Refuses what has no linear-time implementation and
// what RE2-style engines read differently from JavaScript, each with a message saying why.
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { MAX_TITLE_PATTERN_LENGTH } from '../../../core/contract.ts';

/** The contract's limit (core/contract.ts), under the name this module's callers use. */
export const MAX_PATTERN_LENGTH = MAX_TITLE_PATTERN_LENGTH;
export const MESSAGE_PREFIX = 'Invalid title pattern: ';

export type ParsedPattern = { ok: true; ast: AST.Pattern } | { ok: false; message: string };

// ES2024: no pattern modifiers `(?i:…)`, which the engines this serves do not all read
const parser = new RegExpParser({ ecmaVersion: 2024, strict: false });

const hex = (value: number, digits: number) =>
  value.toString(16).toUpperCase().padStart(digits, '0');

/**
 * Letter escapes both syntaxes read alike (\d \w \s and their negations are sets, \b \B
 * assertions).
 */
const COMMON_ESCAPE = /^\\([tnrfv0]|x[0-9A-Fa-f]{2})$/;

/** How to write a character without the refused escape. */
const writeInstead = (unit: number) =>
  unit < 0x100
    ? `write the character as \\x${hex(unit, 2)}, or itself.`
    : `write the character itself (${String.fromCharCode(unit)}).`;

export function parseTitlePattern(source: string): ParsedPattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    return refuse(
      `it is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed.`,
    );
  }
  let ast: AST.Pattern;
  try {
    ast = parser.parsePattern(source, 0, source.length, { unicode: false });
    new RegExp(source, 'i'); // construction only: the running engine must read it as valid too
  } catch (error) {
    return refuse(`${describeSyntaxError(error as Error, source)}.`);
  }
  const problem = findUnsupported(ast);
  return problem ? refuse(problem) : { ok: true, ast };
}

const refuse = (reason: string): ParsedPattern => ({ ok: false, message: MESSAGE_PREFIX + reason });

function describeSyntaxError(error: Error & { index?: number }, source: string): string {
  const detail = error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  const where =
    typeof error.index !== 'number'
      ? ''
      : error.index >= source.length
        ? ' at the end'
        : ` at character ${error.index + 1}`;
  return `${detail.charAt(0).toLowerCase()}${detail.slice(1)}${where}`;
}

/** The first construct this search refuses, as a sentence; undefined when there is none. */
function findUnsupported(ast: AST.Pattern): string | undefined {
  const problems: string[] = [];
  const emptyClassEnds: number[] = [];
  visitRegExpAST(ast, {
    onBackreferenceEnter: (node) =>
      problems.push(
        `backreferences such as ${node.raw} are not supported (no linear-time matching exists for them).`,
      ),
    onAssertionEnter: (node) => {
      if (node.kind === 'lookahead' || node.kind === 'lookbehind') {
        problems.push(
          `lookahead and lookbehind such as ${node.raw} are not supported (no linear-time matching exists for them).`,
        );
      }
    },
    onCharacterEnter: (node) => {
      if (/^\\[0-9]/.test(node.raw) && node.raw !== '\\0') {
        problems.push(
          `${node.raw} is an octal or decimal escape in JavaScript but a backreference elsewhere; ${writeInstead(node.value)}`,
        );
      } else if (/^\\[A-Za-z]/.test(node.raw) && !COMMON_ESCAPE.test(node.raw)) {
        const letter = node.raw.charAt(1);
        const instead =
          node.value === letter.charCodeAt(0)
            ? `write ${letter} without the backslash, or a class such as [a-z].`
            : writeInstead(node.value);
        problems.push(
          `the escape ${node.raw} is not supported: JavaScript and RE2 read it differently; ${instead}`,
        );
      }
      if (node.raw === ']' && emptyClassEnds.some((end) => end <= node.start)) {
        problems.push(
          'a class that begins with ] (such as []a]) is an empty class followed by text in JavaScript but a class holding ] in other engines; write \\] inside the class.',
        );
      }
    },
    onCharacterClassEnter: (node) => {
      const posix = /\[:\^?[A-Za-z]+:\]$/.exec(node.raw); // the class ends at the POSIX name's first ]
      if (posix) {
        problems.push(
          `POSIX classes such as [${posix[0]}] are not supported: JavaScript reads them as a set of characters followed by ]; write a class such as [a-z] or an escape such as \\d.`,
        );
      }
      if (node.elements.length === 0) emptyClassEnds.push(node.end);
    },
  });
  return problems[0];
}
