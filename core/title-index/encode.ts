// Build time: the title search index of the distinct titles (title number = position).
// Titles are stored canonicalized (case folded as the `i` flag folds) as small symbol numbers,
// in sorted order so that a title shares its start with the one before it (the scan resumes
// there), with the titles that hold each symbol and each trigram (Russ Cox's trigram index).
import { canonicalTable } from './canonical-case.ts';
import { encodePostings } from './encode-postings.ts';
import { alignTo, packSections } from '../packed-lists.ts';
import { gramKey, HEADER, HEADER_WORDS, INDEX_MAGIC, MAX_RESUME_QUAD } from './layout.ts';

export function encodeTitleSearchIndex(titles: readonly string[]): Uint8Array {
  const canonical = canonicalTable();
  const folded = titles.map((title) => {
    const units = new Uint16Array(title.length);
    for (let i = 0; i < title.length; i++) units[i] = canonical[title.charCodeAt(i)]!;
    return units;
  });
  const symbolOfUnit = new Int32Array(0x10000);
  for (const units of folded) for (const unit of units) symbolOfUnit[unit] = 1;
  const symbolUnits = [0];
  for (let unit = 0; unit < 0x10000; unit++)
    if (symbolOfUnit[unit]) symbolOfUnit[unit] = symbolUnits.push(unit) - 1;
  const symbolCount = symbolUnits.length - 1;
  const symbols = folded.map((units) => Int32Array.from(units, (unit) => symbolOfUnit[unit]!));

  const order = sortedOrder(folded);
  const sortedStart = new Uint32Array(titles.length + 1);
  order.forEach((t, p) => (sortedStart[p + 1] = sortedStart[p]! + alignTo(titles[t]!.length, 4)));
  const text =
    symbolCount > 255
      ? new Uint16Array(sortedStart[titles.length]!)
      : new Uint8Array(sortedStart[titles.length]!);
  const resumeQuad = new Uint16Array(titles.length);
  order.forEach((t, p) => {
    text.set(symbols[t]!, sortedStart[p]!);
    if (p > 0)
      resumeQuad[p] = Math.min(
        MAX_RESUME_QUAD,
        commonPrefix(folded[order[p - 1]!]!, folded[t]!) >> 2,
      );
  });

  const grams = new Map<number, number[]>();
  symbols.forEach((titleSymbols, t) => {
    for (const key of titleGrams(symbolCount, titleSymbols)) {
      const list = grams.get(key);
      if (list) list.push(t);
      else grams.set(key, [t]);
    }
  });
  const keys = Float64Array.from(grams.keys()).sort();
  const postings = encodePostings(titles.length, keys, grams);
  const longestQuads = titles.reduce(
    (longest, title) => Math.max(longest, alignTo(title.length, 4) / 4),
    0,
  );
  const titlePosition = new Uint32Array(titles.length);
  order.forEach((t, p) => (titlePosition[t] = p));
  const shared = resumeQuad.reduce((sum, quads) => sum + quads, 0);
  return assemble(titles.length, symbolCount, text, longestQuads, text.length / 4 - shared, [
    ['symbolUnits', Uint16Array.from(symbolUnits)],
    ['sortedTitle', Uint32Array.from(order)],
    ['titlePosition', titlePosition],
    ['sortedStart', sortedStart],
    ['resumeQuad', resumeQuad],
    ['text', text],
    ['gramKeys', keys],
    ['gramStart', postings.starts],
    ['gramKinds', postings.kinds],
    ['postings', postings.bytes],
  ]);
}

function sortedOrder(folded: Uint16Array[]): number[] {
  const keys = folded.map((units) => {
    let key = '';
    for (let i = 0; i < units.length; i += 8192)
      key += String.fromCharCode(...units.subarray(i, i + 8192));
    return key;
  });
  return keys
    .map((_, t) => t)
    .sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
}

function commonPrefix(a: Uint16Array, b: Uint16Array): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

function titleGrams(symbolCount: number, symbols: Int32Array): Set<number> {
  const keys = new Set<number>(symbols);
  for (let i = 0; i + 3 <= symbols.length; i++)
    keys.add(gramKey(symbolCount, [symbols[i]!, symbols[i + 1]!, symbols[i + 2]!]));
  return keys;
}

type Section = readonly [keyof typeof HEADER, ArrayBufferView];

function assemble(
  titleCount: number,
  symbolCount: number,
  text: Uint8Array | Uint16Array,
  longestQuads: number,
  unsharedQuads: number,
  sections: Section[],
): Uint8Array {
  const { bytes, header, offsets } = packSections(
    HEADER_WORDS,
    sections.map(([, data]) => data),
  );
  header[HEADER.magic] = INDEX_MAGIC;
  header[HEADER.titleCount] = titleCount;
  header[HEADER.symbolCount] = symbolCount;
  header[HEADER.textUnitBytes] = text.BYTES_PER_ELEMENT;
  header[HEADER.textLength] = text.length;
  header[HEADER.totalBytes] = bytes.length;
  header[HEADER.longestQuads] = longestQuads;
  header[HEADER.unsharedQuads] = unsharedQuads;
  sections.forEach(([name, data], i) => {
    header[HEADER[name]] = offsets[i]!;
    if (name === 'gramKeys') header[HEADER.gramCount] = (data as Float64Array).length;
    if (name === 'postings') header[HEADER.postingsLength] = data.byteLength;
  });
  return bytes;
}
