// "Who pays" by duration tier: each arm's p50 and mean latency of short, medium and long messages (history boundaries).
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, loadRowFacet, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** The duration tiers of the result files (SPEC §7: short, medium, long by the history boundaries), in order. */
export const TIERS = ['short', 'medium', 'long'] as const;

/** One tier's p50 and mean latency for one arm at one load. */
export interface TierRow {
  readonly load: string;
  readonly tier: (typeof TIERS)[number];
  readonly arm: string;
  readonly p50_ms: number;
  readonly mean_ms: number;
}

/**
 * The tier rows of one trace: per load and arm, each tier whose whole-run `<tier>_p50_ms` and `<tier>_mean_ms` are
 * positive (a log axis cannot show 0). Returns null when no arm records tier metrics.
 */
export function tierRows(trace: TraceResults): TierRow[] | null {
  const rows: TierRow[] = [];
  for (const load of sortedLoads(trace)) {
    const arms = trace.set.loads.get(load)!;
    for (const arm of sortedArms(arms.keys())) {
      const all = arms.get(arm)!.arm.all;
      for (const tier of TIERS) {
        const p50 = all[`${tier}_p50_ms`];
        const mean = all[`${tier}_mean_ms`];
        if (p50 !== undefined && mean !== undefined && p50 > 0 && mean > 0) rows.push({ load, tier, arm, p50_ms: p50, mean_ms: mean });
      }
    }
  }
  return rows.length === 0 ? null : rows;
}

/**
 * Who pays by tier: per tier and arm a rule from p50 (dot) to mean (triangle), one panel row per load, the latency
 * axis (log) in the unit that fits. `palette` keeps arm colours equal across the report.
 */
export function tierChart(trace: string, rows: readonly TierRow[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(rows.map((r) => r.arm)));
  const loads = [...new Set(rows.map((r) => r.load))];
  const colors = armScale(arms, palette);
  const unit = pickTimeUnit(rows.flatMap((r) => [r.p50_ms, r.mean_ms]));
  const inUnit = (ms: number): number => Number((ms / unit.ms).toPrecision(6));
  const x = { field: 'tier', type: 'nominal', sort: [...TIERS], title: 'duration tier (history boundaries)', axis: { labelAngle: 0 } } as const;
  const xOffset = { field: 'arm', type: 'nominal', sort: arms } as const;
  const color = { field: 'arm', type: 'nominal', title: 'arm', scale: colors, sort: arms, ...armLegend(palette) } as const;
  const latency = logChannel(rows.flatMap((r) => [inUnit(r.p50_ms), inUnit(r.mean_ms)]), 6);
  const y = { type: 'quantitative', title: `latency (${unit.name}, log)`, scale: latency.scale, axis: latency.axis } as const;
  const tip = (field: string): { field: string; type: 'nominal' | 'quantitative'; format?: string; title?: string }[] => [
    { field: 'tier', type: 'nominal' },
    { field: 'arm', type: 'nominal' },
    { field, type: 'quantitative', format: ',.4~g', title: `${field} (${unit.name})` },
  ];
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Who pays, by duration tier: ${trace}`, subtitle: 'shown instead of classes (no class column with FIFO); tiers by the history boundaries; dot = p50, triangle = mean' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values: rows.map((r) => ({ ...r, p50: inUnit(r.p50_ms), mean: inUnit(r.mean_ms) })) },
    facet: { row: loadRowFacet(loads) },
    spec: {
      width: Math.max(560, Math.min(1000, TIERS.length * arms.length * 24)),
      height: 200,
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, xOffset, y: { ...y, field: 'p50' }, y2: { field: 'mean' }, color } },
        { mark: { type: 'point', filled: true, size: 50, shape: 'circle', opacity: 1 }, encoding: { x, xOffset, y: { ...y, field: 'p50' }, color, tooltip: tip('p50') } },
        { mark: { type: 'point', filled: true, size: 60, shape: 'triangle-up', opacity: 1 }, encoding: { x, xOffset, y: { ...y, field: 'mean' }, color, tooltip: tip('mean') } },
      ],
    },
  };
}
