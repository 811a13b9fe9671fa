// Latency CDF per arm and load: the stored quantile levels of `--latency-cdf` results on a log latency axis.
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, loadFacet, panelWidth, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** One stored point of an arm's CDF at one load: the latency (ms) at quantile level `q`. */
export interface CdfPoint {
  readonly load: string;
  /** The arm (with replications, the arm folded over its seeds by `foldReplications`: the mean latency per level). */
  readonly arm: string;
  readonly q: number;
  readonly latency_ms: number;
}

/** The option that makes result files carry the CDF (named in the report's note when none do). */
export const LATENCY_CDF_OPTION = 'simulate --latency-cdf (or "latency_cdf": true in an experiment or sweep file)';

/**
 * The CDF points of one trace, loads and arms in their sorted order, levels ascending. Points with latency 0 are
 * left out (a log axis has no 0; a level's share still shows at the next point). Returns null when no arm at any
 * load carries a `latency_cdf`.
 */
export function cdfPoints(trace: TraceResults): CdfPoint[] | null {
  const points: CdfPoint[] = [];
  let any = false;
  for (const load of sortedLoads(trace)) {
    const arms = trace.extras.get(load);
    if (arms === undefined) continue;
    for (const arm of sortedArms(arms.keys())) {
      const cdf = arms.get(arm)!.latencyCdf;
      if (cdf === null) continue;
      any = true;
      cdf.q.forEach((q, i) => {
        const ms = cdf.latency_ms[i]!;
        if (ms > 0) points.push({ load, arm, q, latency_ms: ms });
      });
    }
  }
  return any ? points : null;
}

/**
 * The CDF chart of one trace: one panel per load (wrapped three to a row, as wide as the page allows), latency across
 * on a log axis in the unit that fits the data, one latency axis for every panel with decade (or 1-2-5) ticks that
 * reach past the curves, the cumulative share of messages up, one line per arm in the report's arm colours, and FIFO
 * drawn last, dashed, so it stays visible under an identical line.
 */
export function latencyCdfChart(trace: string, points: readonly CdfPoint[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(points.map((p) => p.arm)));
  const loads = [...new Set(points.map((p) => p.load))];
  const colors = armScale(arms, palette);
  const unit = pickTimeUnit(points.map((p) => p.latency_ms));
  const values = points.map((p) => ({ ...p, latency: Number((p.latency_ms / unit.ms).toPrecision(6)) }));
  const latency = logChannel(values.map((v) => v.latency));
  const columns = Math.min(3, loads.length);
  const line = (filter: string, mark: Record<string, unknown>): Layer => ({
    transform: [{ filter }],
    mark: { type: 'line', interpolate: 'monotone', strokeWidth: 2, ...mark },
    encoding: {
      x: { field: 'latency', type: 'quantitative', title: `latency (${unit.name}, log)`, scale: latency.scale, axis: latency.axis },
      y: { field: 'q', type: 'quantitative', title: 'share of messages with lower latency', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
      color: { field: 'arm', type: 'nominal', title: 'arm', scale: colors, sort: arms, ...armLegend(palette) },
      order: { field: 'q', type: 'quantitative' },
      tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'load', type: 'nominal' }, { field: 'q', type: 'quantitative', format: '.1%', title: 'level' }, { field: 'latency', type: 'quantitative', format: ',.4~g', title: `latency (${unit.name})` }],
    },
  });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Latency CDF: ${trace}`, subtitle: 'share of messages (nearest-rank quantile levels stored with --latency-cdf, min to max) against latency; FIFO grey, dashed, on top' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values },
    facet: loadFacet(loads),
    columns,
    spec: {
      width: panelWidth(columns),
      height: 260,
      layer: [
        // A layer whose filter keeps nothing is left out: an empty layer makes Vega warn about an infinite extent.
        ...(arms.some((a) => a !== 'fifo') ? [line("datum.arm !== 'fifo'", {})] : []),
        ...(arms.includes('fifo') ? [line("datum.arm === 'fifo'", { strokeDash: [6, 4], strokeWidth: 2.5 })] : []),
      ],
    },
  };
}

type Layer = Extract<Extract<TopLevelSpec, { facet: unknown }>['spec'], { layer: unknown }>['layer'][number];
