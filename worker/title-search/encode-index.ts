// Build time: the title search index of the distinct titles (title number = position).
// Titles are stored canonicalized (case folded as the `i` flag folds), as small symbol numbers,
// with the titles that hold each symbol and each trigram of symbols (Russ Cox's trigram index).
import { canonicalTable } from './canonical-case.ts';
import { alignTo, gramKey, HEADER, HEADER_WORDS, INDEX_MAGIC, LIST_BITMAP, LIST_GAPS } from './index-layout.ts';

export function encodeTitleSearchIndex(titles: readonly string[]): Uint8Array {
  const canonical = canonicalTable();
  const symbolOfUnit = new Int32Array(0x10000);
  for (const title of titles) for (let i = 0; i < title.length; i++) symbolOfUnit[canonical[title.charCodeAt(i)]!] = 1;
  const symbolUnits = [0];
  for (let unit = 0; unit < 0x10000; unit++) if (symbolOfUnit[unit]) symbolOfUnit[unit] = symbolUnits.push(unit) - 1;
  const symbolCount = symbolUnits.length - 1;

  const titleStart = new Uint32Array(titles.length + 1);
  for (let t = 0; t < titles.length; t++) titleStart[t + 1] = titleStart[t]! + alignTo(titles[t]!.length, 4);
  const text = symbolCount > 255 ? new Uint16Array(titleStart[titles.length]!) : new Uint8Array(titleStart[titles.length]!);
  const grams = new Map<number, number[]>();
  titles.forEach((title, t) => {
    const symbols = new Array<number>(title.length);
    for (let i = 0; i < title.length; i++) symbols[i] = symbolOfUnit[canonical[title.charCodeAt(i)]!]!;
    text.set(symbols, titleStart[t]!);
    for (const key of titleGrams(symbolCount, symbols)) {
      const list = grams.get(key);
      if (list) list.push(t);
      else grams.set(key, [t]);
    }
  });
  return assemble(titles.length, Uint16Array.from(symbolUnits), titleStart, text, grams);
}

function titleGrams(symbolCount: number, symbols: number[]): Set<number> {
  const keys = new Set<number>(symbols);
  for (let i = 0; i + 3 <= symbols.length; i++) keys.add(gramKey(symbolCount, [symbols[i]!, symbols[i + 1]!, symbols[i + 2]!]));
  return keys;
}

function assemble(
  titleCount: number,
  symbolUnits: Uint16Array,
  titleStart: Uint32Array,
  text: Uint8Array | Uint16Array,
  grams: Map<number, number[]>,
): Uint8Array {
  const keys = Float64Array.from(grams.keys()).sort();
  const postings = encodePostings(titleCount, keys, grams);
  const sections = [
    ['symbolUnits', symbolUnits],
    ['titleStart', titleStart],
    ['text', text],
    ['gramKeys', keys],
    ['gramStart', postings.starts],
    ['gramKinds', postings.kinds],
    ['postings', postings.bytes],
  ] as const;
  let offset = HEADER_WORDS * 4;
  const offsets = sections.map(([, data]) => {
    const at = alignTo(offset, 8);
    offset = at + data.byteLength;
    return at;
  });
  const bytes = new Uint8Array(alignTo(offset, 8));
  const header = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  header[HEADER.magic] = INDEX_MAGIC;
  header[HEADER.titleCount] = titleCount;
  header[HEADER.symbolCount] = symbolUnits.length - 1;
  header[HEADER.textUnitBytes] = text.BYTES_PER_ELEMENT;
  header[HEADER.gramCount] = keys.length;
  header[HEADER.textLength] = text.length;
  header[HEADER.postingsLength] = postings.bytes.length;
  header[HEADER.totalBytes] = bytes.length;
  sections.forEach(([name, data], i) => {
    header[HEADER[name]] = offsets[i]!;
    bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offsets[i]!);
  });
  return bytes;
}

/** Each gram's titles, as LEB128 gaps or as a bitmap, whichever is smaller. */
function encodePostings(titleCount: number, keys: Float64Array, grams: Map<number, number[]>) {
  const bitmapBytes = Math.ceil(titleCount / 32) * 4;
  const starts = new Uint32Array(keys.length + 1);
  const kinds = new Uint8Array(keys.length);
  let out = new Uint8Array(1 << 20);
  let length = 0;
  const reserve = (extra: number) => {
    if (length + extra <= out.length) return;
    const grown = new Uint8Array(Math.max(out.length * 2, length + extra));
    grown.set(out.subarray(0, length));
    out = grown;
  };
  keys.forEach((key, k) => {
    const titles = grams.get(key)!;
    starts[k] = length;
    if (titles.length * 1.2 > bitmapBytes) {
      // the bitmap itself starts at the next multiple of 4: the padding is part of its list
      reserve(bitmapBytes + 3);
      length = alignTo(length, 4);
      kinds[k] = LIST_BITMAP;
      for (const t of titles) out[length + (t >> 3)] = out[length + (t >> 3)]! | (1 << (t & 7));
      length += bitmapBytes;
    } else {
      reserve(titles.length * 5);
      kinds[k] = LIST_GAPS;
      let previous = -1;
      for (const t of titles) {
        for (let gap = t - previous - 1; ; gap >>>= 7) {
          if (gap < 0x80) {
            out[length++] = gap;
            break;
          }
          out[length++] = (gap & 0x7f) | 0x80;
        }
        previous = t;
      }
    }
    starts[k + 1] = length;
  });
  return { starts, kinds, bytes: out.slice(0, length) };
}
