// The queues over time (from `series`): waiting per level, busy workers and promoted share, the paper's Figure 7 (a), (c).
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { bottomLegend, CHART_CONFIG, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** The three panels of a column, top to bottom. */
export const SERIES_METRICS = ['messages waiting', 'busy workers', 'promoted share of waiting'] as const;

/** One sample of one series line: an arm's level (or `all` for busy workers) at one instant. */
export interface QueueSeriesRow {
  readonly arm: string;
  readonly metric: (typeof SERIES_METRICS)[number];
  readonly level: string;
  readonly t_ms: number;
  readonly value: number;
}

/** The rows of the highest load whose arms have `series` (the busiest queues), or null when none has it. */
export function queueSeriesRows(trace: TraceResults): { load: string; rows: QueueSeriesRow[] } | null {
  for (const load of sortedLoads(trace).reverse()) {
    const arms = trace.extras.get(load);
    if (arms === undefined) continue;
    const rows: QueueSeriesRow[] = [];
    for (const arm of sortedArms(arms.keys())) {
      const s = arms.get(arm)!.series;
      if (s === null) continue;
      s.atMs.forEach((t, k) => {
        s.waiting.forEach((w, l) => rows.push({ arm, metric: SERIES_METRICS[0], level: `level ${l}`, t_ms: t, value: w[k]! }));
        rows.push({ arm, metric: SERIES_METRICS[1], level: 'all', t_ms: t, value: s.busy[k]! });
        s.promotedShare.forEach((p, l) => rows.push({ arm, metric: SERIES_METRICS[2], level: `level ${l}`, t_ms: t, value: p[k]! }));
      });
    }
    if (rows.length > 0) return { load, rows };
  }
  return null;
}

/**
 * One column per arm, one row per metric (own y scale each), one line per level over simulated time in the unit
 * that fits the span. A per-key or ideal-order arm has one level (its total).
 */
export function queueSeriesChart(trace: string, load: string, rows: readonly QueueSeriesRow[]): TopLevelSpec {
  const arms = sortedArms(new Set(rows.map((r) => r.arm)));
  const unit = pickTimeUnit(rows.map((r) => r.t_ms));
  const levels = [...new Set(rows.map((r) => r.level))].sort();
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Queues over time: ${trace}, load ${load}`, subtitle: 'sampled in the simulation (simulate --series N), per arm: waiting per level, busy workers, promoted share' },
    config: { ...CHART_CONFIG, legend: bottomLegend(6) },
    data: { values: rows.map((r) => ({ ...r, t: Number((r.t_ms / unit.ms).toPrecision(6)) })) },
    facet: {
      row: { field: 'metric', type: 'nominal', title: null, sort: [...SERIES_METRICS] },
      column: { field: 'arm', type: 'nominal', title: 'arm', sort: arms },
    },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 200,
      height: 120,
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: `simulated time (${unit.name})` },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'level', type: 'nominal', title: 'level', sort: levels },
        tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'level', type: 'nominal' }, { field: 't', type: 'quantitative', title: `t (${unit.name})` }, { field: 'value', type: 'quantitative', format: ',.4~g' }],
      },
    },
  };
}
