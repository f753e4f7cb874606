// The pattern's DFA over its alphabet classes, for an unanchored search of one title: built
// whole at compile time (subset construction), so its size, and whether the pattern is
// accepted, depends on the pattern alone. A state is a set of NFA nodes still to be closed,
// plus what the previous unit was (title start, word, other): ^, $, \b and \B are decided when
// the next unit, or the title end, is seen.
import { classOfUnit, partitionAlphabet, type AlphabetPartition } from './alphabet-partition.ts';
import { WORD_UNITS } from './character-sets.ts';
import {
  AFTER_OTHER,
  AFTER_START,
  AFTER_WORD,
  BEFORE_END,
  BEFORE_OTHER,
  BEFORE_WORD,
  closer,
} from './nfa-closure.ts';
import type { Nfa } from './pattern-nfa.ts';

export const MAX_DFA_STATES = 1000;
export const MAX_DFA_CELLS = 100_000;
/** NFA nodes visited over the whole construction: bounds its work, hence compile time. */
export const MAX_DFA_WORK = 20_000;
/** Transition target meaning: a match ends here, the title matches whatever follows. */
export const MATCHED = -1;

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
  const wordClass = nfa.usesWordBoundary
    ? partition.setHoldsClass[sets.length - 1]!
    : new Uint8Array(classCount);
  const classesOfSet = partition.setHoldsClass.map((holds) => {
    const classes: number[] = [];
    holds.forEach((held, c) => held && classes.push(c));
    return classes;
  });
  const beforeKinds = [BEFORE_WORD, BEFORE_OTHER].filter((before) =>
    wordClass.some((isWord) => (isWord === 1) === (before === BEFORE_WORD)),
  );
  const close = closer(nfa);

  const kernels: Int32Array[] = [];
  const previous: number[] = [];
  const stateOfKey = new Map<string, number>();
  let work = 0;
  /** The state of a kernel (ascending node numbers, below 0x10000), made when new. */
  const stateOf = (kernel: number[], after: number) => {
    const key = String.fromCharCode(after) + String.fromCharCode.apply(null, kernel);
    let state = stateOfKey.get(key);
    if (state === undefined) {
      work += kernel.length;
      const tooLarge =
        kernels.length >= MAX_DFA_STATES || (kernels.length + 1) * classCount > MAX_DFA_CELLS;
      if (tooLarge || work > MAX_DFA_WORK) throw new DfaTooLarge();
      stateOfKey.set(key, (state = kernels.push(Int32Array.from(kernel)) - 1));
      previous.push(after);
    }
    return state;
  };
  // without ^ or \b, what precedes a position never matters: the title start is like any other
  stateOf([nfa.entry], nfa.usesStart || nfa.usesWordBoundary ? AFTER_START : AFTER_OTHER);
  const freshStates: (number | undefined)[] = [];

  const transitions: number[] = [];
  const acceptsAtEnd: number[] = [];
  const targets: number[][] = Array.from({ length: classCount }, () => []);
  const matched = new Uint8Array(classCount);
  const mark = new Int32Array(nfa.kind.length);
  let stamp = 0;
  for (let state = 0; state < kernels.length; state++) {
    const kernel = kernels[state]!;
    const after = previous[state]!;
    // without $ or \b, what follows a position never matters: one closure serves every case
    const shared =
      nfa.usesEnd || nfa.usesWordBoundary ? undefined : close(kernel, after, BEFORE_OTHER);
    acceptsAtEnd.push((shared ?? close(kernel, after, BEFORE_END)).accepts ? 1 : 0);
    for (let c = 0; c < classCount; c++) targets[c]!.length = 0;
    for (const before of beforeKinds) {
      const closure = shared ?? close(kernel, after, before);
      const applies = (c: number) => (wordClass[c] === 1) === (before === BEFORE_WORD);
      for (let c = 0; c < classCount; c++) if (applies(c)) matched[c] = closure.accepts ? 1 : 0;
      if (closure.accepts) continue;
      for (const node of closure.units) {
        for (const c of classesOfSet[nfa.argument[node]!]!)
          if (applies(c)) targets[c]!.push(nfa.next[node]!);
      }
      work += closure.units.length;
    }
    for (let c = 0; c < classCount; c++) {
      if (matched[c]) {
        transitions.push(MATCHED);
        continue;
      }
      const afterNext = !nfa.usesWordBoundary
        ? AFTER_OTHER
        : wordClass[c]
          ? AFTER_WORD
          : AFTER_OTHER;
      const found = targets[c]!;
      if (found.length === 0) {
        // nothing in progress: the state of a fresh start, the most common target by far
        transitions.push((freshStates[afterNext] ??= stateOf([nfa.entry], afterNext)));
        continue;
      }
      stamp++;
      const next: number[] = [nfa.entry]; // unanchored: a match may start at every position
      mark[nfa.entry] = stamp;
      for (const node of found) {
        if (mark[node] === stamp) continue;
        next.push(node);
        mark[node] = stamp;
      }
      work += next.length;
      transitions.push(stateOf(next.sort(ascending), afterNext));
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

const ascending = (a: number, b: number) => a - b;

export const classOfCodeUnit = (dfa: PatternDfa, unit: number) => classOfUnit(dfa.partition, unit);
