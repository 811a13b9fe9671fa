// Predictor outcome shares per window (predicted, cold key, stale key, high spread, …) for every arm that records them.
import type { TopLevelSpec } from 'vega-lite';
import { bottomLegend, CHART_CONFIG, panelWidth, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import { OUTCOME_NAMES, type OutcomeName } from '../src/result/result-reader.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** The share of one outcome among the predictions in one window. */
export interface OutcomeShare {
  /** The facet: `arm · load`. */
  readonly panel: string;
  readonly window: number;
  readonly outcome: string;
  /** The outcome's place in the stack (0 = predicted, at the bottom). */
  readonly rank: number;
  readonly share: number;
  readonly count: number;
}

/** Display names of the outcomes and their place in the stack (0 = predicted, at the bottom). */
const OUTCOME_DISPLAY: Readonly<Record<OutcomeName, { readonly label: string; readonly rank: number }>> = {
  predicted: { label: 'predicted', rank: 0 },
  cold_key: { label: 'cold key', rank: 1 },
  unready: { label: 'unready (no boundaries)', rank: 2 },
  stale_key: { label: 'stale key', rank: 3 },
  high_spread: { label: 'high spread', rank: 4 },
  censored: { label: 'censored', rank: 5 },
  invalid_key: { label: 'invalid key', rank: 6 },
};

/** Display names of the outcomes. */
export const OUTCOME_LABELS: Readonly<Record<OutcomeName, string>> = Object.fromEntries(OUTCOME_NAMES.map((n) => [n, OUTCOME_DISPLAY[n].label])) as Record<OutcomeName, string>;

/** The outcome names in stack order. */
const STACK_ORDER: readonly OutcomeName[] = [...OUTCOME_NAMES].sort((a, b) => OUTCOME_DISPLAY[a].rank - OUTCOME_DISPLAY[b].rank);

/**
 * The outcome shares of one trace: per load and arm with `outcome_windows`, each outcome's count over the window's
 * total (windows with no predictions are left out). Returns null when no arm records outcome windows.
 */
export function outcomeShares(trace: TraceResults): OutcomeShare[] | null {
  const rows: OutcomeShare[] = [];
  for (const load of sortedLoads(trace)) {
    const arms = trace.extras.get(load);
    if (arms === undefined) continue;
    for (const arm of sortedArms(arms.keys())) {
      const windows = arms.get(arm)!.outcomeWindows;
      if (windows === null) continue;
      windows.forEach((counts, w) => {
        const total = STACK_ORDER.reduce((s, n) => s + counts[n], 0);
        if (total === 0) return;
        for (const [rank, n] of STACK_ORDER.entries()) {
          if (counts[n] === 0) continue;
          rows.push({ panel: `${arm} · ${load}`, window: w, outcome: OUTCOME_LABELS[n], rank, share: Math.round((counts[n] / total) * 1e6) / 1e6, count: counts[n] });
        }
      });
    }
  }
  return rows.length === 0 ? null : rows;
}

/**
 * The outcome chart: stacked shares per window, one panel per arm and load, three to a row (fewer when a panel title,
 * about 7 px per character, would not fit its panel), as wide as the page allows, the legend below.
 */
export function outcomeChart(trace: string, rows: readonly OutcomeShare[]): TopLevelSpec {
  const panels = [...new Set(rows.map((r) => r.panel))];
  const widest = Math.max(...panels.map((p) => 7 * p.length + 20));
  const fits = (c: number): boolean => panelWidth(c) >= widest;
  const columns = [3, 2, 1].find((c) => c <= panels.length && fits(c)) ?? 1;
  const labels = STACK_ORDER.map((n) => OUTCOME_LABELS[n]);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Predictor outcomes per window: ${trace}`, subtitle: 'share of arrivals by predict() outcome; every fallback routes to the default level' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values: rows.map((r) => ({ ...r })) },
    facet: { field: 'panel', type: 'nominal', title: null, sort: panels },
    columns,
    spec: {
      width: panelWidth(columns),
      height: 180,
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'window', type: 'ordinal', title: 'window (by arrival)', axis: { labelAngle: 0 } },
        y: { field: 'share', type: 'quantitative', stack: 'zero', title: 'share of arrivals', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
        color: {
          field: 'outcome',
          type: 'nominal',
          title: 'outcome',
          scale: { domain: labels, range: ['#2ca02c', '#1f77b4', '#9ecae1', '#ff7f0e', '#d62728', '#9467bd', '#7f7f7f'] },
        },
        order: { field: 'rank', type: 'quantitative', sort: 'ascending' },
        tooltip: [{ field: 'panel', type: 'nominal' }, { field: 'window', type: 'ordinal' }, { field: 'outcome', type: 'nominal' }, { field: 'share', type: 'quantitative', format: '.2%' }, { field: 'count', type: 'quantitative' }],
      },
    },
  };
}
