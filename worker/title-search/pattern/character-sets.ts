// What each character-matching node of the pattern matches, as a set of canonical code units,
// following ECMAScript's CharacterClassEscape (§22.2.2.9) and CharacterSetMatcher with the
// `i` flag: a text unit matches when its canonical unit is the canonical unit of some member;
// a negated class matches when it is not.
import type { AST } from '@eslint-community/regexpp';
import {
  canonicalImage,
  complementSet,
  normalizeRanges,
  rangeSet,
  unionSets,
  type CodeUnitSet,
} from './code-unit-set.ts';

const DIGITS = rangeSet(0x30, 0x39);
const WORD = normalizeRanges([
  [0x30, 0x3a],
  [0x41, 0x5b],
  [0x5f, 0x60],
  [0x61, 0x7b],
]);
/** WhiteSpace and LineTerminator code points of the BMP (ECMA-262 §12.2, §12.3): what `\s` matches. */
const WHITE_SPACE = normalizeRanges([
  [0x09, 0x0e],
  [0x20, 0x21],
  [0xa0, 0xa1],
  [0x1680, 0x1681],
  [0x2000, 0x200b],
  [0x2028, 0x202a],
  [0x202f, 0x2030],
  [0x205f, 0x2060],
  [0x3000, 0x3001],
  [0xfeff, 0xff00],
]);
const LINE_TERMINATORS = normalizeRanges([
  [0x0a, 0x0b],
  [0x0d, 0x0e],
  [0x2028, 0x202a],
]);

export const WORD_UNITS: CodeUnitSet = WORD;

type Escape = 'digit' | 'space' | 'word';
const ESCAPE_SETS: Record<Escape, CodeUnitSet> = { digit: DIGITS, space: WHITE_SPACE, word: WORD };

export type MatchingNode = AST.Character | AST.CharacterClass | AST.CharacterSet;

/** The members of a node before case folding: what the node lists. */
function members(node: MatchingNode | AST.CharacterClassElement): CodeUnitSet {
  switch (node.type) {
    case 'Character':
      return rangeSet(node.value, node.value);
    case 'CharacterClassRange':
      return rangeSet(node.min.value, node.max.value);
    case 'CharacterSet':
      if (node.kind === 'any') return complementSet(LINE_TERMINATORS);
      if (node.kind === 'property') throw new Error('property escapes exist only in unicode mode');
      return node.negate ? complementSet(ESCAPE_SETS[node.kind]) : ESCAPE_SETS[node.kind];
    case 'CharacterClass':
      return unionSets(
        node.elements.map((element) => members(element as AST.CharacterClassElement)),
      );
    default:
      throw new Error(`unexpected class element ${node.type}`);
  }
}

/** The canonical units a text unit must fold to for the node to match it. */
export function matchedCanonicalUnits(node: MatchingNode): CodeUnitSet {
  // `.` excludes only line terminators, which no other unit folds to: no folding needed
  if (node.type === 'CharacterSet' && node.kind === 'any') return members(node);
  const image = canonicalImage(members(node));
  return node.type === 'CharacterClass' && node.negate ? complementSet(image) : image;
}
