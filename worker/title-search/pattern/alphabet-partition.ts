// Splits the code units into classes that every set of the pattern treats alike, so the
// automaton has one column per class instead of one per code unit.
import { UNIT_LIMIT, type CodeUnitSet } from './code-unit-set.ts';

export interface AlphabetPartition {
  classCount: number;
  /** Interval i is [starts[i], starts[i+1]) (the last one ends at 0x10000); its class. */
  starts: Uint32Array;
  intervalClass: Uint16Array;
  /** [set][class]: 1 when the set holds the class. */
  setHoldsClass: Uint8Array[];
}

export function partitionAlphabet(sets: readonly CodeUnitSet[]): AlphabetPartition {
  const cuts = new Set<number>([0]);
  for (const set of sets) for (const bound of set) if (bound < UNIT_LIMIT) cuts.add(bound);
  const starts = Uint32Array.from(cuts).sort();
  const cursor = new Array<number>(sets.length).fill(0);
  const classOfSignature = new Map<string, number>();
  const intervalClass = new Uint16Array(starts.length);
  const signatures: boolean[][] = [];
  for (let i = 0; i < starts.length; i++) {
    const unit = starts[i]!;
    const inSets = sets.map((set, s) => {
      while (cursor[s]! < set.length && set[cursor[s]! + 1]! <= unit) cursor[s] = cursor[s]! + 2;
      return cursor[s]! < set.length && set[cursor[s]!]! <= unit;
    });
    const signature = inSets.map((held) => (held ? '1' : '0')).join('');
    let classId = classOfSignature.get(signature);
    if (classId === undefined) {
      classOfSignature.set(signature, (classId = signatures.length));
      signatures.push(inSets);
    }
    intervalClass[i] = classId;
  }
  const setHoldsClass = sets.map((_, s) =>
    Uint8Array.from(signatures, (inSets) => (inSets[s] ? 1 : 0)),
  );
  return { classCount: signatures.length, starts, intervalClass, setHoldsClass };
}

export function classOfUnit(partition: AlphabetPartition, unit: number): number {
  const { starts } = partition;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= unit) low = mid;
    else high = mid - 1;
  }
  return partition.intervalClass[low]!;
}
