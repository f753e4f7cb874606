// Fits a pattern's DFA to one index: its classes become columns over the symbols titles hold
// (classes that act alike merged, symbol 0 the padding that changes nothing), decided states
// become MATCHED or DEAD, and when the tables stay small, four or two symbols are taken per step.
import type { TitleSearchIndex } from '../../../core/title-index/decode.ts';
import type { Bitmap } from '../../../core/bitmap.ts';
import { DEAD, decidedStates, type ColumnDfa } from './decided-states.ts';
import { classOfCodeUnit, MATCHED, type PatternDfa } from '../pattern/pattern-dfa.ts';
import { buildMultiSteps, type MultiSteps } from './quad-steps.ts';

export interface BoundDfa {
  /** The start state's code, or MATCHED / DEAD when every title is decided before it is read. */
  start: number;
  columnCount: number;
  /** [symbol] column. */
  columnOfSymbol: Uint16Array;
  /** [code + column]: the next code; a code is state × columnCount, or MATCHED / DEAD. */
  steps: Int32Array;
  /** [state]: 1 when a title ending in that state matches. */
  acceptsAtEnd: Uint8Array;
  /** Tables that take four or two symbols per step, when worth building. */
  multi: MultiSteps | undefined;
}

/** A pattern's binding to an index, kept for the next search of it (memory.ts bounds them). */
export interface KeptBinding {
  bound: BoundDfa;
  /** Groups of four symbols the DFA's tables were sized for (see bindDfa). */
  sizedFor: number;
  /** Titles the gram query lets through (undefined: all), once read for a search of every title. */
  narrowed?: { titles: Bitmap | undefined; count: number };
}

/** What binding reads of an index: its symbols, and whether its text is read four at a time. */
export type IndexAlphabet = Pick<TitleSearchIndex, 'symbolCount' | 'symbolUnits' | 'textWords'>;

/**
 * `expectedQuads`: about how many groups of four symbols the scans will read (sizes the tables).
 */
export function bindDfa(dfa: PatternDfa, index: IndexAlphabet, expectedQuads: number): BoundDfa {
  const columns = mergeColumns(dfa, index);
  const { dead, sure } = decidedStates(columns);
  const { stateCount, columnCount, next } = columns;
  const code = (state: number) =>
    state === MATCHED || sure[state] ? MATCHED : dead[state] ? DEAD : state * columnCount;
  const steps = new Int32Array(stateCount * columnCount);
  for (let s = 0; s < stateCount; s++) {
    steps[s * columnCount] = code(s); // padding
    for (let c = 1; c < columnCount; c++)
      steps[s * columnCount + c] = code(next[s * columnCount + c]!);
  }
  return {
    start: code(0),
    columnCount,
    columnOfSymbol: columns.columnOfSymbol,
    steps,
    acceptsAtEnd: columns.acceptsAtEnd,
    // a table cell or a pair check costs about what eight groups read one symbol at a time save
    multi: index.textWords
      ? buildMultiSteps(stateCount, columnCount, steps, columns.columnOfSymbol, expectedQuads / 8)
      : undefined,
  };
}

/** One column per distinct behaviour among the symbols present; column 0 pads. */
function mergeColumns(
  dfa: PatternDfa,
  index: IndexAlphabet,
): ColumnDfa & { columnOfSymbol: Uint16Array } {
  const { stateCount, classCount, transitions } = dfa;
  const columnOfClass = new Int32Array(classCount).fill(-1);
  /** Columns by a hash of what their class does in every state; equal ones are then compared. */
  const columnsOfHash = new Map<number, number[]>();
  const representative: number[] = [-1];
  const actsAlike = (a: number, b: number) => {
    for (let s = 0; s < stateCount; s++)
      if (transitions[s * classCount + a] !== transitions[s * classCount + b]) return false;
    return true;
  };
  const columnOfSymbol = new Uint16Array(index.symbolCount + 1);
  for (let symbol = 1; symbol <= index.symbolCount; symbol++) {
    const classId = classOfCodeUnit(dfa, index.symbolUnits[symbol]!);
    if (columnOfClass[classId] === -1) {
      let hash = 0;
      for (let s = 0; s < stateCount; s++)
        hash = (Math.imul(hash, 31) + transitions[s * classCount + classId]!) | 0;
      let sameHash = columnsOfHash.get(hash);
      if (!sameHash) columnsOfHash.set(hash, (sameHash = []));
      let column = sameHash.find((c) => actsAlike(representative[c]!, classId));
      if (column === undefined) sameHash.push((column = representative.push(classId) - 1));
      columnOfClass[classId] = column;
    }
    columnOfSymbol[symbol] = columnOfClass[classId]!;
  }
  const columnCount = representative.length;
  const next = new Int32Array(stateCount * columnCount);
  for (let s = 0; s < stateCount; s++) {
    next[s * columnCount] = s;
    for (let c = 1; c < columnCount; c++)
      next[s * columnCount + c] = transitions[s * classCount + representative[c]!]!;
  }
  return { stateCount, columnCount, next, acceptsAtEnd: dfa.acceptsAtEnd, columnOfSymbol };
}
