// Two-sided equivalence criteria: the interval must lie inside ±margin; a margin ≤ 0 is refused with its JSON path.
import { describe, expect, it } from 'vitest';
import { estimateCriterion, passesRule, ruleMargin } from './criterion.ts';
import { parseGateFile } from './gate-file.ts';
import { barText } from './gate-report.ts';
import { publishedGate } from './fixtures/result-file-fixture.ts';

const boot = { method: 'iid' as const, samples: 2000, seed: 2026, confidence: 0.95, block: 4 };

describe('equivalence criteria', () => {
  it('pass iff −margin ≤ low and high ≤ margin; the margin is the room on the tighter side', () => {
    expect(passesRule('equivalence', 0.05, 0, 0.05, -0.05)).toBe(true);
    expect(passesRule('equivalence', 0.05, 0, 0.04, -0.0500001)).toBe(false);
    expect(passesRule('equivalence', 0.05, 0, 0.0500001, 0)).toBe(false);
    expect(ruleMargin('equivalence', 0.05, 0, 0.03, -0.01)).toBeCloseTo(0.02, 12);
    expect(ruleMargin('equivalence', 0.05, 0, 0.01, -0.045)).toBeCloseTo(0.005, 12);
  });

  it('estimates from paired relative changes: ±1 % noise is equivalent within 5 %, a 10 % shift is not', () => {
    const near = Float64Array.from([0.01, -0.01, 0.005, -0.005, 0, 0.01, -0.01]);
    expect(estimateCriterion('equivalence', 0.05, near, boot).status).toBe('pass');
    const shifted = near.map((x) => x + 0.1);
    const est = estimateCriterion('equivalence', 0.05, shifted, boot);
    expect(est.status).toBe('fail');
    expect(est.margin!).toBeLessThan(0);
  });

  it('a gate file takes kind "equivalence" with a margin > 0 and refuses 0 or less with the JSON path', () => {
    const crit = (limit: number) => ({ arm: 'a', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'equivalence', limit, role: 'primary' });
    expect(parseGateFile(publishedGate({ criteria: { eq: crit(0.05) }, gate: ['eq'] }), 'g.json').ok).toBe(true);
    const bad = parseGateFile(publishedGate({ criteria: { eq: crit(0) }, gate: ['eq'] }), 'g.json');
    expect(bad.ok ? [] : bad.issues).toContainEqual(expect.stringMatching(/^g\.json → criteria\.eq\.limit: .*an equivalence margin > 0/));
    expect(barText('equivalence', 0.05, 'mean_latency_ms')).toBe('mean_latency_ms Δ interval inside ±0.05');
  });
});
