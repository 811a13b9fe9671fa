// Tests of the predictor histogram chart (Figure 4): one panel per histogram, bins as bars, boundaries as rules.
import { describe, expect, it } from 'vitest';
import { Predictor } from '../src/predictor/predictor.ts';
import { predictorReport } from '../src/predictor/predictor-report.ts';
import { predictorHistogramChart } from './predictor-histogram-chart.ts';
import { renderSvg } from './render-chart.ts';

function report(): ReturnType<typeof predictorReport> {
  const p = new Predictor();
  for (let i = 0; i < 120; i++) p.observe(i % 2 === 0 ? 'a' : 'b', i % 2 === 0 ? 10 : 1000 + i);
  return predictorReport(p);
}

describe('predictorHistogramChart', () => {
  it('stacks the pooled panel and one per key, each with its bars and the boundaries, and renders', async () => {
    const rep = report();
    const spec = predictorHistogramChart(rep, rep.keys, 'x.snap') as unknown as { vconcat: { title: { text: string }; layer: { data: { values: { lo?: number; b?: number }[] } }[] }[] };
    expect(spec.vconcat.map((p) => p.title.text)).toEqual(['pooled (120 observations)', expect.stringMatching(/^a: n 60, /), expect.stringMatching(/^b: n 60, /)]);
    // Key a only ever saw 10 ms: a single bar, in bin [r^4, r^5) with r = 600000^(1/47) ≈ 1.327 (SPEC §6).
    const aBars = spec.vconcat[1]!.layer[0]!.data.values;
    expect(aBars).toHaveLength(1);
    expect(aBars[0]!.lo).toBeLessThanOrEqual(10);
    expect(spec.vconcat[0]!.layer[1]!.data.values.map((v) => v.b)).toEqual(rep.boundaries_ms.map((b) => Number(b.toPrecision(6))));
    const { svg } = await renderSvg(predictorHistogramChart(rep, rep.keys, 'x.snap'));
    expect(svg).toContain('<svg');
  });
  it('draws no bars and no rules for an empty predictor', () => {
    const rep = predictorReport(new Predictor());
    const spec = predictorHistogramChart(rep, [], 'x.snap') as unknown as { vconcat: { layer: { data: { values: unknown[] } }[] }[] };
    expect(spec.vconcat).toHaveLength(1);
    expect(spec.vconcat[0]!.layer.map((l) => l.data.values.length)).toEqual([0, 0]);
  });
});
