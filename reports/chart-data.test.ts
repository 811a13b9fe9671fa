// The chart data builders on the hand-made fixture: forest rows, window shading, label order, outcome shares, sweep cells.
import { describe, expect, it } from 'vitest';
import { parseResultExtras, parseResultFile } from '../src/result/result-reader.ts';
import { fixtureResultFile, fixtureSweepFile, FIXTURE_LABELS } from './fixtures/report-fixture.ts';
import { forestRows } from './forest-chart.ts';
import { fixtureEvaluation, fixtureTrace } from './golden-specs.ts';
import { labelOrder, labelRows } from './label-chart.ts';
import { outcomeShares } from './outcome-chart.ts';
import { sensitivityCells } from './sensitivity-chart.ts';
import { parseSweepFile } from '../src/config/sweep-output.ts';
import { compareLoads, groupByTrace } from './trace-results.ts';
import { waitRatioPoints } from './wait-ratio-chart.ts';
import { windowSeriesData } from './window-series-chart.ts';

function traceOf(json: Record<string, unknown>, file = 'r.json') {
  const parsed = parseResultFile(json, file);
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return groupByTrace([{ sourced: { file, result: parsed.value }, extras: parseResultExtras(json, file).value }]);
}

describe('forestRows', () => {
  it('takes the gate estimate for the gated design and an ad-hoc interval for the others', () => {
    const trace = fixtureTrace();
    const { rows, issues } = forestRows([trace], [fixtureEvaluation(trace)]);
    expect(issues).toEqual([]);
    // The fixture makes predictive+weights+pausing exactly 30 % lower in every window (fixtures/report-fixture.ts).
    const gated = rows.filter((r) => r.design === 'predictive+weights+pausing');
    expect(gated.map((r) => [r.load, r.verdict, r.bar, r.gate])).toEqual([['0.5', 'gate passed', -0.15, 'fixture-gate'], ['0.8', 'gate passed', -0.15, 'fixture-gate']]);
    for (const r of gated) expect([r.point, r.low, r.high].map((v) => Number(v.toFixed(12)))).toEqual([-0.3, -0.3, -0.3]);
    const adHoc = rows.filter((r) => r.design === 'predictive');
    expect(adHoc.map((r) => [r.verdict, r.bar, Number(r.point.toFixed(12))])).toEqual([['no gate', null, -0.05], ['no gate', null, -0.05]]);
    expect(rows.map((r) => r.row)).toEqual(['shop · 0.5 · predictive', 'shop · 0.5 · predictive+weights+pausing', 'shop · 0.8 · predictive', 'shop · 0.8 · predictive+weights+pausing']);
  });
  it('draws nothing without FIFO', () => {
    const { traces } = traceOf(fixtureResultFile(['predictive', 'predictive+weights+pausing']));
    expect(forestRows(traces, []).rows).toEqual([]);
  });
});

describe('windowSeriesData', () => {
  it('shades windows by estimated offered load: ρ × window work ÷ average window work', () => {
    const data = windowSeriesData(fixtureTrace())!;
    // Fixture window w: count 100 + 10w, service = mean latency − mean wait = 100 ms, so work ∝ 100 + 10w;
    // the average over w = 0..6 is 130, so at load 0.5 window 0 is 0.5 · 100/130 and window 6 is 0.5 · 160/130.
    const at05 = data.shades.filter((s) => s.load === '0.5');
    expect(at05.map((s) => s.offered)).toEqual([100, 110, 120, 130, 140, 150, 160].map((x) => Math.round((0.5 * x / 130) * 1e4) / 1e4));
    expect(data.shadeTitle).toBe('offered load (est.)');
    expect(data.points.filter((p) => p.load === '0.8' && p.arm === 'fifo').map((p) => p.mean_latency_ms)).toEqual([2000, 4000, 6000, 8000, 10000, 12000, 14000]);
  });
  it('returns null without FIFO', () => {
    const { traces } = traceOf(fixtureResultFile(['predictive']));
    expect(windowSeriesData(traces[0]!)).toBeNull();
  });
});

describe('labelRows', () => {
  it('orders labels by mean service time (mean latency − mean wait of FIFO)', () => {
    const rows = labelRows(fixtureTrace())!;
    expect(labelOrder(rows)).toEqual(Object.entries(FIXTURE_LABELS).sort((a, b) => a[1] - b[1]).map(([l]) => l));
    expect(labelOrder(rows)).toEqual(['invoice', 'email', 'report']);
    expect(rows.length).toBe(2 * 3 * 3);
  });
  it('returns null when FIFO has no by_label', () => {
    const json = fixtureResultFile();
    for (const load of Object.values(json['results'] as Record<string, { arms: Record<string, Record<string, unknown>> }>)) delete load.arms['fifo']!['by_label'];
    const { traces } = traceOf(json);
    expect(labelRows(traces[0]!)).toBeNull();
  });
});

describe('outcomeShares', () => {
  it('gives each window shares that sum to 1, for the predictive arms only', () => {
    const rows = outcomeShares(fixtureTrace())!;
    expect(new Set(rows.map((r) => r.panel))).toEqual(new Set(['predictive · 0.5', 'predictive+weights+pausing · 0.5', 'predictive · 0.8', 'predictive+weights+pausing · 0.8']));
    const w0 = rows.filter((r) => r.panel === 'predictive · 0.5' && r.window === 0);
    // Fixture window 0: 35 predicted, 60 cold, 5 unready of 100.
    expect(w0.map((r) => [r.outcome, r.share])).toEqual([['predicted', 0.35], ['cold key', 0.6], ['unready (no boundaries)', 0.05]]);
  });
  it('returns null without outcome_windows', () => {
    const { traces } = traceOf(fixtureResultFile(['fifo']));
    expect(outcomeShares(traces[0]!)).toBeNull();
  });
});

describe('sweep files and sensitivity cells', () => {
  it('parses the sweep shape and marks the flipped verdict', () => {
    const sweep = parseSweepFile(fixtureSweepFile(), 'sweep.json');
    expect(sweep.ok).toBe(true);
    if (!sweep.ok) return;
    expect(sweep.value.variants.map((v) => v.overrides)).toEqual(['', 'predictor.minSamples=5', 'predictor.kappa=8']);
    const flips = sensitivityCells(sweep.value).filter((c) => c.flipped);
    expect(flips).toEqual([{ verdict: 'shop · 0.8', variant: 'minSamples=5', outcome: 'pass', flipped: true, mark: 'flip' }]);
  });
  it('names every problem of a malformed sweep', () => {
    const bad = parseSweepFile({ sweep: 's', verdicts: [{ trace: 't', load: 1, variant: 'v', passed: 'yes', flipped: false }] }, 'sweep.json');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues).toEqual(['sweep.json → verdicts[0].load: found 1; expected a string', 'sweep.json → verdicts[0].passed: found "yes"; expected true or false']);
  });
});

describe('parseResultExtras', () => {
  it('drops a malformed outcome object with a message naming its path', () => {
    const json = fixtureResultFile(['predictive']);
    const arms = (json['results'] as Record<string, { arms: Record<string, Record<string, unknown>> }>)['0.5']!.arms;
    arms['predictive']!['outcomes'] = { predicted: -1 };
    const { value, issues } = parseResultExtras(json, 'r.json');
    expect(value.loads['0.5']!['predictive']!.outcomes).toBeNull();
    expect(issues).toEqual(['r.json → results.0.5.arms.predictive.outcomes.predicted: found -1; expected a count ≥ 0 (outcomes ignored)']);
  });
});

describe('helpers', () => {
  it('orders loads numerically, then by name', () => {
    expect(['as-is', '0.95', '0.5', '0.8'].sort(compareLoads)).toEqual(['0.5', '0.8', '0.95', 'as-is']);
  });
  it('gives the closed-form wait ratios of SPEC §9 (Cobham)', () => {
    const pts = waitRatioPoints([0.5], [{ shortShare: 0.5, longShortRatio: 10 }]);
    // Hand check: p = 0.5, r = 10, ρ = 0.5 → λ = 0.5/5.5, ρ_s = λ/2 = 1/22; W_short/W_FIFO = (1 − ρ)/(1 − ρ_s) = 0.5/(21/22) = 11/21,
    // W_long/W_FIFO = 1/(1 − ρ_s) = 22/21.
    expect(pts.find((p) => p.series === 'short')!.ratio).toBeCloseTo(11 / 21, 5);
    expect(pts.find((p) => p.series === 'long')!.ratio).toBeCloseTo(22 / 21, 5);
  });
});
