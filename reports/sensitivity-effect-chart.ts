// Sensitivity as effect size: each criterion's estimate and interval per parameter variant, the default marked.
import type { TopLevelSpec } from 'vega-lite';
import type { CriterionKind } from '../analysis/criterion.ts';
import { bottomLegend, CHART_CONFIG, panelWidth, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import type { SweepFile } from '../src/config/sweep-output.ts';
import { gateName } from './sensitivity-chart.ts';

/** One variant's estimate of one criterion at one trace and load. */
export interface EffectPoint {
  /** The facet row: `trace · load`. */
  readonly verdict: string;
  readonly criterion: string;
  readonly variant: string;
  readonly point: number;
  readonly low: number;
  readonly high: number;
  /** Whether this is the default parameter set (the variant without overrides). */
  readonly isDefault: boolean;
  readonly outcome: 'pass' | 'fail';
}

/**
 * The effect points of a sweep: every verdict's criteria that carry an estimate with its interval. The default is
 * the variant without overrides (`hsim sweep` writes it first as `base`). Returns [] when no verdict has estimates.
 */
export function effectPoints(sweep: SweepFile): EffectPoint[] {
  const defaults = new Set(sweep.variants.filter((v) => v.overrides === '').map((v) => v.id));
  const out: EffectPoint[] = [];
  for (const v of sweep.verdicts) {
    for (const [criterion, e] of Object.entries(v.estimates)) {
      out.push({ verdict: `${v.trace} · ${v.load}`, criterion, variant: v.variant, point: e.point, low: e.low, high: e.high, isDefault: defaults.has(v.variant), outcome: v.passed ? 'pass' : 'fail' });
    }
  }
  return out;
}

/**
 * The chart: one panel per criterion (across) and trace · load (down), variants down each panel in sweep order, a dot
 * and 95 % interval per variant coloured by the gate verdict, the default drawn as a diamond with a dashed reference
 * line through its estimate, so the distance of each variant from the default reads as its effect. `nameGate` puts
 * the gate in the title (a sweep of several gates draws one such chart per gate). With the kind of every criterion
 * (`kinds`, from the gate file) the estimates are drawn as changes against the baseline in %: a relative change as
 * it is, a ratio r as r − 1; without, in the criterion's own units.
 */
export function sensitivityEffectChart(sweep: SweepFile, points: readonly EffectPoint[], nameGate = false, kinds?: ReadonlyMap<string, CriterionKind>): TopLevelSpec {
  const variants = sweep.variants.map((v) => v.id).filter((id) => points.some((p) => p.variant === id));
  const asChange = kinds !== undefined && points.every((p) => kinds.has(p.criterion));
  const shift = (p: EffectPoint): number => (asChange && kinds.get(p.criterion) === 'ratio' ? 1 : 0);
  const anyRatio = asChange && points.some((p) => kinds.get(p.criterion) === 'ratio');
  const y = { field: 'variant', type: 'nominal', sort: variants, title: null } as const;
  const x = asChange
    ? ({ field: 'point', type: 'quantitative', title: 'change vs baseline', scale: { zero: false, padding: 8 }, axis: { format: '+.1~%' } } as const)
    : ({ field: 'point', type: 'quantitative', title: 'estimate (criterion units)', scale: { zero: false, padding: 8 } } as const);
  const format = asChange ? '+.2~%' : '.4~g';
  const color = { field: 'outcome', type: 'nominal', title: 'gate verdict', scale: { domain: ['pass', 'fail'], range: ['#31a354', '#de2d26'] } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Sensitivity as effect size: ${sweep.sweep}${nameGate && sweep.gate !== null ? ` (gate ${gateName(sweep.gate)})` : ''}`, subtitle: [
        'estimate and 95 % interval of each criterion per variant; diamond and dashed line = default parameters',
        ...(anyRatio ? ['ratio criteria drawn as the change they mean: ratio 1.05 = +5 % against the baseline'] : []),
      ] },
    config: { ...CHART_CONFIG, legend: bottomLegend(2) },
    data: { values: points.map((p) => ({ ...p, point: round6(p.point - shift(p)), low: round6(p.low - shift(p)), high: round6(p.high - shift(p)) })) },
    facet: {
      row: { field: 'verdict', type: 'nominal', title: null, header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold' } },
      column: { field: 'criterion', type: 'nominal', title: null },
    },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: panelWidth(Math.min(3, new Set(points.map((p) => p.criterion)).size), 240),
      height: { step: 20 },
      layer: [
        { transform: [{ filter: 'datum.isDefault' }], mark: { type: 'rule', strokeDash: [4, 3], color: '#555555' }, encoding: { x: { field: 'point', type: 'quantitative' } } },
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, color } },
        {
          mark: { type: 'point', filled: true, size: 70, opacity: 1 },
          encoding: {
            y,
            x,
            color,
            shape: { field: 'isDefault', type: 'nominal', title: 'default', scale: { domain: [true, false], range: ['diamond', 'circle'] }, legend: null },
            tooltip: [{ field: 'variant', type: 'nominal' }, { field: 'criterion', type: 'nominal' }, { field: 'point', type: 'quantitative', format }, { field: 'low', type: 'quantitative', format }, { field: 'high', type: 'quantitative', format }],
          },
        },
      ],
    },
  };
}

function round6(v: number): number {
  return Number(v.toPrecision(6));
}
