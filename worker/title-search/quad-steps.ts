// Four symbols per step: a text word (four byte symbols) is two pairs; pairs of columns that
// act alike on every state share a pair class; one table lookup then moves a state over all
// four. It halves the dependent loads per symbol twice, which is what a DFA loop waits on.
export interface QuadSteps {
  /** [code + firstPair[low16] + secondPair[high16]]: the code after four symbols. */
  table: Int32Array;
  firstPair: Uint16Array;
  secondPair: Uint16Array;
  /** A state's code is state × stride. */
  stride: number;
}

const MAX_TABLE_CELLS = 1 << 16;
const MAX_PAIR_CLASSES = 255;

/**
 * The four-symbol tables, or undefined when building them would cost more than `budget`
 * (table cells and pair checks: the caller's estimate of the steps they would save).
 */
export function buildQuadSteps(
  stateCount: number,
  columnCount: number,
  steps: Int32Array,
  columnOfSymbol: Uint16Array,
  budget: number,
): QuadSteps | undefined {
  if (columnCount * columnCount * stateCount > budget) return undefined;
  // the table holds stateCount × pairs² cells: past this many pair classes it is not worth building
  const mostPairs = Math.min(MAX_PAIR_CLASSES, Math.floor(Math.sqrt(Math.min(MAX_TABLE_CELLS, budget) / stateCount)));
  const step = (code: number, column: number) => (code < 0 ? code : steps[code + column]!);
  const pairOfColumns = new Int32Array(columnCount * columnCount);
  const representatives: [number, number][] = [];
  const pairOfSignature = new Map<string, number>();
  const after = new Uint16Array(stateCount);
  for (let a = 0; a < columnCount; a++) {
    for (let b = 0; b < columnCount; b++) {
      for (let s = 0; s < stateCount; s++) after[s] = step(step(s * columnCount, a), b) + 2; // specials are −1 and −2
      const signature = String.fromCharCode.apply(null, after as unknown as number[]);
      let pair = pairOfSignature.get(signature);
      if (pair === undefined) {
        if (representatives.length >= mostPairs) return undefined;
        pairOfSignature.set(signature, (pair = representatives.push([a, b]) - 1));
      }
      pairOfColumns[a * columnCount + b] = pair;
    }
  }
  const pairCount = representatives.length;
  const stride = pairCount * pairCount;

  const firstPair = new Uint16Array(0x10000);
  const secondPair = new Uint16Array(0x10000);
  for (let first = 0; first < columnOfSymbol.length; first++) {
    for (let second = 0; second < columnOfSymbol.length; second++) {
      const pair = pairOfColumns[columnOfSymbol[first]! * columnCount + columnOfSymbol[second]!]!;
      firstPair[first | (second << 8)] = pair * pairCount;
      secondPair[first | (second << 8)] = pair;
    }
  }
  const quadCode = (code: number) => (code < 0 ? code : (code / columnCount) * stride);
  const applyPair = (code: number, pair: number) => step(step(code, representatives[pair]![0]), representatives[pair]![1]);
  const table = new Int32Array(stateCount * stride);
  for (let s = 0; s < stateCount; s++) {
    for (let p = 0; p < pairCount; p++) {
      const middle = applyPair(s * columnCount, p);
      for (let q = 0; q < pairCount; q++) table[s * stride + p * pairCount + q] = quadCode(applyPair(middle, q));
    }
  }
  return { table, firstPair, secondPair, stride };
}
