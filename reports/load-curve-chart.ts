// Latency against load: each arm's mean latency per load with a bootstrap interval over its windows.
import type { TopLevelSpec } from 'vega-lite';
import { bootstrapMeanInterval } from '../analysis/bootstrap.ts';
import { exactMean } from '../analysis/exact-sum.ts';
import { tInterval } from '../analysis/student-t.ts';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';
import { AD_HOC_BOOTSTRAP } from './forest-chart.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/**
 * One arm at one load: the mean of its per-window mean latencies and the bootstrap interval of that mean (ms); for an
 * arm run with replications, the mean over seeds of that number and its t-interval over seeds.
 */
export interface LoadPoint {
  readonly load: string;
  readonly arm: string;
  readonly mean_ms: number;
  readonly low_ms: number;
  readonly high_ms: number;
  readonly windows: number;
  /** Replications the point is the mean of (absent for an arm run once). */
  readonly seeds?: number;
}

/**
 * The points of one trace: per load and arm with at least two windows that all have a mean latency, the mean of the
 * window means and its iid bootstrap interval (AD_HOC_BOOTSTRAP, the forest plot's ad-hoc interval). An arm folded
 * from replications (`foldReplications`) gets the replication interval instead: per seed the mean of its window
 * means, their mean and 95 % Student t-interval over the seeds (the point alone with one seed). Returns null when
 * fewer than two loads have any point (no curve to draw).
 */
export function loadPoints(trace: TraceResults): LoadPoint[] | null {
  const points: LoadPoint[] = [];
  for (const load of sortedLoads(trace)) {
    const arms = trace.set.loads.get(load)!;
    for (const arm of sortedArms(arms.keys())) {
      const reps = trace.replications?.get(load)?.get(arm);
      if (reps !== undefined) {
        const point = replicatedPoint(load, arm, [...reps.values()].map((r) => r.arm.windows));
        if (point !== null) points.push(point);
        continue;
      }
      const means = arms.get(arm)!.arm.windows.map((w) => w['mean_latency_ms']);
      if (means.length < 2 || means.some((m) => m === undefined)) continue;
      const x = Float64Array.from(means as number[]);
      const { low, high } = bootstrapMeanInterval(x, AD_HOC_BOOTSTRAP);
      points.push({ load, arm, mean_ms: exactMean(x), low_ms: low, high_ms: high, windows: x.length });
    }
  }
  return new Set(points.map((p) => p.load)).size < 2 ? null : points;
}

/** The point of a replicated arm from each seed's windows, or null when a seed lacks a window mean. */
function replicatedPoint(load: string, arm: string, perSeed: readonly (readonly Readonly<Record<string, number>>[])[]): LoadPoint | null {
  const x: number[] = [];
  for (const windows of perSeed) {
    const means = windows.map((w) => w['mean_latency_ms']);
    if (means.length === 0 || means.some((m) => m === undefined)) return null;
    x.push(exactMean(means as number[]));
  }
  const t = x.length >= 2 ? tInterval(x, 0.95) : { mean: x[0]!, low: x[0]!, high: x[0]! };
  return { load, arm, mean_ms: t.mean, low_ms: t.low, high_ms: t.high, windows: perSeed[0]!.length, seeds: x.length };
}

/**
 * The chart: load across on a linear axis (loads are quantities: 0.8 sits twice as far from 0.95 as 0.9 does, with a
 * tick at each load run), mean latency up (log, in the unit that fits, decade or 1-2-5 ticks), per arm a thin line
 * through its dots and the interval at each load, the arms side by side around the load they were run at. Loads that
 * are not numbers (`as-is`) cannot be placed on a line: then the loads are equally spaced categories instead.
 */
export function loadCurveChart(trace: string, points: readonly LoadPoint[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(points.map((p) => p.arm)));
  const loads = [...new Set(points.map((p) => p.load))];
  const colors = armScale(arms, palette);
  const unit = pickTimeUnit(points.map((p) => p.mean_ms));
  const inUnit = (ms: number): number => Number((ms / unit.ms).toPrecision(6));
  const replicated = points.some((p) => p.seeds !== undefined);
  const numeric = loads.every((l) => Number.isFinite(Number(l)));
  const rho = loads.map(Number).sort((a, b) => a - b);
  // Arms side by side: spread over at most 60 % of the narrowest gap between two loads (0.05 of load at most).
  const gap = Math.min(0.25, ...rho.slice(1).map((r, i) => r - rho[i]!));
  const step = arms.length <= 1 ? 0 : Math.min(0.05, 0.6 * gap) / (arms.length - 1);
  const dodge = (arm: string): number => (arms.indexOf(arm) - (arms.length - 1) / 2) * step;
  const pad = Math.max(0.04, 0.6 * gap / 2);
  const x = numeric
    ? ({ field: 'x', type: 'quantitative', title: 'load', scale: { domain: [round4(rho[0]! - pad), round4(rho[rho.length - 1]! + pad)] as number[], nice: false, zero: false }, axis: { values: rho, format: '.6~g', grid: false } } as const)
    : ({ field: 'load', type: 'ordinal', sort: loads, title: 'load', axis: { labelAngle: 0 } } as const);
  const xOffset = numeric ? {} : ({ xOffset: { field: 'arm', type: 'nominal', sort: arms } } as const);
  const color = { field: 'arm', type: 'nominal', title: 'arm', scale: colors, sort: arms, ...armLegend(palette) } as const;
  const latency = logChannel(points.flatMap((p) => [inUnit(p.low_ms), inUnit(p.high_ms), inUnit(p.mean_ms)]), 8);
  const y = { field: 'mean', type: 'quantitative', title: `mean latency (${unit.name}, log)`, scale: latency.scale, axis: latency.axis } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `Mean latency against load: ${trace}`,
      subtitle: replicated
        ? ['dot = mean of the per-window means, line = 95 % bootstrap interval over windows (iid);', 'arms run with replications: mean over seeds, line = 95 % t-interval over seeds']
        : 'dot = mean of the per-window means, line = 95 % bootstrap interval over windows (iid)',
    },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values: points.map((p) => ({ ...p, x: numeric ? round4(Number(p.load) + dodge(p.arm)) : p.load, mean: inUnit(p.mean_ms), low: inUnit(p.low_ms), high: inUnit(p.high_ms) })) },
    width: 560,
    height: 300,
    layer: [
      ...(numeric && loads.length >= 2 ? [{ mark: { type: 'line', strokeWidth: 1, opacity: 0.6 }, encoding: { x, y, color, order: { field: 'x', type: 'quantitative' } } } as const] : []),
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, ...xOffset, y: { ...y, field: 'low' }, y2: { field: 'high' }, color } },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: {
          x,
          ...xOffset,
          y,
          color,
          tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'load', type: 'nominal' }, { field: 'mean', type: 'quantitative', format: ',.4~g', title: `mean (${unit.name})` }, { field: 'windows', type: 'quantitative' }, ...(replicated ? [{ field: 'seeds', type: 'quantitative' } as const] : [])],
        },
      },
    ],
  };
}

function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
