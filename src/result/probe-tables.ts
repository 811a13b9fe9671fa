// The per-key summaries and queue series of a simulation as tidy typed tables (`--by-key-out`, `--series-out`).
import { numberColumn, stringColumn, type ColumnSpec, type ColumnTable } from '../format/column-batch.ts';
import { parseByKey, parseSeries } from './probe-results-read.ts';
import type { LoadResult } from './result-file.ts';

/** Columns of the per-key table: one row per load, arm and key (keys in the result's order). */
export const BY_KEY_SPECS: readonly ColumnSpec[] = [
  { name: 'load', type: 'string', nullable: false },
  { name: 'arm', type: 'string', nullable: false },
  { name: 'key', type: 'string', nullable: false },
  { name: 'count', type: 'int32', nullable: false },
  { name: 'mean_wait_ms', type: 'float64', nullable: false },
  { name: 'mean_latency_ms', type: 'float64', nullable: false },
];

/** Columns of the series table: one row per load, arm, sample and level (busy repeats over a sample's levels). */
export const SERIES_SPECS: readonly ColumnSpec[] = [
  { name: 'load', type: 'string', nullable: false },
  { name: 'arm', type: 'string', nullable: false },
  { name: 'sample', type: 'int32', nullable: false },
  { name: 'at_ms', type: 'float64', nullable: false },
  { name: 'level', type: 'int8', nullable: false },
  { name: 'waiting', type: 'int32', nullable: false },
  { name: 'promoted_share', type: 'float64', nullable: false },
  { name: 'busy', type: 'int32', nullable: false },
];

/** The `by_key` of every load and arm of `results` (as the result file holds them) as one table; arms without one add no rows. */
export function byKeyTable(results: Readonly<Record<string, LoadResult>>): ColumnTable {
  const cols: { load: string[]; arm: string[]; key: string[]; count: number[]; wait: number[]; latency: number[] } = { load: [], arm: [], key: [], count: [], wait: [], latency: [] };
  for (const [load, lr] of Object.entries(results)) {
    for (const [arm, ar] of Object.entries(lr.arms)) {
      const keys = parseByKey(ar['by_key'], `results.${load}.arms.${arm}.by_key`, []);
      for (const [key, k] of Object.entries(keys ?? {})) {
        cols.load.push(load);
        cols.arm.push(arm);
        cols.key.push(key);
        cols.count.push(k.count);
        cols.wait.push(k.meanWaitMs);
        cols.latency.push(k.meanLatencyMs);
      }
    }
  }
  return {
    specs: BY_KEY_SPECS,
    batch: {
      rows: cols.load.length,
      columns: [stringColumn(cols.load), stringColumn(cols.arm), stringColumn(cols.key), numberColumn('int32', cols.count), numberColumn('float64', cols.wait), numberColumn('float64', cols.latency)],
    },
  };
}

/** The `series` of every load and arm of `results` as one long table (levels 0 … L − 1 per sample). */
export function seriesTable(results: Readonly<Record<string, LoadResult>>): ColumnTable {
  const load: string[] = [], arm: string[] = [], sample: number[] = [], at: number[] = [], level: number[] = [], waiting: number[] = [], share: number[] = [], busy: number[] = [];
  for (const [l, lr] of Object.entries(results)) {
    for (const [a, ar] of Object.entries(lr.arms)) {
      const s = parseSeries(ar['series'], `results.${l}.arms.${a}.series`, []);
      if (s === null) continue;
      s.atMs.forEach((t, k) => {
        s.waiting.forEach((w, lv) => {
          load.push(l);
          arm.push(a);
          sample.push(k);
          at.push(t);
          level.push(lv);
          waiting.push(w[k]!);
          share.push(s.promotedShare[lv]![k]!);
          busy.push(s.busy[k]!);
        });
      });
    }
  }
  return {
    specs: SERIES_SPECS,
    batch: {
      rows: load.length,
      columns: [stringColumn(load), stringColumn(arm), numberColumn('int32', sample), numberColumn('float64', at), numberColumn('int8', level), numberColumn('int32', waiting), numberColumn('float64', share), numberColumn('int32', busy)],
    },
  };
}
