// The paper's Figure 4 from a predictor snapshot: the pooled histogram with its boundaries, and a few keys' histograms.
import type { TopLevelSpec } from 'vega-lite';
import { BIN_LOWER_EDGES, BIN_UPPER_EDGES } from '../src/predictor/bins.ts';
import type { KeyReport, PredictorReport } from '../src/predictor/predictor-report.ts';
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from './chart-theme.ts';

/** Bin 0 is [0, 1 ms): drawn from 0.1 ms, since the axis is logarithmic. */
const LOG_FLOOR_MS = 0.1;

function bars(weights: readonly number[]): { lo: number; hi: number; weight: number }[] {
  const out: { lo: number; hi: number; weight: number }[] = [];
  weights.forEach((w, k) => {
    if (w > 0) out.push({ lo: Math.max(LOG_FLOOR_MS, BIN_LOWER_EDGES[k]!), hi: BIN_UPPER_EDGES[k]!, weight: Number(w.toPrecision(6)) });
  });
  return out;
}

/** One panel: the histogram as bars over its bins, and the boundaries as dashed rules (Vega-Lite layer type inferred). */
function panel(title: string, weights: readonly number[], boundaries: readonly number[], color: string) {
  return {
    title: { text: title, fontSize: 12 },
    width: 520,
    height: 110,
    layer: [
      {
        data: { values: bars(weights) },
        mark: { type: 'rect' as const, color },
        encoding: {
          x: { field: 'lo', type: 'quantitative' as const, title: 'duration (ms, log)', scale: { type: 'log' as const, domain: [LOG_FLOOR_MS, BIN_UPPER_EDGES[BIN_UPPER_EDGES.length - 1]!] } },
          x2: { field: 'hi' },
          y: { field: 'weight', type: 'quantitative' as const, title: 'share of weight' },
          tooltip: [{ field: 'lo', type: 'quantitative' as const, format: '.4g' }, { field: 'hi', type: 'quantitative' as const, format: '.4g' }, { field: 'weight', type: 'quantitative' as const, format: '.3f' }],
        },
      },
      {
        data: { values: boundaries.map((b, j) => ({ b: Number(b.toPrecision(6)), name: `β${j + 1}` })) },
        mark: { type: 'rule' as const, color: '#d62728', strokeDash: [4, 3], strokeWidth: 1.5 },
        encoding: { x: { field: 'b', type: 'quantitative' as const }, tooltip: [{ field: 'name', type: 'nominal' as const }, { field: 'b', type: 'quantitative' as const, format: '.4g' }] },
      },
    ],
  };
}

/**
 * The chart: the pooled histogram and each of `keys` (decayed weights normalised to 1), stacked, every panel with the
 * published boundaries as dashed lines; a key's title gives its gate and tier.
 */
export function predictorHistogramChart(rep: PredictorReport, keys: readonly KeyReport[], source: string): TopLevelSpec {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: 'Predictor histograms (the paper\'s Figure 4)', subtitle: `${source}: pooled and per-key decayed duration histograms; dashed = the published boundaries` },
    config: CHART_CONFIG,
    vconcat: [
      panel(`pooled (${rep.observations} observations)`, rep.pooled_weights, rep.boundaries_ms, '#7f7f7f'),
      ...keys.map((k) => panel(`${k.key}: n ${k.n}, ${k.gate}${k.route_tier === null ? '' : ` → tier ${k.route_tier}`}`, k.weights, rep.boundaries_ms, '#1f77b4')),
    ],
  };
}
