// What a pull has done so far: read by the progress line and the summary.
import type { TransferStats } from './source-client.ts';

export type PullMode = 'paging' | 'per-data-source';

export interface PullStats {
  mode?: PullMode;
  elements: number;
  /** Known in paging mode: the source's X-Total-Count. */
  expectedElements?: number;
  elementFiles: number;
  /** Per-data-source mode: elements a data source's answer held that belong to another one. */
  skippedForeign: number;
  transfer: TransferStats;
  startedAt: number;
}
