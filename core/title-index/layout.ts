// The bytes of a title search index: a header of 20 little-endian Uint32 words, then sections,
// each starting at a multiple of 8 bytes so the Worker reads them as typed-array views in place.
//
//   symbolUnits  Uint16[S+1]   canonical code unit of each symbol; symbol 0 pads titles
//   sortedTitle  Uint32[T]     title number at each position of the titles' sorted order
//   titlePosition Uint32[T]    the sorted position of each title (sortedTitle inverted)
//   sortedStart  Uint32[T+1]   where the title at sorted position p starts in text (a multiple of 4)
//   resumeQuad   Uint16[T]     whole groups of four symbols it shares with the title before it
//   text         Uint8 or Uint16 (S > 255) symbols: canonicalized titles in sorted order, each
//                padded with symbol 0 to a multiple of 4 so four symbols read as one Int32
//   gramKeys     Float64[G]    sorted keys: a symbol s (unigram), or S+1 + (a·(S+1) + b)·(S+1) + c
//                              for the trigram abc
//   gramStart    Uint32[G+1]   byte offset of each gram's titles in postings
//   gramKinds    Uint8[G]      0: ascending title numbers as LEB128 gaps; 1: a bitmap of T bits
//                              from the next multiple of 4 on (read as little-endian Int32 words)
//   postings     Uint8[]

export const INDEX_MAGIC = 0x32495354; // "TSI2"
export const HEADER_WORDS = 20;
export const MAX_RESUME_QUAD = 0xffff;

export const HEADER = {
  magic: 0,
  titleCount: 1,
  symbolCount: 2,
  textUnitBytes: 3,
  gramCount: 4,
  symbolUnits: 5,
  sortedTitle: 6,
  sortedStart: 7,
  resumeQuad: 8,
  text: 9,
  textLength: 10,
  gramKeys: 11,
  gramStart: 12,
  gramKinds: 13,
  postings: 14,
  postingsLength: 15,
  totalBytes: 16,
  /** The most groups of four symbols one title takes. */
  longestQuads: 17,
  titlePosition: 18,
  /** Groups of four symbols a scan of every title reads (shared starts are read once). */
  unsharedQuads: 19,
} as const;

// lists of titles are stored as the word index's are (core/packed-lists.ts)
export { alignTo, LIST_BITMAP, LIST_GAPS } from '../packed-lists.ts';

/** The key of a gram of symbols (one symbol, or three), given the number of symbols S. */
export function gramKey(symbolCount: number, symbols: readonly number[]): number {
  if (symbols.length === 1) return symbols[0]!;
  const base = symbolCount + 1;
  return base + (symbols[0]! * base + symbols[1]!) * base + symbols[2]!;
}
