// The paper tables on the hand-made fixture: gate, whole-run metrics and sweep tables, with captions naming trace, loads and gate.
import { describe, expect, it } from 'vitest';
import { parseResultFile } from '../src/result/result-reader.ts';
import { fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { fixtureEvaluation, fixtureTrace } from './golden-specs.ts';
import { criterionText, gateTables, metricsTables, sweepTables } from './paper-tables.ts';
import { parseResultExtras } from '../src/result/result-reader.ts';
import { parseSweepFile } from '../src/config/sweep-output.ts';
import { groupByTrace } from './trace-results.ts';

describe('criterionText', () => {
  it('writes a change in % with one decimal and a ratio to 3 significant digits', () => {
    expect(criterionText('relative_delta', -0.30004)).toBe('-30.0');
    expect(criterionText('ratio', 1.23456)).toBe('1.23');
  });
  it('writes no -0.0 and a dash for a missing value', () => {
    expect(criterionText('relative_delta', -0.00001)).toBe('0.0');
    expect(criterionText('ratio', null)).toBe('–');
  });
});

describe('gateTables', () => {
  it('has one row per load and criterion; the caption names gate, registration, trace and loads', () => {
    const trace = fixtureTrace();
    const [t] = gateTables([fixtureEvaluation(trace)]);
    expect(t!.caption).toBe('Gate fixture-gate (not pre-registered) on trace shop, loads 0.5, 0.8: estimates with 95 % bootstrap intervals.');
    // predictive+weights+pausing is exactly 30 % below FIFO in every window (fixtures/report-fixture.ts).
    // Whole run: 0.7 × FIFO's all-message mean, −30 % too.
    expect(t!.rows[0]).toEqual(['0.5', 'mean_vs_fifo', 'primary', 'mean_latency_ms Δ ≤ -0.15 and upper < 0', '%', '-30.0', '-30.0', '-30.0', '15.0', '-30.0', 'pass']);
    expect(t!.rows).toHaveLength(4);
    expect(t!.note).toMatch(/^Margin: .*positive = inside the bar/);
  });
  it('gives no table without evaluations', () => {
    expect(gateTables([])).toEqual([]);
  });
});

describe('metricsTables', () => {
  it('writes times in the unit that fits, and changes vs FIFO in %', () => {
    const [t] = metricsTables([fixtureTrace()]);
    expect(t!.header).toContain('mean (s)');
    // FIFO at 0.5: whole-run mean 4000 ms, p50 2400, p99 20000; predictive+weights+pausing is 0.7 × FIFO.
    expect(t!.rows[0]).toEqual(['0.5', 'fifo', '910', '4.00', '2.40', '20.0', '–', '–']);
    expect(t!.rows[2]).toEqual(['0.5', 'predictive+weights+pausing', '910', '2.80', '1.68', '14.0', '-30.0', '-30.0']);
  });
  it('leaves the changes empty for a trace without FIFO', () => {
    const json = fixtureResultFile(['predictive']);
    const parsed = parseResultFile(json, 'p.json');
    if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
    const { traces } = groupByTrace([{ sourced: { file: 'p.json', result: parsed.value }, extras: parseResultExtras(json, 'p.json').value }]);
    expect(metricsTables(traces)[0]!.rows.every((r) => r[6] === '–' && r[7] === '–')).toBe(true);
  });
});

describe('sweepTables', () => {
  it('has a row per variant, load and criterion and names the gate and its registration', () => {
    const s = parseSweepFile(fixtureSweepFile(), 'sweep.json');
    if (!s.ok) throw new Error(s.issues.join('\n'));
    const [t] = sweepTables([s.value]);
    expect(t!.caption).toBe('Sensitivity sweep predictor-one-at-a-time on trace shop, loads 0.5, 0.8, judged by gate weights-pausing-vs-fifo.sim (not pre-registered).');
    expect(t!.rows).toHaveLength(6);
    expect(t!.rows[3]).toEqual(['minSamples=5', 'predictor.minSamples=5', 'shop', '0.8', 'mean_vs_fifo', '-0.200', '-0.300', '-0.100', 'pass', 'yes']);
  });
  it('gives no table without sweeps', () => {
    expect(sweepTables([])).toEqual([]);
  });
});
