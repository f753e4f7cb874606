// Observations as one JSON-stat 2.0 dataset (docs/api.md §15): dimensions year, row and column (in
// that order, ids and labels the observations' strings, year the time dimension), a dense value
// array in row-major order, null where a combination has no observation or its cell is missing.
import type { Observation } from './observations.ts';

/** What the dataset says of the element besides its numbers. */
export interface JsonStatDescription {
  title: string;
  unit: string;
  /** The element's data source's name. */
  source: string;
  /** The element's `modified` time (ISO 8601). */
  updated: string;
  /** The element's page. */
  href: string;
}

interface Category {
  index: string[];
  label: Record<string, string>;
}

/** The distinct values in order of first appearance, with each one's position. */
function categoryOf(values: Iterable<string>): {
  category: Category;
  position: Map<string, number>;
} {
  const position = new Map<string, number>();
  for (const value of values) if (!position.has(value)) position.set(value, position.size);
  const index = [...position.keys()];
  return { category: { index, label: Object.fromEntries(index.map((id) => [id, id])) }, position };
}

/**
 * The dataset. Where two observations share a year, row and column (a table repeating a row
 * label), the first one is the combination's value.
 */
export function observationsJsonStat(
  observations: readonly Observation[],
  description: JsonStatDescription,
) {
  const years = categoryOf(observations.map(({ year }) => String(year)));
  const rows = categoryOf(observations.map(({ row }) => row));
  const columns = categoryOf(observations.map(({ column }) => column));
  const size = [years.position.size, rows.position.size, columns.position.size];
  const value: (number | null)[] = new Array<number | null>(size[0]! * size[1]! * size[2]!).fill(
    null,
  );
  const filled = new Uint8Array(value.length);
  for (const observation of observations) {
    const at =
      (years.position.get(String(observation.year))! * size[1]! +
        rows.position.get(observation.row)!) *
        size[2]! +
      columns.position.get(observation.column)!;
    if (filled[at]) continue;
    filled[at] = 1;
    value[at] = observation.value;
  }
  return {
    version: '2.0',
    class: 'dataset',
    label: description.title,
    source: description.source,
    updated: description.updated,
    href: description.href,
    id: ['year', 'row', 'column'],
    size,
    role: { time: ['year'] },
    dimension: {
      year: { label: 'year', category: years.category },
      row: { label: 'row', category: rows.category },
      column: { label: 'column', category: columns.category },
    },
    value,
    extension: { unit: description.unit },
  };
}
