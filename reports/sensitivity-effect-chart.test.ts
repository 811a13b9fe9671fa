// effectPoints on the fixture sweep: one point per verdict and criterion with an estimate, the default marked.
import { describe, expect, it } from 'vitest';
import { fixtureSweepFile } from './fixtures/report-fixture.ts';
import { effectPoints } from './sensitivity-effect-chart.ts';
import { parseSweepFile } from '../src/config/sweep-output.ts';

function sweepOf(json: Record<string, unknown>) {
  const s = parseSweepFile(json, 'sweep.json');
  if (!s.ok) throw new Error(s.issues.join('\n'));
  return s.value;
}

describe('effectPoints', () => {
  it('gives each verdict its estimate and marks the variant without overrides as the default', () => {
    // The fixture sweep: 3 variants × 2 loads, each with mean_vs_fifo −0.2 [−0.3, −0.1] (fixtures/report-fixture.ts).
    const points = effectPoints(sweepOf(fixtureSweepFile()));
    expect(points).toHaveLength(6);
    expect(points.filter((p) => p.isDefault).map((p) => [p.variant, p.verdict])).toEqual([['default', 'shop · 0.5'], ['default', 'shop · 0.8']]);
    expect(points[0]).toMatchObject({ criterion: 'mean_vs_fifo', point: -0.2, low: -0.3, high: -0.1, outcome: 'pass' });
  });
  it('returns nothing for a sweep whose verdicts carry no intervals', () => {
    const json = fixtureSweepFile() as { verdicts: { criteria: Record<string, unknown> }[] };
    for (const v of json.verdicts) v.criteria = { mean_vs_fifo: { status: 'pass' } };
    expect(effectPoints(sweepOf(json))).toEqual([]);
  });
});
