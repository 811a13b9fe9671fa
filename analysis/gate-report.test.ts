// The readable gate verdict: changes in %, margins in pp, ratios to 4 digits, and replications' own verdicts per seed.
import { describe, expect, it } from 'vitest';
import type { CriterionReport } from './gate-evaluation.ts';
import { criterionMarginText, criterionValueText, formatGateReport, replicationCounts, replicationVerdictsText, type GateReport } from './gate-report.ts';

const base: CriterionReport = {
  point: -0.3, low: -0.35, high: -0.25, status: 'pass', role: 'primary', limit: -0.15, kind: 'relative_delta', arm: 'a', baseline: 'fifo',
  metric: 'mean_latency_ms', in_gate: true, margin: 0.15, windows: null, whole_run: -0.28, without_highest_window: null,
};

function report(criteria: Record<string, CriterionReport>): GateReport {
  return {
    gate: 'g', gate_file: 'g.json', gate_sha256: '0'.repeat(64), frozen: false, pre_registered: false,
    pre_registration: { proven: false, reason: 'evaluated unfrozen', freeze_commit: null, results_commits: [] } as unknown as GateReport['pre_registration'],
    lock_sha256: null, results: ['r.json'], trace_sha256: null, passed: false, loads: { '0.8': { passed: false, criteria } },
  };
}

describe('criterionValueText and criterionMarginText', () => {
  it('write a change in signed % with one decimal, its margin in pp, a ratio to 4 (margin 3) significant digits', () => {
    expect(criterionValueText('relative_delta', -0.146044)).toBe('−14.6 %');
    expect(criterionValueText('ratio', 1.0383531)).toBe('1.038');
    expect(criterionMarginText('relative_delta', -0.178035)).toBe('−17.8 pp');
    expect(criterionMarginText('ratio', 0.933058)).toBe('0.933');
  });
  it('write a dash for a missing value', () => {
    expect(criterionValueText('relative_delta', null)).toBe('–');
    expect(criterionMarginText('ratio', null)).toBe('–');
  });
});

describe('formatGateReport', () => {
  it('shows a plain criterion in % without a replications column', () => {
    const text = formatGateReport(report({ m: base }));
    expect(text).toContain('−30.0 % [−35.0 %, −25.0 %]  +15.0 pp  −28.0 %');
    expect(text).not.toContain('replications');
    expect(text).toContain('margin: distance of the estimate');
  });
  it('adds the replications column and each seed\'s verdict for a replicated criterion', () => {
    const rep: CriterionReport = { ...base, status: 'unstable', whole_run: null, pair: 'seed', replications: { 1: 'pass', 2: 'fail', 3: 'pass' } };
    const text = formatGateReport(report({ m: rep }));
    expect(text).toMatch(/replications\s+result/);
    expect(text).toMatch(/pass × 2, fail × 1\s+UNSTABLE/);
    expect(text).toContain('  m: pair seed (one whole-run change per seed): s1 pass, s2 fail, s3 pass');
  });
});

describe('replicationCounts and replicationVerdictsText', () => {
  it('count the verdicts and name the pairing (window by default)', () => {
    expect(replicationCounts({ replications: { 1: 'fail', 2: 'fail' } })).toBe('fail × 2');
    expect(replicationVerdictsText({ replications: { 1: 'fail', 2: 'fail' } })).toBe('pair window (each seed judged on its own windows): s1 fail, s2 fail');
  });
  it('give a dash for a criterion run once', () => {
    expect(replicationCounts({})).toBe('–');
  });
});
