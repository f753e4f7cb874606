// Which states of a DFA already decide a title, given the symbols titles actually hold: a
// state from which no match can follow (dead), and one from which every continuation matches
// (sure, e.g. after `a` in `a\w*`). The scan stops reading a title at either.
import { MATCHED } from '../pattern/pattern-dfa.ts';

/** A code no match can follow from; beside MATCHED, the other state that decides a title. */
export const DEAD = -2;

export interface ColumnDfa {
  stateCount: number;
  columnCount: number;
  /** [state * columnCount + column]: next state or MATCHED; column 0 is ignored here. */
  next: Int32Array;
  acceptsAtEnd: Uint8Array;
}

export function decidedStates(dfa: ColumnDfa): { dead: Uint8Array; sure: Uint8Array } {
  const { stateCount, columnCount, next, acceptsAtEnd } = dfa;
  const predecessors: number[][] = Array.from({ length: stateCount }, () => []);
  for (let s = 0; s < stateCount; s++) {
    for (let c = 1; c < columnCount; c++) {
      const target = next[s * columnCount + c]!;
      if (target >= 0) predecessors[target]!.push(s);
    }
  }

  // live: a match can still follow
  const live = new Uint8Array(stateCount);
  const work: number[] = [];
  for (let s = 0; s < stateCount; s++) {
    let reachesMatch = acceptsAtEnd[s] === 1;
    for (let c = 1; c < columnCount && !reachesMatch; c++)
      reachesMatch = next[s * columnCount + c] === MATCHED;
    if (reachesMatch) {
      live[s] = 1;
      work.push(s);
    }
  }
  while (work.length > 0) {
    for (const p of predecessors[work.pop()!]!) {
      if (!live[p]) {
        live[p] = 1;
        work.push(p);
      }
    }
  }

  // sure: accepts at the end, and every symbol leads to a match or another sure state
  const sure = new Uint8Array(stateCount);
  for (let s = 0; s < stateCount; s++) sure[s] = acceptsAtEnd[s]!;
  for (let s = 0; s < stateCount; s++) if (!sure[s]) work.push(s);
  while (work.length > 0) {
    for (const p of predecessors[work.pop()!]!) {
      if (sure[p]) {
        sure[p] = 0;
        work.push(p);
      }
    }
  }
  const dead = live.map((isLive) => 1 - isLive);
  return { dead, sure };
}
