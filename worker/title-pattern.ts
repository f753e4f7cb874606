// The title pattern: validated against the common subset of JavaScript and RE2 syntax, then
// matched in linear time. A pure literal (the usual query) is a case-folded substring search
// over all titles at once; anything else runs on re2js (an RE2 port: no backtracking), after
// a required literal, when the pattern has one, has narrowed the candidates.
import { RE2JS } from 're2js';
import { foldAsciiCase } from '../core/snapshot-layout.ts';
import { LruCache } from './lru-cache.ts';

export const MAX_PATTERN_LENGTH = 256;

export type CompiledPattern =
  | { kind: 'literal'; text: string; anchoredStart: boolean; anchoredEnd: boolean }
  /**
   * `requiredLiterals`: one list per top-level alternative, longest first; every match holds all
   * the (folded) literals of one alternative. Undefined when some alternative has none.
   */
  | { kind: 'regex'; re2: RE2JS; requiredLiterals: string[][] | undefined };

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; message: string };

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const CLASS_ESCAPES = 'dDwWsSbBtnrfv';

/** Compiled patterns of this isolate: popular searches repeat. */
const compiledCache = new LruCache<string, PatternResult>(256, () => 1);

export function compileTitlePattern(source: string): PatternResult {
  let result = compiledCache.get(source);
  if (!result) compiledCache.set(source, (result = compileUncached(source)));
  return result;
}

function compileUncached(source: string): PatternResult {
  if (source.length > MAX_PATTERN_LENGTH) {
    return { ok: false, message: `Invalid title pattern: it is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed.` };
  }
  const unsupported = findUnsupportedSyntax(source);
  if (unsupported) return { ok: false, message: `Invalid title pattern: ${unsupported}.` };
  try {
    new RegExp(source, 'i'); // must be valid JavaScript too: the common subset only
  } catch (error) {
    return { ok: false, message: `Invalid title pattern: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.` };
  }
  // A plain literal is valid RE2 as it stands, and needs no engine at all.
  const literal = asLiteral(source);
  if (literal && literal.text.length > 0) return { ok: true, pattern: { kind: 'literal', ...literal } };
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return { ok: false, message: `Invalid title pattern: ${(error as Error).message.replace(/^error parsing regexp: /, '')}.` };
  }
  return { ok: true, pattern: { kind: 'regex', re2, requiredLiterals: requiredLiterals(source) } };
}

/** Names the first construct outside the common subset, or returns undefined. */
function findUnsupportedSyntax(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return 'it ends with a lone backslash';
      if (/[0-9]/.test(next)) return `backreferences and octal escapes such as \\${next} are not supported`;
      if (next === 'k') return 'backreferences such as \\k<name> are not supported';
      if (next === 'x') {
        if (!/^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) return 'write \\x with exactly two hex digits, as in \\x41';
        i += 3;
        continue;
      }
      if (!CLASS_ESCAPES.includes(next) && !PUNCTUATION.test(next)) return `the escape \\${next} is not supported`;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++; // a leading ] is a literal in RE2, an empty class in JS
      continue;
    }
    if (c === '(' && source[i + 1] === '?') {
      const rest = source.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!') || rest === '<=' || rest === '<!') {
        return 'lookahead and lookbehind, (?=…) (?!…) (?<=…) (?<!…), are not supported';
      }
    }
  }
  return undefined;
}

const LITERAL_SAFE = (c: string) => c.charCodeAt(0) < 128 || c.toLowerCase() === c.toUpperCase();

/** `^?literal$?` with escaped punctuation only, folding-safe characters only; else undefined. */
function asLiteral(source: string): { text: string; anchoredStart: boolean; anchoredEnd: boolean } | undefined {
  let i = 0;
  let end = source.length;
  const anchoredStart = source[0] === '^';
  if (anchoredStart) i = 1;
  let text = '';
  let anchoredEnd = false;
  for (; i < end; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1]!;
      if (!PUNCTUATION.test(next)) return undefined;
      text += next;
      i++;
    } else if (c === '$' && i === end - 1) {
      anchoredEnd = true;
    } else if ('.[]()*+?{}|^$'.includes(c) || !LITERAL_SAFE(c)) {
      return undefined;
    } else text += c;
  }
  return { text: foldAsciiCase(text), anchoredStart, anchoredEnd };
}

/** Per top-level alternative, the literals every match of it holds; undefined if one has none. */
function requiredLiterals(source: string): string[][] | undefined {
  const alternatives: string[][] = [];
  for (const branch of topLevelBranches(source)) {
    const literals = branchLiterals(branch);
    if (literals.length === 0) return undefined;
    alternatives.push(literals);
  }
  return alternatives;
}

function topLevelBranches(source: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      branches.push(source.slice(from, i));
      from = i + 1;
    }
  }
  branches.push(source.slice(from));
  return branches;
}

/**
 * The literals every match of a branch (no top-level alternation) must contain, folded, longest
 * first; for narrowing candidates before re2js runs. Conservative: top-level runs of plain
 * characters only, two characters or more.
 */
function branchLiterals(source: string): string[] {
  const runs: string[] = [];
  let run = '';
  const endRun = () => {
    if (run) runs.push(run);
    run = '';
  };
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    let literal: string | undefined;
    if (c === '\\') {
      const next = source[++i]!;
      if (next === 'x') {
        literal = String.fromCharCode(parseInt(source.slice(i + 1, i + 3), 16));
        i += 2;
      } else literal = PUNCTUATION.test(next) ? next : undefined;
    } else if (c === '[') {
      // skip the class
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (c === '{') {
      const counted = /^\{\d+(,\d*)?\}/.exec(source.slice(i));
      if (counted) i += counted[0].length - 1; // a repetition count, not text
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return []; // not a single branch: claim nothing
    else if (depth === 0 && !'.^$*+?}'.includes(c)) literal = c;
    const next = source[i + 1];
    const optional = next === '*' || next === '?' || (next === '{' && /^\{0[,}]/.test(source.slice(i + 1)));
    const repeated = next === '+' || next === '{';
    if (depth > 0 || literal === undefined || optional || !LITERAL_SAFE(literal)) {
      endRun();
      continue;
    }
    run += literal;
    if (repeated) endRun();
  }
  endRun();
  return runs
    .filter((run) => run.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map(foldAsciiCase);
}
