// Mean wait by key frequency (from `by_key`): do a trace's rare keys wait longer under an arm than under FIFO?
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, loadFacet, panelWidth, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logAxis, logChannel } from './log-axis.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** One key under one arm at one load. */
export interface KeyWaitPoint {
  readonly load: string;
  readonly arm: string;
  readonly key: string;
  readonly count: number;
  readonly mean_wait_ms: number;
}

/** Every key of every arm and load that has `by_key`, in load, arm, key order; null when none has it. */
export function keyWaitPoints(trace: TraceResults): KeyWaitPoint[] | null {
  const points: KeyWaitPoint[] = [];
  for (const load of sortedLoads(trace)) {
    const arms = trace.extras.get(load);
    if (arms === undefined) continue;
    for (const arm of sortedArms(arms.keys())) {
      const byKey = arms.get(arm)!.byKey;
      if (byKey === null) continue;
      for (const key of Object.keys(byKey).sort()) points.push({ load, arm, key, count: byKey[key]!.count, mean_wait_ms: byKey[key]!.meanWaitMs });
    }
  }
  return points.length === 0 ? null : points;
}

/**
 * One panel per load: a dot per key and arm at (messages of the key, mean wait), log frequency axis, symmetric-log
 * wait axis (a key that never waited sits at 0), both padded so a dot on an axis is drawn whole. `palette` keeps arm
 * colours equal across the report.
 */
export function keyWaitChart(trace: string, points: readonly KeyWaitPoint[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(points.map((p) => p.arm)));
  const loads = [...new Set(points.map((p) => p.load))];
  const unit = pickTimeUnit(points.map((p) => p.mean_wait_ms));
  const values = points.map((p) => ({ ...p, wait: Number((p.mean_wait_ms / unit.ms).toPrecision(6)) }));
  const count = logChannel(points.map((p) => p.count), 8);
  // Symlog ticks at 0 and the decades of the positive waits (Vega's own symlog ticks fall at uneven values).
  const waits = logAxis(values.map((v) => v.wait));
  const waitScale: Record<string, unknown> = waits === null ? { type: 'symlog', padding: 8 } : { type: 'symlog', domain: [0, waits.domain[1]], nice: false, padding: 8 };
  // Below 1 a symlog axis is nearly linear: ticks there would crowd onto 0.
  const above1 = waits?.values.filter((v) => v >= 1) ?? [];
  const waitAxis: Record<string, unknown> = waits === null ? {} : { values: [0, ...(above1.length >= 2 ? above1 : waits.values)], format: ',.6~g' };
  const columns = Math.min(3, loads.length);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Mean wait by key frequency: ${trace}`, subtitle: 'one dot per key and arm (simulate --by-key); rare keys on the left' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values },
    facet: loadFacet(loads),
    columns,
    spec: {
      width: panelWidth(columns),
      height: 260,
      mark: { type: 'point', filled: true, opacity: 0.85, size: 36 },
      encoding: {
        x: { field: 'count', type: 'quantitative', title: 'messages of the key (log)', scale: count.scale, axis: count.axis },
        y: { field: 'wait', type: 'quantitative', title: `mean wait (${unit.name}, symlog)`, scale: waitScale, axis: waitAxis },
        color: { field: 'arm', type: 'nominal', title: 'arm', scale: armScale(arms, palette), sort: arms, ...armLegend(palette) },
        tooltip: [{ field: 'key', type: 'nominal' }, { field: 'arm', type: 'nominal' }, { field: 'count', type: 'quantitative' }, { field: 'wait', type: 'quantitative', format: ',.4~g', title: `mean wait (${unit.name})` }],
      },
    },
  };
}
