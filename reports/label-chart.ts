// Latency per class label (`by_label`): FIFO beside each arm, p50 and p99, classes ordered by service time, log axis.
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, loadRowFacet, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { logChannel } from './log-axis.ts';
import { compareLoads, sortedArms, type TraceResults } from './trace-results.ts';

/** One label's p50 and p99 latency for one arm at one load. */
export interface LabelRow {
  readonly load: string;
  readonly label: string;
  readonly arm: string;
  readonly p50_latency_ms: number;
  readonly p99_latency_ms: number;
  /** The ordering proxy: the label's mean service time in ms (FIFO mean latency − mean wait at the lowest load); null when FIFO lacks the label. */
  readonly service_ms: number | null;
}

/**
 * The label rows of one trace at every load where FIFO has `by_label`. Labels are ordered by mean service time
 * (mean latency − mean wait of FIFO at the lowest such load: latency = wait + service, and the results carry no
 * service median). Returns null when no load has FIFO with labels.
 */
export function labelRows(trace: TraceResults): LabelRow[] | null {
  const loads = [...trace.extras.keys()].filter((l) => trace.extras.get(l)!.get('fifo')?.byLabel != null).sort(compareLoads);
  const first = loads[0];
  if (first === undefined) return null;
  const fifoLabels = trace.extras.get(first)!.get('fifo')!.byLabel!;
  const service = new Map<string, number>();
  for (const [label, m] of Object.entries(fifoLabels)) service.set(label, Math.max(0, (m['mean_latency_ms'] ?? 0) - (m['mean_wait_ms'] ?? 0)));
  const rows: LabelRow[] = [];
  for (const load of loads) {
    const arms = trace.extras.get(load)!;
    for (const arm of sortedArms(arms.keys())) {
      const byLabel = arms.get(arm)!.byLabel;
      if (byLabel == null) continue;
      for (const [label, m] of Object.entries(byLabel)) {
        const p50 = m['p50_latency_ms'];
        const p99 = m['p99_latency_ms'];
        if (p50 === undefined || p99 === undefined || p50 <= 0 || p99 <= 0) continue;
        rows.push({ load, label, arm, p50_latency_ms: p50, p99_latency_ms: p99, service_ms: service.has(label) ? round3(service.get(label)!) : null });
      }
    }
  }
  return rows.length === 0 ? null : rows;
}

/** Labels in chart order: by the service proxy ascending, then by name. */
export function labelOrder(rows: readonly LabelRow[]): string[] {
  const service = new Map<string, number>();
  for (const r of rows) service.set(r.label, r.service_ms ?? Number.POSITIVE_INFINITY);
  const by = (a: string, b: string): number => {
    const d = service.get(a)! - service.get(b)!;
    return Number.isNaN(d) || d === 0 ? (a < b ? -1 : a > b ? 1 : 0) : d;
  };
  return [...service.keys()].sort(by);
}

/**
 * The per-label chart: per label and arm a rule from p50 (dot) to p99 (triangle), one panel row per load, the latency
 * axis in the unit that fits. Its width is fixed (560 to 1000 px) so that many labels narrow the bars instead of
 * widening the chart. `palette` keeps arm colours equal across the report.
 */
export function labelChart(trace: string, rows: readonly LabelRow[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(rows.map((r) => r.arm)));
  const order = labelOrder(rows);
  const loads = [...new Set(rows.map((r) => r.load))];
  const colors = armScale(arms, palette);
  const unit = pickTimeUnit(rows.flatMap((r) => [r.p50_latency_ms, r.p99_latency_ms]));
  const inUnit = (ms: number): number => Number((ms / unit.ms).toPrecision(6));
  const x = { field: 'label', type: 'nominal', sort: order, title: 'class label (ordered by mean service time, short → long)', axis: { labelAngle: -35 } } as const;
  const xOffset = { field: 'arm', type: 'nominal', sort: arms } as const;
  const color = { field: 'arm', type: 'nominal', title: 'arm', scale: colors, ...armLegend(palette) } as const;
  const latency = logChannel(rows.flatMap((r) => [inUnit(r.p50_latency_ms), inUnit(r.p99_latency_ms)]), 6);
  const y = { type: 'quantitative', title: `latency (${unit.name}, log)`, scale: latency.scale, axis: latency.axis } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Latency by class: ${trace}`, subtitle: 'dot = p50, triangle = p99; FIFO (grey) beside each arm' },
    config: { ...CHART_CONFIG, legend: bottomLegend(4) },
    data: { values: rows.map((r) => ({ ...r, p50: inUnit(r.p50_latency_ms), p99: inUnit(r.p99_latency_ms) })) },
    facet: { row: loadRowFacet(loads) },
    spec: {
      width: Math.max(560, Math.min(1000, order.length * arms.length * 14)),
      height: 220,
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, xOffset, y: { ...y, field: 'p50' }, y2: { field: 'p99' }, color } },
        { mark: { type: 'point', filled: true, size: 50, shape: 'circle', opacity: 1 }, encoding: { x, xOffset, y: { ...y, field: 'p50' }, color, tooltip: tip('p50', unit.name) } },
        { mark: { type: 'point', filled: true, size: 60, shape: 'triangle-up', opacity: 1 }, encoding: { x, xOffset, y: { ...y, field: 'p99' }, color, tooltip: tip('p99', unit.name) } },
      ],
    },
  };
}

function tip(field: string, unit: string): { field: string; type: 'nominal' | 'quantitative'; format?: string; title?: string }[] {
  return [{ field: 'label', type: 'nominal' }, { field: 'arm', type: 'nominal' }, { field, type: 'quantitative', format: ',.4~g', title: `${field} (${unit})` }, { field: 'service_ms', type: 'quantitative', format: ',.2f' }];
}

function round3(v: number): number {
  return Math.round(v * 1e3) / 1e3;
}
