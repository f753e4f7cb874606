// The pattern's DFA over its alphabet classes, for an unanchored search of one title: built
// whole at compile time (subset construction), so its size, and whether the pattern is
// accepted, depends on the pattern alone. A state is a set of NFA nodes still to be closed,
// plus what the previous unit was (title start, word, other): ^, $, \b and \B are decided when
// the next unit, or the title end, is seen.
import { classOfUnit, partitionAlphabet, type AlphabetPartition } from './alphabet-partition.ts';
import { WORD_UNITS } from './character-sets.ts';
import {
  ACCEPT, ASSERT, AT_END, AT_START, AT_WORD_BOUNDARY, NOT_AT_WORD_BOUNDARY, SPLIT, UNIT, type Nfa,
} from './pattern-nfa.ts';

export const MAX_DFA_STATES = 2000;
export const MAX_DFA_CELLS = 200_000;
/** Transition target meaning: a match ends here, the title matches whatever follows. */
export const MATCHED = -1;

const AFTER_START = 0;
const AFTER_WORD = 1;
const AFTER_OTHER = 2;
const BEFORE_WORD = 0;
const BEFORE_OTHER = 1;
const BEFORE_END = 2;

export interface PatternDfa {
  partition: AlphabetPartition;
  classCount: number;
  stateCount: number;
  /** [state * classCount + class]: next state, or MATCHED. State 0 is the title start. */
  transitions: Int32Array;
  /** 1 when a match ends at the title end from this state. */
  acceptsAtEnd: Uint8Array;
}

export class DfaTooLarge extends Error {}

export function buildDfa(nfa: Nfa): PatternDfa {
  const sets = nfa.usesWordBoundary ? [...nfa.sets, WORD_UNITS] : nfa.sets;
  const partition = partitionAlphabet(sets);
  const classCount = partition.classCount;
  const wordClass = nfa.usesWordBoundary ? partition.setHoldsClass[sets.length - 1]! : new Uint8Array(classCount);
  const classesOfSet = partition.setHoldsClass;
  const close = closer(nfa);

  const kernels: Int32Array[] = [];
  const previous: number[] = [];
  const stateOfKey = new Map<string, number>();
  const stateOf = (kernel: Int32Array, after: number) => {
    const key = `${after}:${kernel.join(',')}`;
    let state = stateOfKey.get(key);
    if (state === undefined) {
      if (kernels.length >= MAX_DFA_STATES || (kernels.length + 1) * classCount > MAX_DFA_CELLS) throw new DfaTooLarge();
      stateOfKey.set(key, (state = kernels.push(kernel) - 1));
      previous.push(after);
    }
    return state;
  };
  stateOf(Int32Array.of(nfa.entry), AFTER_START);

  const transitions: number[] = [];
  const acceptsAtEnd: number[] = [];
  for (let state = 0; state < kernels.length; state++) {
    const kernel = kernels[state]!;
    const after = previous[state]!;
    acceptsAtEnd.push(close(kernel, after, BEFORE_END).accepts ? 1 : 0);
    const targets: number[][] = Array.from({ length: classCount }, () => []);
    for (const before of [BEFORE_WORD, BEFORE_OTHER]) {
      const closure = close(kernel, after, before);
      for (let c = 0; c < classCount; c++) {
        if ((wordClass[c] === 1) !== (before === BEFORE_WORD)) continue;
        if (closure.accepts) targets[c] = [MATCHED];
        else for (const node of closure.units) if (classesOfSet[nfa.argument[node]!]![c]) targets[c]!.push(nfa.next[node]!);
      }
    }
    for (let c = 0; c < classCount; c++) {
      const target = targets[c]!;
      if (target[0] === MATCHED) {
        transitions.push(MATCHED);
        continue;
      }
      target.push(nfa.entry); // unanchored: a match may start at every position
      const kernelNext = Int32Array.from(new Set(target)).sort();
      const afterNext = !nfa.usesWordBoundary ? AFTER_OTHER : wordClass[c] ? AFTER_WORD : AFTER_OTHER;
      transitions.push(stateOf(kernelNext, afterNext));
    }
  }
  return {
    partition,
    classCount,
    stateCount: kernels.length,
    transitions: Int32Array.from(transitions),
    acceptsAtEnd: Uint8Array.from(acceptsAtEnd),
  };
}

export const classOfCodeUnit = (dfa: PatternDfa, unit: number) => classOfUnit(dfa.partition, unit);

/** Epsilon closure of a kernel, given the units on both sides of the position. */
function closer(nfa: Nfa) {
  const seen = new Int32Array(nfa.kind.length);
  let stamp = 0;
  return (kernel: Int32Array, after: number, before: number) => {
    stamp++;
    const units: number[] = [];
    let accepts = false;
    const stack = Array.from(kernel);
    while (stack.length > 0) {
      const node = stack.pop()!;
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
          stack.push(nfa.alternative[node]!, nfa.next[node]!);
          break;
        case ASSERT:
          if (holds(nfa.argument[node]!, after, before)) stack.push(nfa.next[node]!);
          break;
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
