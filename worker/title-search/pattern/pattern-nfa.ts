// A Thompson NFA of the pattern: nodes that match one code unit, split, assert a position
// (^ $ \b \B) or accept. Counted repetitions are expanded, so the node count is capped.
import type { AST } from '@eslint-community/regexpp';
import { matchedCanonicalUnits } from './character-sets.ts';
import type { CodeUnitSet } from './code-unit-set.ts';
import {
  ACCEPT,
  ASSERT,
  AT_END,
  AT_START,
  AT_WORD_BOUNDARY,
  NOT_AT_WORD_BOUNDARY,
  SPLIT,
  UNIT,
  type Nfa,
} from './nfa-closure.ts';

export const MAX_NFA_NODES = 3000;

export class PatternTooLarge extends Error {}

export function buildNfa(pattern: AST.Pattern): Nfa {
  const nfa: Nfa = {
    kind: [],
    argument: [],
    next: [],
    alternative: [],
    sets: [],
    entry: 0,
    usesWordBoundary: false,
    usesStart: false,
    usesEnd: false,
  };
  const setIds = new Map<string, number>();
  const add = (kind: number, argument: number, next: number, alternative = -1) => {
    if (nfa.kind.length >= MAX_NFA_NODES) throw new PatternTooLarge();
    nfa.kind.push(kind);
    nfa.argument.push(argument);
    nfa.next.push(next);
    nfa.alternative.push(alternative);
    return nfa.kind.length - 1;
  };
  const setId = (set: CodeUnitSet) => {
    const key = set.join(',');
    let id = setIds.get(key);
    if (id === undefined) setIds.set(key, (id = nfa.sets.push(set) - 1));
    return id;
  };

  /** Compiles `alternatives` so that a match of one of them continues at `next`. */
  const alternation = (alternatives: readonly AST.Alternative[], next: number): number => {
    let entry = sequence(alternatives[alternatives.length - 1]!.elements, next);
    for (let i = alternatives.length - 2; i >= 0; i--)
      entry = add(SPLIT, 0, sequence(alternatives[i]!.elements, next), entry);
    return entry;
  };
  const sequence = (elements: readonly AST.Element[], next: number): number => {
    let entry = next;
    for (let i = elements.length - 1; i >= 0; i--) entry = element(elements[i]!, entry);
    return entry;
  };
  const element = (node: AST.Element, next: number): number => {
    switch (node.type) {
      case 'Character':
      case 'CharacterClass':
      case 'CharacterSet':
        return add(UNIT, setId(matchedCanonicalUnits(node)), next);
      case 'Group':
      case 'CapturingGroup':
        return alternation(node.alternatives, next);
      case 'Quantifier':
        return repetition(node, next);
      case 'Assertion':
        return assertion(node, next);
      default:
        throw new Error(`unsupported node ${node.type}`);
    }
  };
  const assertion = (node: AST.Assertion, next: number): number => {
    if (node.kind === 'start') {
      nfa.usesStart = true;
      return add(ASSERT, AT_START, next);
    }
    if (node.kind === 'end') {
      nfa.usesEnd = true;
      return add(ASSERT, AT_END, next);
    }
    if (node.kind === 'word') {
      nfa.usesWordBoundary = true;
      return add(ASSERT, node.negate ? NOT_AT_WORD_BOUNDARY : AT_WORD_BOUNDARY, next);
    }
    throw new Error('lookaround is refused before the NFA is built');
  };
  /** x{min,max}: min copies, then max−min optional ones (or a loop when max is ∞). */
  const repetition = (node: AST.Quantifier, next: number): number => {
    let entry = next;
    if (node.max === Infinity) {
      const loop = add(SPLIT, 0, -1, next);
      nfa.next[loop] = element(node.element, loop);
      entry = loop;
    } else {
      for (let i = node.min; i < node.max; i++)
        entry = add(SPLIT, 0, element(node.element, entry), next);
    }
    for (let i = 0; i < node.min; i++) entry = element(node.element, entry);
    return entry;
  };

  const accept = add(ACCEPT, 0, -1);
  nfa.entry = alternation(pattern.alternatives, accept);
  return nfa;
}
