// Sensitivity as effect size: each criterion's estimate and interval per parameter variant, the default marked.
import type { TopLevelSpec } from 'vega-lite';
import { bottomLegend, CHART_CONFIG, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import type { SweepFile } from '../src/experiment/sweep-output.ts';

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
 * the gate in the title (a sweep of several gates draws one such chart per gate).
 */
export function sensitivityEffectChart(sweep: SweepFile, points: readonly EffectPoint[], nameGate = false): TopLevelSpec {
  const variants = sweep.variants.map((v) => v.id).filter((id) => points.some((p) => p.variant === id));
  const y = { field: 'variant', type: 'nominal', sort: variants, title: 'variant' } as const;
  const x = { field: 'point', type: 'quantitative', title: 'estimate (criterion units)', scale: { zero: false } } as const;
  const color = { field: 'outcome', type: 'nominal', title: 'gate verdict', scale: { domain: ['pass', 'fail'], range: ['#31a354', '#de2d26'] } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Sensitivity as effect size: ${sweep.sweep}${nameGate && sweep.gate !== null ? ` (gate ${sweep.gate})` : ''}`, subtitle: 'estimate and 95 % interval of each criterion per variant; diamond and dashed line = default parameters' },
    config: { ...CHART_CONFIG, legend: bottomLegend(2) },
    data: { values: points.map((p) => ({ ...p })) },
    facet: { row: { field: 'verdict', type: 'nominal', title: null }, column: { field: 'criterion', type: 'nominal', title: null } },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 220,
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
            tooltip: [{ field: 'variant', type: 'nominal' }, { field: 'criterion', type: 'nominal' }, { field: 'point', type: 'quantitative', format: '.4~g' }, { field: 'low', type: 'quantitative', format: '.4~g' }, { field: 'high', type: 'quantitative', format: '.4~g' }],
          },
        },
      ],
    },
  };
}
