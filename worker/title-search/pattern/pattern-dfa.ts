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
  type Nfa,
} from './nfa-closure.ts';

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
  /**
   * The state of a kernel (ascending node numbers, below 0x10000; every kernel holds the entry),
   * made when new.
   */
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
  const mark = new Int32Array(nfa.kind.length);
  let stamp = 0;
  /** The next kernel: the entry (unanchored: a match may start anywhere) and the targets, sorted. */
  const kernelOf = (entryTargets: readonly number[], restTargets: readonly number[] = []) => {
    stamp++;
    const next: number[] = [nfa.entry];
    mark[nfa.entry] = stamp;
    for (const list of [entryTargets, restTargets]) {
      for (const node of list) {
        if (mark[node] === stamp) continue;
        next.push(node);
        mark[node] = stamp;
      }
    }
    return next.sort(ascending);
  };
  // Every kernel holds the entry, whose closure spans every top-level alternative: what it
  // contributes is worked out once per context, and a class that nothing else in a state moves
  // on goes where the entry alone leads (the most common case by far).
  const entryParts = new Map<number, EntryPart>();
  const entryPart = (after: number, before: number): EntryPart => {
    const key = after * 3 + before;
    let part = entryParts.get(key);
    if (part) return part;
    const closure = close(Int32Array.of(nfa.entry), after, before);
    const found: number[][] = Array.from({ length: classCount }, () => []);
    for (const node of closure.units)
      for (const c of classesOfSet[nfa.argument[node]!]!) found[c]!.push(nfa.next[node]!);
    const units = new Uint8Array(nfa.kind.length);
    for (const node of closure.units) units[node] = 1;
    part = {
      accepts: closure.accepts,
      units,
      unitCount: closure.units.length,
      next: found.map((targets) => (targets.length === 0 ? undefined : kernelOf(targets))),
      target: new Int32Array(classCount).fill(-1),
    };
    entryParts.set(key, part);
    return part;
  };
  // without $ or \b, what follows a position never matters: one closure (the one computed as if
  // another unit followed) serves every case, the title end included
  const followingMatters = nfa.usesEnd || nfa.usesWordBoundary;
  const endBefore = followingMatters ? BEFORE_END : BEFORE_OTHER;
  /** What follows the position when the next unit is of class c. */
  const beforeOf = (c: number) =>
    !followingMatters || wordClass[c] === 0 ? BEFORE_OTHER : BEFORE_WORD;
  /** [class] the targets a state's nodes other than the entry add; `restClasses` lists them. */
  const restTargets: number[][] = Array.from({ length: classCount }, () => []);
  const restClasses: number[] = [];
  for (let state = 0; state < kernels.length; state++) {
    const kernel = kernels[state]!;
    const after = previous[state]!;
    const rest = kernel.filter((node) => node !== nfa.entry);
    // the closure of the state's other nodes, once per kind of what follows (the title end's is
    // the same as another unit's when nothing looks at what follows)
    const restClosures: ReturnType<typeof close>[] = [];
    const closeRest = (before: number) => (restClosures[before] ??= close(rest, after, before));
    acceptsAtEnd.push(entryPart(after, endBefore).accepts || closeRest(endBefore).accepts ? 1 : 0);
    for (const c of restClasses) restTargets[c]!.length = 0;
    restClasses.length = 0;
    /** [BEFORE_WORD, BEFORE_OTHER]: whether the closure accepts, given what follows. */
    const acceptsBefore = [false, false];
    for (const before of beforeKinds) {
      const entry = entryPart(after, before);
      const closure = closeRest(before);
      acceptsBefore[before] = entry.accepts || closure.accepts;
      if (acceptsBefore[before]) continue;
      // work is counted as the whole closure's would be: MAX_DFA_WORK decides acceptance
      let unitCount = entry.unitCount;
      for (const node of closure.units) {
        if (entry.units[node] === 1) continue; // its targets are the entry's already
        unitCount++;
        for (const c of classesOfSet[nfa.argument[node]!]!) {
          if (beforeOf(c) !== before) continue;
          if (restTargets[c]!.length === 0) restClasses.push(c);
          restTargets[c]!.push(nfa.next[node]!);
        }
      }
      work += unitCount;
    }
    for (let c = 0; c < classCount; c++) {
      const before = beforeOf(c);
      if (acceptsBefore[before]) {
        transitions.push(MATCHED);
        continue;
      }
      const afterNext = !nfa.usesWordBoundary
        ? AFTER_OTHER
        : wordClass[c]
          ? AFTER_WORD
          : AFTER_OTHER;
      const entry = entryPart(after, before);
      const entryNext = entry.next[c];
      if (restTargets[c]!.length === 0) {
        if (entryNext === undefined) {
          // nothing in progress: the state of a fresh start
          transitions.push((freshStates[afterNext] ??= stateOf([nfa.entry], afterNext)));
          continue;
        }
        work += entryNext.length; // as if its kernel were built again
        if (entry.target[c] === -1) entry.target[c] = stateOf(entryNext, afterNext);
        transitions.push(entry.target[c]!);
        continue;
      }
      const next = kernelOf(entryNext ?? [], restTargets[c]!);
      work += next.length;
      transitions.push(stateOf(next, afterNext));
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

/**
 * What the pattern's entry contributes to a state, given what surrounds the position. `next` and
 * `target` are read only for the classes whose following unit is the part's `before`.
 */
interface EntryPart {
  accepts: boolean;
  /** [node] 1 for the units of its closure. */
  units: Uint8Array;
  unitCount: number;
  /** [class] the kernel the entry alone leads to (sorted, the entry in it), if any. */
  next: (number[] | undefined)[];
  /** [class] that kernel's state once made, else −1. */
  target: Int32Array;
}

export const classOfCodeUnit = (dfa: PatternDfa, unit: number) => classOfUnit(dfa.partition, unit);
