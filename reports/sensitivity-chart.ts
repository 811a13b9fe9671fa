// The sensitivity heatmap of a sweep: which parameter variant flips which gate verdict (trace × load).
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from './chart-theme.ts';
import type { SweepFile } from '../src/config/sweep-output.ts';

/** One cell: a verdict (trace · load) under one variant. */
export interface SensitivityCell {
  readonly verdict: string;
  readonly variant: string;
  readonly outcome: 'pass' | 'fail';
  readonly flipped: boolean;
  /** The cell text: `flip` when the verdict differs from the default parameters, else empty. */
  readonly mark: string;
}

/** The cells of a sweep, in variant order then verdict order. */
export function sensitivityCells(sweep: SweepFile): SensitivityCell[] {
  return sweep.verdicts.map((v) => ({ verdict: `${v.trace} · ${v.load}`, variant: v.variant, outcome: v.passed ? 'pass' : 'fail', flipped: v.flipped, mark: v.flipped ? 'flip' : '' }));
}

/** A gate's file name without its folder (the title stays short; the subtitle gives the whole path). */
export function gateName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** The heatmap: variants across, verdicts down, green pass / red fail, flipped cells outlined and marked `flip`. */
export function sensitivityChart(sweep: SweepFile, cells: readonly SensitivityCell[]): TopLevelSpec {
  const variants = sweep.variants.map((v) => v.id).filter((id) => cells.some((c) => c.variant === id));
  const verdicts = [...new Set(cells.map((c) => c.verdict))];
  const x = { field: 'variant', type: 'nominal', sort: variants, title: 'variant', axis: { labelAngle: -35 } } as const;
  const y = { field: 'verdict', type: 'nominal', sort: verdicts, title: 'trace · load' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `Sensitivity: ${sweep.sweep}${sweep.gate === null ? '' : ` (gate ${gateName(sweep.gate)}${sweep.gateFrozen === false ? ', not pre-registered' : ''})`}`,
      subtitle: [
        'gate verdict per parameter variant; outlined "flip" = the verdict differs from the default parameters',
        ...(sweep.gate === null ? [] : [`gate file ${sweep.gate}`]),
      ],
    },
    config: CHART_CONFIG,
    data: { values: cells.map((c) => ({ ...c })) },
    width: { step: 64 },
    height: { step: 26 },
    layer: [
      {
        mark: { type: 'rect' },
        encoding: {
          x,
          y,
          fill: { field: 'outcome', type: 'nominal', title: 'gate', scale: { domain: ['pass', 'fail'], range: ['#a1d99b', '#fc9272'] } },
          stroke: { condition: { test: 'datum.flipped', value: '#000000' }, value: null },
          strokeWidth: { condition: { test: 'datum.flipped', value: 2.5 }, value: 0 },
          tooltip: [{ field: 'variant', type: 'nominal' }, { field: 'verdict', type: 'nominal' }, { field: 'outcome', type: 'nominal' }, { field: 'flipped', type: 'nominal' }],
        },
      },
      { mark: { type: 'text', fontSize: 10, fontWeight: 'bold' }, encoding: { x, y, text: { field: 'mark', type: 'nominal' } } },
    ],
  };
}
