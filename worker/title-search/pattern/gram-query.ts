// What every matching title must contain, as an AND/OR query of grams (trigrams, or single
// units for strings shorter than three), after Russ Cox, "Regular Expression Matching with a
// Trigram Index" (https://swtch.com/~rsc/regexp/regexp4.html). Strings are canonical code units.

export type GramQuery =
  { op: 'all' } | { op: 'gram'; units: string } | { op: 'and' | 'or'; parts: GramQuery[] };

export const ALL: GramQuery = { op: 'all' };

/** At most this many trigrams are asked of one string (evenly spread, first and last kept). */
const MAX_GRAMS_PER_STRING = 12;

export function and(...parts: GramQuery[]): GramQuery {
  const flat: GramQuery[] = [];
  for (const part of parts) {
    if (part.op === 'all') continue;
    if (part.op === 'and') flat.push(...part.parts);
    else flat.push(part);
  }
  const unique = dedupe(flat);
  return unique.length === 0
    ? ALL
    : unique.length === 1
      ? unique[0]!
      : { op: 'and', parts: unique };
}

export function or(...parts: GramQuery[]): GramQuery {
  const flat: GramQuery[] = [];
  for (const part of parts) {
    if (part.op === 'all') return ALL;
    if (part.op === 'or') flat.push(...part.parts);
    else flat.push(part);
  }
  const unique = dedupe(flat);
  return unique.length === 1 ? unique[0]! : { op: 'or', parts: unique };
}

function dedupe(parts: GramQuery[]): GramQuery[] {
  const seen = new Map<string, GramQuery>();
  for (const part of parts) seen.set(keyOf(part), part);
  return [...seen.values()];
}

/** A text that two queries share exactly when they are the same. */
function keyOf(query: GramQuery): string {
  if (query.op === 'gram') return `${query.units.length}:${query.units}`; // any unit, read by length
  if (query.op === 'all') return '*';
  return `${query.op}(${query.parts.map(keyOf).join(',')})`;
}

/**
 * Every title holding one of `strings` holds all grams of that string: OR of ANDs. A string that
 * holds another of them is left out: a title holding it holds the other (`kecamatan` or
 * `jumlahkecamatan` is `kecamatan`), so the query means the same with fewer lists to read.
 */
export function gramsOfStrings(strings: readonly string[]): GramQuery {
  const distinct = [...new Set(strings)];
  const shortest = distinct.filter(
    (text) => !distinct.some((other) => other !== text && text.includes(other)),
  );
  return or(...shortest.map(gramsOfString));
}

function gramsOfString(text: string): GramQuery {
  if (text.length === 0) return ALL;
  if (text.length < 3)
    return and(
      ...Array.from(new Set(text.split('')), (unit) => ({ op: 'gram' as const, units: unit })),
    );
  const starts = Array.from({ length: text.length - 2 }, (_, i) => i);
  const chosen =
    starts.length <= MAX_GRAMS_PER_STRING
      ? starts
      : Array.from(
          { length: MAX_GRAMS_PER_STRING },
          (_, i) => starts[Math.round((i * (starts.length - 1)) / (MAX_GRAMS_PER_STRING - 1))]!,
        );
  return and(...chosen.map((i) => ({ op: 'gram' as const, units: text.slice(i, i + 3) })));
}
