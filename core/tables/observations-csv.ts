// Observations as CSV (docs/api.md §15): the table CSV's dialect and formula guard, one line per
// observation under the header `year,row,column,value,cell`; `value` written plainly (a dot
// decimal, no grouping), empty where the cell is missing.
import { csvRecord } from './csv.ts';
import { plainDecimal } from './numbers.ts';
import type { Observation } from './observations.ts';

export const OBSERVATION_COLUMNS = ['year', 'row', 'column', 'value', 'cell'] as const;

export function observationsCsv(observations: readonly Observation[]): string {
  return [
    csvRecord(OBSERVATION_COLUMNS),
    ...observations.map(({ year, row, column, cell }) =>
      csvRecord([String(year), row, column, plainDecimal(cell) ?? '', cell]),
    ),
  ].join('');
}
