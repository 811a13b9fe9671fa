// The per-window series: each arm beside FIFO, mean latency by window (log axis), windows shaded by offered load.
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, loadFacet, panelWidth, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';
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

/**
 * The per-window chart of one trace: one panel per load (wrapped three to a row, as wide as the page allows), one log
 * latency axis shared by the panels (the same metric at every load, so heights compare across panels) in the unit
 * that fits the data, shaded windows, one line per arm, and FIFO drawn last as a dashed line so that it stays
 * visible when an arm's line is identical. `palette` keeps arm colours equal across the report.
 */
export function windowSeriesChart(data: WindowSeriesData, palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(data.points.map((p) => p.arm)));
  const loads = [...new Set(data.points.map((p) => p.load))];
  const colors = armScale(arms, palette);
  const unit = pickTimeUnit(data.points.map((p) => p.mean_latency_ms));
  const values = [
    ...data.points.map((p) => ({ kind: 'point', ...p, latency: Number((p.mean_latency_ms / unit.ms).toPrecision(6)) })),
    ...data.shades.map((s) => ({ kind: 'shade', ...s })),
  ];
  const latency = logChannel(values.flatMap((v) => ('latency' in v ? [v.latency] : [])), 6);
  const columns = Math.min(3, loads.length);
  const x = { field: 'window', type: 'quantitative', title: 'window (by arrival)', scale: { nice: false, zero: false }, axis: { tickMinStep: 1, format: 'd' } } as const;
  const line = (filter: string, mark: Record<string, unknown>): Layer => ({
    transform: [{ filter: `datum.kind === 'point' && ${filter}` }],
    mark: { type: 'line', point: true, strokeWidth: 2, ...mark },
    encoding: {
      x,
      y: { field: 'latency', type: 'quantitative', title: `mean latency (${unit.name}, log)`, scale: latency.scale, axis: latency.axis },
      color: { field: 'arm', type: 'nominal', title: 'arm', scale: colors, sort: arms, ...armLegend(palette) },
      tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'window', type: 'quantitative' }, { field: 'latency', type: 'quantitative', format: ',.4~g', title: `mean latency (${unit.name})` }],
    },
  });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Mean latency by window: ${data.trace}`, subtitle: 'each arm beside FIFO (grey, dashed, drawn on top); background: offered load per window (darker = busier)' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values },
    facet: loadFacet(loads),
    columns,
    spec: {
      width: panelWidth(columns),
      height: 240,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'shade'" }],
          mark: { type: 'rect', opacity: 0.35 },
          encoding: {
            x: { field: 'x0', type: 'quantitative', title: 'window (by arrival)' },
            x2: { field: 'x1' },
            fill: { field: 'offered', type: 'quantitative', title: data.shadeTitle, scale: { scheme: 'greys', zero: true }, legend: { direction: 'horizontal', gradientLength: 160 } },
          },
        },
        line("datum.arm !== 'fifo'", {}),
        ...(arms.includes('fifo') ? [line("datum.arm === 'fifo'", { strokeDash: [6, 4], strokeWidth: 2.5 })] : []),
      ],
    },
  };
}

type Layer = Extract<Extract<TopLevelSpec, { facet: unknown }>['spec'], { layer: unknown }>['layer'][number];

function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
