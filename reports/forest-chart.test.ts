// The forest plot with replications: the window interval beside the replication interval, on the replicated fixture.
import { describe, expect, it } from 'vitest';
import { renderSvg } from './render-chart.ts';
import { fixtureReplicatedResultFile, fixtureResultFile } from './fixtures/report-fixture.ts';
import { forestChart, forestRows } from './forest-chart.ts';
import { fixtureGate, fixtureTrace } from './golden-specs.ts';
import { fitAndEvaluateGate, type GateEvaluation, type ReportGate } from './gate-fit.ts';
import { groupByTrace, type ReportSource } from './trace-results.ts';
import { parseGateFile } from '../analysis/gate-file.ts';
import { parseResultExtras, parseResultFile } from '../src/result/result-reader.ts';

describe('forestRows with replicated results (arms arm#sSEED)', () => {
  it('gives each replicated design its pooled-window interval and the t-interval over seeds of the whole-run change', () => {
    const { rows, issues } = forestRows([fixtureTrace(fixtureReplicatedResultFile())], []);
    expect(issues).toEqual([]);
    expect(rows.map((r) => [r.row, r.design, r.verdict])).toEqual([['shop-reps · 0.8 · predictive+weights+pausing', 'predictive+weights+pausing', 'no gate']]);
    const r = rows[0]!;
    // Windows: 7 changes of −0.3, −0.2 and −0.1 each (fixtures/report-fixture.ts): mean −0.2, interval inside.
    expect(r.point).toBeCloseTo(-0.2, 12);
    expect(r.low).toBeGreaterThanOrEqual(-0.3 - 1e-12);
    expect(r.high).toBeLessThanOrEqual(-0.1 + 1e-12);
    // Seeds: whole-run changes −0.3, −0.2, −0.1; mean −0.2, s = 0.1, t(0.975, 2 df) = 4.302653 (Student's t
    // table), half-width 4.302653 · 0.1 / √3 = 0.248414.
    expect(r.replication!.seeds).toBe(3);
    expect(r.replication!.point).toBeCloseTo(-0.2, 9);
    expect(r.replication!.low).toBeCloseTo(-0.448414, 6);
    expect(r.replication!.high).toBeCloseTo(0.048414, 6);
  });

  it('gives plain results no replication interval and draws the second interval only when there is one', async () => {
    const plain = forestRows([fixtureTrace(fixtureResultFile())], []).rows;
    expect(plain.every((r) => r.replication === null)).toBe(true);
    expect(JSON.stringify(forestChart(plain))).not.toContain('replications: 95 % t over seeds');
    const spec = forestChart(forestRows([fixtureTrace(fixtureReplicatedResultFile())], []).rows);
    const text = JSON.stringify(spec);
    expect(text).toContain('"windows: 95 % bootstrap","replications: 95 % t over seeds"');
    const { svg, warnings } = await renderSvg(spec);
    expect(warnings).toEqual([]);
    // The legend names both intervals.
    expect(svg).toContain('windows: 95 % bootstrap');
    expect(svg).toContain('replications: 95 % t over seeds');
  });
});

describe('forestRows of a folder with single and replicated runs of the same trace', () => {
  it('draws each design once per experiment, judged by a fitting gate, never a row per seed', () => {
    const single = fixtureResultFile(['fifo', 'predictive+weights+pausing']);
    const reps = { ...fixtureReplicatedResultFile(), trace: (single as { trace: unknown }).trace };
    const { traces } = groupByTrace([source('single.json', single), source('reps.json', reps)]);
    expect(traces.map((t) => t.name)).toEqual(['shop', 'shop (replicated)']);
    const evaluations = traces.map((t) => fitAndEvaluateGate(fixtureReportGate(), t)).filter((e): e is GateEvaluation => !('reason' in e));
    expect(evaluations).toHaveLength(2);
    const { rows } = forestRows(traces, evaluations);
    // Single runs at loads 0.5 and 0.8 (−30 %, pass), the replications at 0.8 (seeds disagree: unstable, fail).
    expect(rows.map((r) => [r.row, r.verdict, r.replication === null])).toEqual([
      ['shop · 0.5 · predictive+weights+pausing', 'gate passed', true],
      ['shop · 0.8 · predictive+weights+pausing', 'gate passed', true],
      ['shop (replicated) · 0.8 · predictive+weights+pausing', 'gate failed', false],
    ]);
    expect(rows[2]!.point).toBeCloseTo(-0.2, 12);
    expect(rows[2]!.bar).toBe(-0.15);
  });
  it('skips seed keys beside a FIFO run once in one file (no row per seed)', () => {
    const json = fixtureReplicatedResultFile() as { results: Record<string, { arms: Record<string, unknown> }> };
    json.results['0.8']!.arms['fifo'] = json.results['0.8']!.arms['fifo#s1'];
    const { rows } = forestRows([fixtureTrace(json)], []);
    expect(rows.map((r) => r.row)).toEqual(['shop-reps · 0.8 · predictive+weights+pausing']);
  });
});

function source(file: string, json: Record<string, unknown>): ReportSource {
  const parsed = parseResultFile(json, file);
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return { sourced: { file, result: parsed.value }, extras: parseResultExtras(json, file).value };
}

function fixtureReportGate(): ReportGate {
  const g = parseGateFile(fixtureGate(), 'g.json');
  if (!g.ok) throw new Error(g.issues.join('\n'));
  return { path: 'g.json', sha256: '0'.repeat(64), gate: g.value, registration: 'not pre-registered', lockSha256: null, explicit: true };
}
