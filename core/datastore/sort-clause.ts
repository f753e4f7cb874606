// One clause of `sort` as CKAN reads it (ckanext/datastore/backend/__init__.py, _parse_sort_clause:
// `^(.+?)( +(asc|desc))?( nulls +(first|last) *)?$`, case ignored, a field in double quotes
// unquoted). Read from the end by hand: that pattern backtracks quadratically on long runs of
// spaces, and a clause is the client's text.

export interface SortClause {
  field: string;
  descending: boolean;
  /** Where nulls go; Postgres's default is last ascending, first descending. */
  nullsFirst: boolean;
}

const endsWithWord = (text: string, end: number, word: string) =>
  end >= word.length && text.slice(end - word.length, end).toLowerCase() === word;

/** Where the run of spaces ending at `end` starts. */
function spacesStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && text[start - 1] === ' ') start--;
  return start;
}

/** The clause's field, direction and nulls, or undefined when it names no field of `fields`. */
export function parseSortClause(
  clause: unknown,
  fields: ReadonlySet<string>,
): SortClause | undefined {
  if (typeof clause !== 'string' || clause === '') return undefined;
  let end = clause.length;
  // ( nulls +(first|last) *)$ — the field keeps at least one character
  let nulls: 'first' | 'last' | undefined;
  const wordEnd = spacesStart(clause, end);
  for (const word of ['first', 'last'] as const) {
    if (!endsWithWord(clause, wordEnd, word)) continue;
    const wordStart = wordEnd - word.length;
    const gap = spacesStart(clause, wordStart);
    if (gap < wordStart && gap >= 7 && endsWithWord(clause, gap, ' nulls')) {
      nulls = word;
      end = gap - ' nulls'.length;
    }
    break;
  }
  // ( +(asc|desc))? — every space before the word is its own, but the field's first character
  let descending = false;
  for (const word of ['asc', 'desc'] as const) {
    if (!endsWithWord(clause, end, word)) continue;
    const wordStart = end - word.length;
    const gap = Math.max(spacesStart(clause, wordStart), 1);
    if (gap < wordStart) {
      descending = word === 'desc';
      end = gap;
    }
    break;
  }
  let field = clause.slice(0, end);
  if (field.startsWith('"') && field.endsWith('"')) field = field.slice(1, -1);
  if (!fields.has(field)) return undefined;
  return { field, descending, nullsFirst: nulls === undefined ? descending : nulls === 'first' };
}
