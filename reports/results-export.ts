// Every result of a folder as one tidy long table (`hsim export`): trace, load, arm, seed, window, metric, value.
import { replicationOf } from '../analysis/replication-aggregate.ts';
import { numberColumn, stringColumn, type ColumnSpec, type ColumnTable } from '../src/format/column-batch.ts';
import { METRIC_NAMES } from '../src/result/metric-names.ts';
import { sortedLoads, type TraceResults } from './trace-results.ts';

/** The columns of the export: `seed` is null for a plain arm; `window` is `all` or the window's index from 0. */
export const EXPORT_SPECS: readonly ColumnSpec[] = [
  { name: 'trace', type: 'string', nullable: false },
  { name: 'load', type: 'string', nullable: false },
  { name: 'arm', type: 'string', nullable: false },
  { name: 'seed', type: 'int32', nullable: true },
  { name: 'window', type: 'string', nullable: false },
  { name: 'metric', type: 'string', nullable: false },
  { name: 'value', type: 'float64', nullable: true },
];

/**
 * One row per trace, load, arm (a replication `arm#sSEED` as arm and seed), window (`all`, then 0 … W − 1) and metric
 * of SPEC §10 (in METRIC_NAMES order); `value` null where the file wrote null (a non-finite figure). Traces in the
 * given order (their report names), loads as the report sorts them, arms in file order.
 */
export function exportTable(traces: readonly TraceResults[]): ColumnTable {
  const trace: string[] = [], load: string[] = [], arm: string[] = [], window: string[] = [], metric: string[] = [];
  const seed: (number | null)[] = [], value: (number | null)[] = [];
  for (const t of traces) {
    for (const l of sortedLoads(t)) {
      for (const [key, { arm: result }] of t.set.loads.get(l) ?? []) {
        const rep = replicationOf(key);
        const windows: [string, Readonly<Record<string, number>>][] = [['all', result.all], ...result.windows.map((w, i): [string, Readonly<Record<string, number>>] => [String(i), w])];
        for (const [w, metrics] of windows) {
          for (const name of METRIC_NAMES) {
            trace.push(t.name);
            load.push(l);
            arm.push(rep === null ? key : rep.arm);
            seed.push(rep === null ? null : rep.seed);
            window.push(w);
            metric.push(name);
            value.push(metrics[name] ?? null);
          }
        }
      }
    }
  }
  return {
    specs: EXPORT_SPECS,
    batch: {
      rows: trace.length,
      columns: [stringColumn(trace), stringColumn(load), stringColumn(arm), numberColumn('int32', seed), stringColumn(window), stringColumn(metric), numberColumn('float64', value)],
    },
  };
}
