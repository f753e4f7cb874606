// Epsilon closure of a set of NFA nodes at one position of a title, given what is on both sides
// of it (title start or end, a word unit or another): ^, $, \b and \B are decided here. The node
// kinds live in this module so the hot loop reads plain local constants.
import type { CodeUnitSet } from './code-unit-set.ts';

export const UNIT = 0;
export const SPLIT = 1;
export const ASSERT = 2;
export const ACCEPT = 3;

export const AT_START = 0;
export const AT_END = 1;
export const AT_WORD_BOUNDARY = 2;
export const NOT_AT_WORD_BOUNDARY = 3;

/** What precedes a position: the title start, a word unit (\w) or another unit. */
export const AFTER_START = 0;
export const AFTER_WORD = 1;
export const AFTER_OTHER = 2;
/** What follows it: a word unit, another unit, or the title end. */
export const BEFORE_WORD = 0;
export const BEFORE_OTHER = 1;
export const BEFORE_END = 2;

/** A Thompson NFA (pattern-nfa.ts builds it); node kinds as above. */
export interface Nfa {
  kind: number[];
  /** UNIT: index into `sets`; ASSERT: AT_START…NOT_AT_WORD_BOUNDARY. */
  argument: number[];
  next: number[];
  /** SPLIT only: the other branch. */
  alternative: number[];
  /** Canonical units each distinct UNIT set matches. */
  sets: CodeUnitSet[];
  entry: number;
  usesWordBoundary: boolean;
  /** Whether some node asserts ^ (else what precedes a position never matters) or $. */
  usesStart: boolean;
  usesEnd: boolean;
}

interface Closure {
  units: number[];
  accepts: boolean;
}

/**
 * Epsilon closure of a kernel, given the units on both sides of the position: the union of its
 * nodes' closures, each computed once (every state's kernel holds the pattern's entry, whose
 * closure spans all top-level alternatives).
 */
export function closer(nfa: Nfa) {
  const seen = new Int32Array(nfa.kind.length);
  const stack = new Int32Array(nfa.kind.length * 2 + 2);
  let stamp = 0;
  const memo = new Map<number, Closure>();
  const closeNode = (start: number, after: number, before: number): Closure => {
    stamp++;
    const units: number[] = [];
    let accepts = false;
    stack[0] = start;
    let depth = 1;
    while (depth > 0) {
      const node = stack[--depth]!;
      if (seen[node] === stamp) continue;
      seen[node] = stamp;
      switch (nfa.kind[node]) {
        case UNIT:
          units.push(node);
          break;
        case ACCEPT:
          accepts = true;
          break;
        case SPLIT:
          stack[depth++] = nfa.alternative[node]!;
          stack[depth++] = nfa.next[node]!;
          break;
        case ASSERT:
          if (holds(nfa.argument[node]!, after, before)) stack[depth++] = nfa.next[node]!;
          break;
      }
    }
    return { units, accepts };
  };
  const mark = new Int32Array(nfa.kind.length);
  let union = 0;
  return (kernel: Int32Array, after: number, before: number): Closure => {
    union++;
    const units: number[] = [];
    let accepts = false;
    for (const node of kernel) {
      const key = node * 9 + after * 3 + before;
      let closure = memo.get(key);
      if (!closure) memo.set(key, (closure = closeNode(node, after, before)));
      accepts ||= closure.accepts;
      for (const unit of closure.units) {
        if (mark[unit] === union) continue;
        units.push(unit);
        mark[unit] = union;
      }
    }
    return { units, accepts };
  };
}

function holds(assertion: number, after: number, before: number): boolean {
  const wordBefore = after === AFTER_WORD;
  const wordAfter = before === BEFORE_WORD;
  switch (assertion) {
    case AT_START:
      return after === AFTER_START;
    case AT_END:
      return before === BEFORE_END;
    case AT_WORD_BOUNDARY:
      return wordBefore !== wordAfter;
    case NOT_AT_WORD_BOUNDARY:
      return wordBefore === wordAfter;
    default:
      return false;
  }
}
