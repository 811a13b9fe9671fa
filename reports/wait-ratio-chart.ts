// The closed-form mean-wait ratio chart of SPEC §9: short, long and all messages under priority vs FIFO, by load.
import type { TopLevelSpec } from 'vega-lite';
import { DEFAULT_MIXES, waitRatioTable, type ClassMix } from '../analysis/theory/wait-ratio-table.ts';
import { bottomLegend, CHART_CONFIG, panelWidth, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';

/** One point: a class's mean wait under non-preemptive priority divided by FIFO's, at load ρ, for one mix. */
export interface WaitRatioPoint {
  readonly mix: string;
  readonly rho: number;
  readonly series: 'short' | 'long' | 'all';
  readonly ratio: number;
}

/** The loads of the chart: 0.05 … 0.95 in steps of 0.05, then 0.975 and 0.99. */
export const CHART_LOADS: readonly number[] = [...Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100), 0.975, 0.99];

/** The points of the chart from `waitRatioTable` (Cobham's formulas), ratios rounded to 6 significant digits. */
export function waitRatioPoints(loads: readonly number[] = CHART_LOADS, mixes: readonly ClassMix[] = DEFAULT_MIXES): WaitRatioPoint[] {
  const out: WaitRatioPoint[] = [];
  for (const row of waitRatioTable(loads, mixes)) {
    const mix = mixLabel(row);
    for (const series of ['short', 'long', 'all'] as const) out.push({ mix, rho: row.rho, series, ratio: Number(row[series].toPrecision(6)) });
  }
  return out;
}

/** `80 % short, long = 10× short`. */
export function mixLabel(mix: ClassMix): string {
  return `${Math.round(mix.shortShare * 1000) / 10} % short, long = ${mix.longShortRatio}× short`;
}

/** The chart: one panel per mix, ratio to FIFO on a log axis, a line per series, and the FIFO line at 1. */
export function waitRatioChart(points: readonly WaitRatioPoint[]): TopLevelSpec {
  const mixes = [...new Set(points.map((p) => p.mix))];
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: 'Closed form: mean wait under priority ÷ FIFO (Cobham)', subtitle: 'one server, two exponential classes, short first (non-preemptive); below 1 = shorter wait than FIFO' },
    config: { ...CHART_CONFIG, legend: bottomLegend(3) },
    data: { values: points.map((p) => ({ ...p })) },
    facet: { field: 'mix', type: 'nominal', title: null, sort: mixes },
    columns: Math.min(4, mixes.length),
    spec: {
      width: panelWidth(Math.min(4, mixes.length), 80),
      height: 220,
      layer: [
        { mark: { type: 'rule', color: '#555555', strokeDash: [4, 3] }, encoding: { y: { datum: 1, type: 'quantitative' } } },
        {
          mark: { type: 'line', strokeWidth: 2 },
          encoding: {
            x: { field: 'rho', type: 'quantitative', title: 'load ρ', scale: { domain: [0, 1] } },
            y: { field: 'ratio', type: 'quantitative', title: 'wait ÷ FIFO wait (log)', ...logChannel(points.map((p) => p.ratio)) },
            color: { field: 'series', type: 'nominal', title: 'messages', scale: { domain: ['short', 'long', 'all'], range: ['#2ca02c', '#d62728', '#1f77b4'] } },
            tooltip: [{ field: 'mix', type: 'nominal' }, { field: 'rho', type: 'quantitative' }, { field: 'series', type: 'nominal' }, { field: 'ratio', type: 'quantitative', format: '.4f' }],
          },
        },
      ],
    },
  };
}
