// Cox's analysis of a pattern (https://swtch.com/~rsc/regexp/regexp4.html): for each node, can it
// match the empty string, its exact set of strings (if small), prefixes and suffixes every
// match starts and ends with, and a gram query every match satisfies. Sets that grow too big
// are turned into queries and shortened, which keeps every step sound (it only claims less).
import type { AST } from '@eslint-community/regexpp';
import { canonicalUnit } from '../../../core/title-index/canonical-case.ts';
import { matchedCanonicalUnits } from './character-sets.ts';
import { ALL, and, gramsOfStrings, or, type GramQuery } from './gram-query.ts';

const MAX_EXACT = 16;
const MAX_AFFIXES = 32;
/** A class of more canonical units than this is taken as "any unit". */
const MAX_CLASS_UNITS = 8;

interface Info {
  emptyable: boolean;
  exact: string[] | null;
  prefix: string[];
  suffix: string[];
  match: GramQuery;
}

const EMPTY: Info = { emptyable: true, exact: [''], prefix: [''], suffix: [''], match: ALL };
const ANY_UNIT: Info = { emptyable: false, exact: null, prefix: [''], suffix: [''], match: ALL };
const ANY_TEXT: Info = { emptyable: true, exact: null, prefix: [''], suffix: [''], match: ALL };

export function requiredGrams(pattern: AST.Pattern): GramQuery {
  const info = alternatives(pattern.alternatives);
  return and(
    info.match,
    gramsOfStrings(starts(info)),
    gramsOfStrings(ends(info)),
    info.exact ? gramsOfStrings(info.exact) : ALL,
  );
}

const starts = (info: Info) => info.exact ?? info.prefix;
const ends = (info: Info) => info.exact ?? info.suffix;
const unique = (strings: string[]) => [...new Set(strings)];
const cross = (left: readonly string[], right: readonly string[]) =>
  unique(left.flatMap((l) => right.map((r) => l + r)));
/** The match query with the exact set folded in: for when the exact set is dropped. */
const fullMatch = (info: Info) =>
  info.exact ? and(info.match, gramsOfStrings(info.exact)) : info.match;

function alternatives(list: readonly AST.Alternative[]): Info {
  const infos = list.map((alternative) =>
    alternative.elements.reduce((info, element) => concat(info, node(element)), EMPTY),
  );
  return infos.length === 1 ? infos[0]! : alternate(...infos);
}

function node(element: AST.Element): Info {
  switch (element.type) {
    case 'Character':
    case 'CharacterClass':
    case 'CharacterSet':
      return units(matchedCanonicalUnitList(element));
    case 'Group':
    case 'CapturingGroup':
      return alternatives(element.alternatives);
    case 'Quantifier':
      return repeat(node(element.element), element.min, element.max);
    default:
      return EMPTY; // assertions match the empty string
  }
}

function matchedCanonicalUnitList(
  element: AST.Character | AST.CharacterClass | AST.CharacterSet,
): string[] | null {
  const set = matchedCanonicalUnits(element);
  const found: string[] = [];
  for (let i = 0; i < set.length; i += 2) {
    if (set[i + 1]! - set[i]! > 4096) return null;
    for (let unit = set[i]!; unit < set[i + 1]!; unit++) {
      if (canonicalUnit(unit) !== unit) continue; // never in a canonicalized title
      if (found.push(String.fromCharCode(unit)) > MAX_CLASS_UNITS) return null;
    }
  }
  return found;
}

const units = (list: string[] | null): Info =>
  list ? { emptyable: false, exact: list, prefix: list, suffix: list, match: ALL } : ANY_UNIT;

function repeat(info: Info, min: number, max: number): Info {
  if (max === 0) return EMPTY;
  if (min === 0) return max === 1 ? alternate(info, EMPTY) : ANY_TEXT;
  const copies = (count: number) => {
    let result = EMPTY;
    for (let i = 0; i < count; i++) result = concat(result, info);
    return result;
  };
  if (max === Infinity) {
    // x{min,} = x^(min−1) x+, with the copies past the third claimed as nothing but text
    const more: Info = {
      emptyable: info.emptyable,
      exact: null,
      prefix: starts(info),
      suffix: ends(info),
      match: fullMatch(info),
    };
    return min > 3 ? concat(concat(copies(2), ANY_TEXT), more) : concat(copies(min - 1), more);
  }
  return min === max && min <= 3 ? copies(min) : concat(copies(Math.min(min, 3)), ANY_TEXT);
}

function concat(left: Info, right: Info): Info {
  if (
    left.exact?.length === 1 &&
    right.exact?.length === 1 &&
    left.match === ALL &&
    right.match === ALL
  ) {
    const text = [left.exact[0]! + right.exact[0]!]; // a run of plain characters: the common case
    return {
      emptyable: left.emptyable && right.emptyable,
      exact: text,
      prefix: text,
      suffix: text,
      match: ALL,
    };
  }
  let exact: string[] | null = null;
  let match = and(left.match, right.match);
  if (left.exact && right.exact) {
    if (left.exact.length * right.exact.length <= MAX_EXACT) exact = cross(left.exact, right.exact);
    else match = and(match, gramsOfStrings(left.exact), gramsOfStrings(right.exact));
  }
  // a boundary between two inexact parts is kept by no set: say what it holds now
  if (!left.exact && !right.exact) match = and(match, boundaryGrams(ends(left), starts(right)));
  const prefix = left.exact
    ? cross(left.exact, starts(right))
    : left.emptyable
      ? unique([...left.prefix, ...starts(right)])
      : left.prefix;
  const suffix = right.exact
    ? cross(ends(left), right.exact)
    : right.emptyable
      ? unique([...right.suffix, ...ends(left)])
      : right.suffix;
  return shrink({ emptyable: left.emptyable && right.emptyable, exact, prefix, suffix, match });
}

/** A match of left-then-right holds some end of the left next to some start of the right. */
function boundaryGrams(leftEnds: string[], rightStarts: string[]): GramQuery {
  if (leftEnds.length * rightStarts.length > MAX_AFFIXES) return ALL;
  return gramsOfStrings(cross(leftEnds, rightStarts));
}

function alternate(...choices: Info[]): Info {
  const exacts = choices.every((choice) => choice.exact)
    ? unique(choices.flatMap((choice) => choice.exact!))
    : null;
  const keep = exacts !== null && exacts.length <= MAX_EXACT;
  return shrink({
    emptyable: choices.some((choice) => choice.emptyable),
    exact: keep ? exacts : null,
    prefix: unique(choices.flatMap(starts)),
    suffix: unique(choices.flatMap(ends)),
    match: or(...choices.map((choice) => (keep ? choice.match : fullMatch(choice)))),
  });
}

/** Keeps sets small: what a set is dropped for goes into the query first. */
function shrink(info: Info): Info {
  let { exact, prefix, suffix, match } = info;
  if (exact && exact.length > MAX_EXACT) {
    match = and(match, gramsOfStrings(exact));
    [prefix, suffix, exact] = [exact, exact, null];
  }
  if (prefix.length > MAX_AFFIXES) match = and(match, gramsOfStrings(prefix));
  if (suffix.length > MAX_AFFIXES) match = and(match, gramsOfStrings(suffix));
  return {
    emptyable: info.emptyable,
    exact,
    prefix: shorten(prefix, (s, n) => s.slice(0, n)),
    suffix: shorten(suffix, (s, n) => s.slice(-n)),
    match,
  };
}

function shorten(strings: string[], cut: (text: string, length: number) => string): string[] {
  for (let length = 3; strings.length > MAX_AFFIXES && length > 0; length--)
    strings = unique(strings.map((s) => cut(s, length)));
  return strings.length > MAX_AFFIXES ? [''] : strings;
}
