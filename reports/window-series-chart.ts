// The per-window series: each arm beside FIFO, mean latency by window (log axis), windows shaded by offered load.
import type { TopLevelSpec } from 'vega-lite';
import { armColors, CHART_CONFIG, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** A point of the series: one arm's mean latency in one window at one load. */
export interface WindowPoint {
  readonly load: string;
  readonly arm: string;
  readonly window: number;
  readonly mean_latency_ms: number;
}

/** The shading of one window: its offered work (see `windowSeriesData`). */
export interface WindowShade {
  readonly load: string;
  readonly window: number;
  readonly x0: number;
  readonly x1: number;
  readonly offered: number;
}

/** The data of one trace's per-window chart, and what the shading means. */
export interface WindowSeriesData {
  readonly trace: string;
  readonly points: readonly WindowPoint[];
  readonly shades: readonly WindowShade[];
  /** Legend title of the shading. */
  readonly shadeTitle: string;
}

/**
 * Per-window mean latency of every arm at every load that has FIFO. The shading proxy: a window's offered work is
 * FIFO's count × (mean latency − mean wait) (latency = wait + service, so this is the window's total service time);
 * divided by the average window's work it is the relative offered load, and with windows of equal time span (`time`
 * windows) at a numeric target load ρ, ρ × that ratio estimates the window's offered load. Returns null when no
 * load has FIFO with windows.
 */
export function windowSeriesData(trace: TraceResults): WindowSeriesData | null {
  const points: WindowPoint[] = [];
  const shades: WindowShade[] = [];
  const loads = sortedLoads(trace);
  const absolute = trace.windowBy === 'time' && loads.every((l) => Number.isFinite(Number(l)));
  for (const load of loads) {
    const arms = trace.set.loads.get(load)!;
    const fifo = arms.get('fifo');
    if (fifo === undefined || fifo.arm.windows.length === 0) continue;
    for (const arm of sortedArms(arms.keys())) {
      arms.get(arm)!.arm.windows.forEach((w, i) => {
        const v = w['mean_latency_ms'];
        // A log axis cannot show 0 (an empty window).
        if (v !== undefined && v > 0) points.push({ load, arm, window: i, mean_latency_ms: v });
      });
    }
    const work = fifo.arm.windows.map((w) => (w['count'] ?? 0) * Math.max(0, (w['mean_latency_ms'] ?? 0) - (w['mean_wait_ms'] ?? 0)));
    const total = work.reduce((a, b) => a + b, 0);
    if (total > 0) {
      work.forEach((x, i) => {
        const ratio = (x * work.length) / total;
        shades.push({ load, window: i, x0: i - 0.5, x1: i + 0.5, offered: round4(absolute ? ratio * Number(load) : ratio) });
      });
    }
  }
  if (points.length === 0) return null;
  return { trace: trace.name, points, shades, shadeTitle: absolute ? 'offered load (est.)' : 'offered work ÷ average window' };
}

/** The per-window chart of one trace: one panel per load, log latency axis, shaded windows, one line per arm. */
export function windowSeriesChart(data: WindowSeriesData): TopLevelSpec {
  const arms = sortedArms(new Set(data.points.map((p) => p.arm)));
  const loads = [...new Set(data.points.map((p) => p.load))];
  const colors = armColors(arms);
  const values = [...data.points.map((p) => ({ kind: 'point', ...p })), ...data.shades.map((s) => ({ kind: 'shade', ...s }))];
  const x = { field: 'window', type: 'quantitative', title: 'window (by arrival)', scale: { nice: false, zero: false }, axis: { tickMinStep: 1, format: 'd' } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Mean latency by window: ${data.trace}`, subtitle: 'each arm beside FIFO (grey); background: offered load per window (darker = busier)' },
    config: CHART_CONFIG,
    data: { values },
    facet: { column: { field: 'load', type: 'ordinal', title: 'load', sort: loads } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 260,
      height: 220,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'shade'" }],
          mark: { type: 'rect', opacity: 0.35 },
          encoding: {
            x: { field: 'x0', type: 'quantitative', title: 'window (by arrival)' },
            x2: { field: 'x1' },
            fill: { field: 'offered', type: 'quantitative', title: data.shadeTitle, scale: { scheme: 'greys', zero: true } },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'point'" }],
          mark: { type: 'line', point: true, strokeWidth: 2 },
          encoding: {
            x,
            y: { field: 'mean_latency_ms', type: 'quantitative', title: 'mean latency (ms, log)', scale: { type: 'log' } },
            color: { field: 'arm', type: 'nominal', title: 'arm', scale: colors },
            tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'window', type: 'quantitative' }, { field: 'mean_latency_ms', type: 'quantitative', format: ',.1f' }],
          },
        },
      ],
    },
  };
}

function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
