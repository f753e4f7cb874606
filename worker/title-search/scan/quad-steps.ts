// Several symbols per step. Pairs of columns that act alike on every state share a pair class.
// Four at a time: a text word (four byte symbols) is two pairs, and one table lookup moves a
// state over both. Two at a time, when that table would be too big: one lookup per pair. A DFA
// loop waits on its dependent loads; these take one per four, or per two, symbols.
export type MultiSteps = QuadSteps | PairSteps;

export interface QuadSteps {
  kind: 'quad';
  /** [code + firstPair[low16] + secondPair[high16]]: the code after four symbols. */
  table: Int32Array;
  firstPair: Uint16Array;
  secondPair: Uint16Array;
  /** A state's code is state × stride. */
  stride: number;
}

export interface PairSteps {
  kind: 'pair';
  /** [code + pairOf[two symbols]]: the code after them. */
  table: Int32Array;
  pairOf: Uint16Array;
  stride: number;
}

const MAX_TABLE_CELLS = 1 << 16;
const MAX_QUAD_PAIR_CLASSES = 255;

/**
 * The tables, or undefined when building them would cost more than `budget` (table cells and
 * pair checks: the caller's estimate of the steps they would save). `widest` 'pair' stops at
 * two symbols per step (the tests read every way).
 */
export function buildMultiSteps(
  stateCount: number,
  columnCount: number,
  steps: Int32Array,
  columnOfSymbol: Uint16Array,
  budget: number,
  widest: 'quad' | 'pair' = 'quad',
): MultiSteps | undefined {
  const cells = Math.min(MAX_TABLE_CELLS, budget);
  if (columnCount * columnCount * stateCount > budget) return undefined;
  const pairs = pairClasses(stateCount, columnCount, steps, Math.floor(cells / stateCount));
  if (!pairs) return undefined;
  const { representatives, pairOfColumns } = pairs;
  const pairCount = representatives.length;
  const step = (code: number, column: number) => (code < 0 ? code : steps[code + column]!);
  const applyPair = (code: number, pair: number) =>
    step(step(code, representatives[pair]![0]), representatives[pair]![1]);
  const quad =
    widest === 'quad' &&
    pairCount <= MAX_QUAD_PAIR_CLASSES &&
    stateCount * pairCount * pairCount <= cells;
  // indexed by two symbols (first | second << 8); only the symbols titles hold are filled
  const pairOf = new Uint16Array(0x10000);
  const firstPair = new Uint16Array(quad ? 0x10000 : 0);
  for (let first = 0; first < columnOfSymbol.length; first++) {
    for (let second = 0; second < columnOfSymbol.length; second++) {
      const pair = pairOfColumns[columnOfSymbol[first]! * columnCount + columnOfSymbol[second]!]!;
      pairOf[first | (second << 8)] = pair;
      if (quad) firstPair[first | (second << 8)] = pair * pairCount;
    }
  }
  const stride = quad ? pairCount * pairCount : pairCount;
  const recode = (code: number) => (code < 0 ? code : (code / columnCount) * stride);
  const table = new Int32Array(stateCount * stride);
  for (let s = 0; s < stateCount; s++) {
    for (let p = 0; p < pairCount; p++) {
      const middle = applyPair(s * columnCount, p);
      if (!quad) table[s * stride + p] = recode(middle);
      else
        for (let q = 0; q < pairCount; q++)
          table[s * stride + p * pairCount + q] = recode(applyPair(middle, q));
    }
  }
  return quad
    ? { kind: 'quad', table, firstPair, secondPair: pairOf, stride }
    : { kind: 'pair', table, pairOf, stride };
}

/** Pair classes of columns by what two steps do to every state; undefined past `mostPairs`. */
function pairClasses(
  stateCount: number,
  columnCount: number,
  steps: Int32Array,
  mostPairs: number,
) {
  const step = (code: number, column: number) => (code < 0 ? code : steps[code + column]!);
  const pairOfColumns = new Int32Array(columnCount * columnCount);
  const representatives: [number, number][] = [];
  const pairOfSignature = new Map<string, number>();
  const after = new Uint16Array(stateCount);
  for (let a = 0; a < columnCount; a++) {
    for (let b = 0; b < columnCount; b++) {
      for (let s = 0; s < stateCount; s++) {
        const code = step(step(s * columnCount, a), b);
        // a state number; the specials are −1 and −2
        after[s] = code < 0 ? code + 2 : code / columnCount + 2;
      }
      const signature = String.fromCharCode.apply(null, after as unknown as number[]);
      let pair = pairOfSignature.get(signature);
      if (pair === undefined) {
        if (representatives.length >= mostPairs) return undefined;
        pairOfSignature.set(signature, (pair = representatives.push([a, b]) - 1));
      }
      pairOfColumns[a * columnCount + b] = pair;
    }
  }
  return { representatives, pairOfColumns };
}
