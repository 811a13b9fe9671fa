// Which gates fit which results: a fitting gate is evaluated at every fitting load; misfits say why.
import { describe, expect, it } from 'vitest';
import { parseGateFile } from '../analysis/gate-file.ts';
import { fitAndEvaluateGate, type ReportGate } from './gate-fit.ts';
import { fixtureReplicatedResultFile } from './fixtures/report-fixture.ts';
import { fixtureGate, fixtureTrace } from './golden-specs.ts';

function gate(overrides: Record<string, unknown>): ReportGate {
  const parsed = parseGateFile({ ...(fixtureGate() as object), ...overrides }, 'g.json');
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return { path: 'g.json', sha256: '0'.repeat(64), gate: parsed.value, registration: 'not pre-registered', lockSha256: null, explicit: false };
}

describe('fitAndEvaluateGate', () => {
  it('evaluates a fitting gate at every load: −30 % per window passes the −15 % bar (fixture)', () => {
    const ev = fitAndEvaluateGate(gate({}), fixtureTrace());
    expect('reason' in ev).toBe(false);
    if ('reason' in ev) return;
    expect(Object.keys(ev.loads)).toEqual(['0.5', '0.8']);
    expect(Object.values(ev.loads).map((l) => l.passed)).toEqual([true, true]);
    expect(ev.skippedLoads).toEqual([]);
  });
  it('says why a gate does not fit: another trace, a missing arm, another window count, a missing load', () => {
    const trace = fixtureTrace();
    const reason = (o: Record<string, unknown>): string => {
      const r = fitAndEvaluateGate(gate(o), trace);
      return 'reason' in r ? r.reason : 'fits';
    };
    expect(reason({ trace_sha256: 'a'.repeat(64) })).toBe(`gate fixture-gate is for trace ${'a'.repeat(12)}…, the results are of trace ${'f'.repeat(12)}…`);
    const armless = { criteria: { m: { arm: 'oracle', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.15, role: 'primary' } }, gate: ['m'] };
    expect(reason(armless)).toBe('gate fixture-gate does not fit shop: load 0.5: no arm oracle; load 0.8: no arm oracle');
    expect(reason({ windows: 28 })).toContain('load 0.5: 7 windows, the gate pre-registers 28');
    expect(reason({ loads: ['0.5', '0.95'] })).toBe('gate fixture-gate does not fit shop: load 0.95: absent from the results');
  });
});

describe('fitAndEvaluateGate on replicated results (arms arm#sSEED)', () => {
  it('fits the gate to the replications and judges them as gate check does: seeds at −30, −20, −10 % disagree on the −15 % bar', () => {
    const ev = fitAndEvaluateGate(gate({}), fixtureTrace(fixtureReplicatedResultFile()));
    if ('reason' in ev) throw new Error(ev.reason);
    const c = ev.loads['0.8']!.criteria['mean_vs_fifo']!;
    // fixtures/report-fixture.ts: seed factors 0.7, 0.8, 0.9 in every window; pooled mean −0.2.
    expect(c.replications).toEqual({ 1: 'pass', 2: 'pass', 3: 'fail' });
    expect(c.status).toBe('unstable');
    expect(c.point).toBeCloseTo(-0.2, 12);
    expect(ev.loads['0.8']!.criteria['p99_ratio']!.replications).toEqual({ 1: 'pass', 2: 'pass', 3: 'pass' });
    expect(ev.loads['0.8']!.passed).toBe(false);
  });
  it('says why when a replicated arm lacks the pre-registered window count', () => {
    const r = fitAndEvaluateGate(gate({ windows: 28 }), fixtureTrace(fixtureReplicatedResultFile()));
    expect('reason' in r ? r.reason : 'fits').toContain('load 0.8: 7 windows, the gate pre-registers 28');
  });
});
