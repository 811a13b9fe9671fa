// A sweep judged by several gates in the report: the sweep file's every gate read, and the charts and tables per gate.
import { describe, expect, it } from 'vitest';
import { parseSweepFile, sweepPerGate, type SweepFile } from '../src/config/sweep-output.ts';
import { fixtureMultiGateSweepFile, fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { fixtureTrace } from './golden-specs.ts';
import { sweepTables } from './paper-tables.ts';
import { buildReportModel } from './report-model.ts';

function parsed(json: unknown): SweepFile {
  const s = parseSweepFile(json, 'sweep.json');
  if (!s.ok) throw new Error(s.issues.join('\n'));
  return s.value;
}

function model(sweep: SweepFile): ReturnType<typeof buildReportModel> {
  return buildReportModel({ title: 't', traces: [fixtureTrace(fixtureResultFile())], evaluations: [], gateNotes: [], sweeps: [sweep], warnings: [] });
}

describe('parseSweepFile and sweepPerGate', () => {
  it('reads every gate of a sweep with "gates", each with its own verdicts', () => {
    const s = parsed(fixtureMultiGateSweepFile());
    expect(s.gates.map((g) => [g.gate, g.gateFrozen, g.verdicts.filter((v) => v.passed).length])).toEqual([
      ['weights-pausing-vs-fifo.sim', false, 4], // fixtureSweepFile: 3 variants pass at 0.5, minSamples=5 at 0.8
      ['p99-guard.sim', true, 6],
    ]);
    const views = sweepPerGate(s);
    expect(views.map((v) => [v.gate, v.gateFrozen, v.verdicts.length, v.verdicts.some((x) => x.flipped)])).toEqual([
      ['weights-pausing-vs-fifo.sim', false, 6, true],
      ['p99-guard.sim', true, 6, false],
    ]);
  });

  it('gives a sweep of one gate itself, its gate as the only entry', () => {
    const s = parsed(fixtureSweepFile());
    expect(s.gates).toEqual([{ gate: s.gate, gateFrozen: s.gateFrozen, verdicts: s.verdicts }]);
    expect(sweepPerGate(s)).toEqual([s]);
  });

  it('names the JSON path of a bad gate entry or a bad verdict inside one', () => {
    const json = fixtureMultiGateSweepFile() as { gates: Record<string, unknown>[] };
    json.gates[1] = { ...json.gates[1], gate_frozen: 'no', verdicts: [{ trace: 't', load: '0.5', variant: 'v', passed: 1, flipped: false }] };
    json.gates.push({ verdicts: [] });
    const bad = parseSweepFile(json, 'sweep.json');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues).toEqual([
      'sweep.json → gates[1].gate_frozen: found "no"; expected true or false',
      'sweep.json → gates[1].verdicts[0].passed: found 1; expected true or false',
      'sweep.json → gates[2]: found an object; expected an object with a string gate and its verdicts',
    ]);
  });
});

describe('the report of a sweep of several gates', () => {
  it('draws the heatmap and the effect chart once per gate, each from that gate\'s verdicts and naming it', () => {
    const charts = model(parsed(fixtureMultiGateSweepFile())).charts.filter((c) => c.id.startsWith('sensitivity') || c.id.startsWith('effects'));
    expect(charts.map((c) => c.id)).toEqual([
      'sensitivity-predictor-one-at-a-time-gate-weights-pausing-vs-fifo-sim',
      'effects-predictor-one-at-a-time-gate-weights-pausing-vs-fifo-sim',
      'sensitivity-predictor-one-at-a-time-gate-p99-guard-sim',
      'effects-predictor-one-at-a-time-gate-p99-guard-sim',
    ]);
    const values = (i: number): { outcome: string; flipped: boolean }[] => (charts[i]!.spec as { data: { values: { outcome: string; flipped: boolean }[] } }).data.values;
    expect(values(0).filter((c) => c.outcome === 'fail')).toHaveLength(2);
    expect(values(2).filter((c) => c.outcome === 'fail' || c.flipped)).toHaveLength(0);
    expect(JSON.stringify(charts[2]!.spec)).toContain('(gate p99-guard.sim)');
    expect(JSON.stringify(charts[3]!.spec)).toContain('Sensitivity as effect size: predictor-one-at-a-time (gate p99-guard.sim)');
  });

  it('keeps the ids and titles of a sweep of one gate', () => {
    const charts = model(parsed(fixtureSweepFile())).charts.filter((c) => c.id.startsWith('sensitivity') || c.id.startsWith('effects'));
    expect(charts.map((c) => [c.id, c.title])).toEqual([
      ['sensitivity-predictor-one-at-a-time', 'Sensitivity: predictor-one-at-a-time'],
      ['effects-predictor-one-at-a-time', 'Sensitivity as effect size: predictor-one-at-a-time'],
    ]);
  });

  it('writes one paper table per gate', () => {
    const tables = sweepTables([parsed(fixtureMultiGateSweepFile())]);
    expect(tables.map((t) => t.id)).toEqual(['sweep-predictor-one-at-a-time-weights-pausing-vs-fifo-sim', 'sweep-predictor-one-at-a-time-p99-guard-sim']);
    expect(tables[1]!.caption).toBe('Sensitivity sweep predictor-one-at-a-time on trace shop, loads 0.5, 0.8, judged by gate p99-guard.sim.');
    expect(tables[1]!.rows.every((r) => r[8] === 'pass')).toBe(true);
    expect(sweepTables([parsed(fixtureSweepFile())]).map((t) => t.id)).toEqual(['sweep-predictor-one-at-a-time']);
  });
});
