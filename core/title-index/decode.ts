// Run time: the index as typed-array views over the bytes read, nothing copied or parsed.
import { HEADER, HEADER_WORDS, INDEX_MAGIC } from './layout.ts';

export interface TitleSearchIndex {
  /** Number of titles. */
  readonly count: number;
  readonly symbolCount: number;
  /** [S+1] canonical code unit of each symbol, ascending from symbol 1 on. */
  readonly symbolUnits: Uint16Array;
  /** [T] title number at each sorted position; [T+1] its text offset; [T] groups of four shared. */
  readonly sortedTitle: Uint32Array;
  readonly sortedStart: Uint32Array;
  readonly resumeQuad: Uint16Array;
  /** [T] the sorted position of each title. */
  readonly titlePosition: Uint32Array;
  readonly longestQuads: number;
  /** Groups of four symbols a scan of every title reads (shared starts are read once). */
  readonly unsharedQuads: number;
  /** The symbols, one per unit (Uint16Array when there are more than 255 symbols). */
  readonly text: Uint8Array | Uint16Array;
  /** The same bytes as Int32 words (four symbols each) and as pairs, when the symbols are bytes. */
  readonly textWords: Int32Array | undefined;
  readonly textPairs: Uint16Array | undefined;
  readonly gramKeys: Float64Array;
  readonly gramStart: Uint32Array;
  readonly gramKinds: Uint8Array;
  readonly postings: Uint8Array;
}

export function decodeTitleSearchIndex(bytes: ArrayBuffer): TitleSearchIndex {
  if (bytes.byteLength < HEADER_WORDS * 4) throw new Error('title search index: too short');
  const header = new Uint32Array(bytes, 0, HEADER_WORDS);
  if (header[HEADER.magic] !== INDEX_MAGIC || header[HEADER.totalBytes] !== bytes.byteLength) {
    throw new Error('title search index: not an index of this layout');
  }
  const field = (name: keyof typeof HEADER) => header[HEADER[name]]!;
  const count = field('titleCount');
  const symbolCount = field('symbolCount');
  const gramCount = field('gramCount');
  const textLength = field('textLength');
  const sortedStart = new Uint32Array(bytes, field('sortedStart'), count + 1);
  const resumeQuad = new Uint16Array(bytes, field('resumeQuad'), count);
  const text =
    field('textUnitBytes') === 1
      ? new Uint8Array(bytes, field('text'), textLength)
      : new Uint16Array(bytes, field('text'), textLength);
  return {
    count,
    symbolCount,
    symbolUnits: new Uint16Array(bytes, field('symbolUnits'), symbolCount + 1),
    sortedTitle: new Uint32Array(bytes, field('sortedTitle'), count),
    titlePosition: new Uint32Array(bytes, field('titlePosition'), count),
    sortedStart,
    resumeQuad,
    longestQuads: field('longestQuads'),
    unsharedQuads: field('unsharedQuads'),
    text,
    textWords:
      text instanceof Uint8Array ? new Int32Array(bytes, field('text'), textLength / 4) : undefined,
    textPairs:
      text instanceof Uint8Array
        ? new Uint16Array(bytes, field('text'), textLength / 2)
        : undefined,
    gramKeys: new Float64Array(bytes, field('gramKeys'), gramCount),
    gramStart: new Uint32Array(bytes, field('gramStart'), gramCount + 1),
    gramKinds: new Uint8Array(bytes, field('gramKinds'), gramCount),
    postings: new Uint8Array(bytes, field('postings'), field('postingsLength')),
  };
}

/** The symbol of a canonical code unit, or 0 when no title holds it. */
export function symbolOfUnit(index: TitleSearchIndex, unit: number): number {
  const units = index.symbolUnits;
  let low = 1;
  let high = units.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (units[mid]! < unit) low = mid + 1;
    else if (units[mid]! > unit) high = mid - 1;
    else return mid;
  }
  return 0;
}
