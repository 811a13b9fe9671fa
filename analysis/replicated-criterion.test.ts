// Gates over replicated results: pairing by seed, pooling windows, unstable verdicts, and pairing without replications.
import { describe, expect, it } from 'vitest';
import { evaluateGate } from './gate-evaluation.ts';
import { parseGateFile, type GateFile } from './gate-file.ts';
import type { ResultSet, SourcedArm } from './result-set.ts';

/** An arm with the given per-window mean latencies; `all` is their mean. */
const arm = (windows: number[]): SourcedArm => ({
  file: 'r.json',
  arm: { all: { mean_latency_ms: windows.reduce((a, b) => a + b, 0) / windows.length }, windows: windows.map((v) => ({ mean_latency_ms: v })) },
});

function results(arms: Record<string, SourcedArm>): ResultSet {
  return { files: ['r.json'], traceSha256: null, loads: new Map([['0.8', new Map(Object.entries(arms))]]) };
}

function gate(pair?: string, limit = -0.1): GateFile {
  const crit = { arm: 'a', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit, role: 'primary', ...(pair ? { pair } : {}) };
  const parsed = parseGateFile({ id: 'g', bootstrap: { method: 'iid', samples: 1000, seed: 1, confidence: 0.95 }, criteria: { m: crit }, gate: ['m'] }, 'g.json');
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return parsed.value;
}

// Seeds 1–3: the arm is 30–40 % below FIFO in every window of every replication.
const clear = results({
  'fifo#s1': arm([100, 100, 100]), 'a#s1': arm([60, 65, 70]),
  'fifo#s2': arm([100, 110, 120]), 'a#s2': arm([70, 70, 80]),
  'fifo#s3': arm([90, 100, 100]), 'a#s3': arm([60, 60, 65]),
});

describe('replicated gate criteria', () => {
  it('pair by seed: one paired whole-run change per seed, bootstrapped over seeds', () => {
    const m = evaluateGate(gate('seed'), 'g.json', clear)['0.8']!.criteria['m']!;
    expect(m.pair).toBe('seed');
    // Hand-computed: s1 65/100 − 1 = −0.35; s2 (220/3)/110 − 1 = −1/3; s3 (185/3)/(290/3) − 1 = −105/290.
    const expected = [-0.35, -1 / 3, -105 / 290];
    m.windows!.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 12));
    expect(m.status).toBe('pass');
    expect(m.replications).toEqual({ 1: 'pass', 2: 'pass', 3: 'pass' });
  });

  it('pooled: the windows of every replication in seed order', () => {
    const m = evaluateGate(gate('pooled'), 'g.json', clear)['0.8']!.criteria['m']!;
    expect(m.windows).toHaveLength(9);
    expect(m.windows![0]).toBeCloseTo(-0.4, 12);
    expect(m.status).toBe('pass');
  });

  it('replications that disagree make the criterion unstable, and the gate does not pass', () => {
    const mixed = results({
      'fifo#s1': arm([100, 100, 100]), 'a#s1': arm([60, 65, 70]),
      'fifo#s2': arm([100, 100, 100]), 'a#s2': arm([99, 101, 100]),
    });
    const load = evaluateGate(gate(), 'g.json', mixed)['0.8']!;
    expect(load.criteria['m']!.replications).toEqual({ 1: 'pass', 2: 'fail' });
    expect(load.criteria['m']!.status).toBe('unstable');
    expect(load.passed).toBe(false);
  });

  it('pair by seed: seeds whose whole-run changes fall on both sides of the limit make the criterion unstable', () => {
    // Hand-computed: s1..s3 whole-run changes −0.35, −0.2, −0.05 against the limit −0.1: pass, pass, fail. The
    // interval over the seeds alone would pass (point −0.2 ≤ −0.1, and no resample mean exceeds −0.05 < 0), so it is
    // the disagreement that fails the gate.
    const spread = results({
      'fifo#s1': arm([100, 100]), 'a#s1': arm([65, 65]),
      'fifo#s2': arm([100, 100]), 'a#s2': arm([80, 80]),
      'fifo#s3': arm([100, 100]), 'a#s3': arm([95, 95]),
    });
    const load = evaluateGate(gate('seed'), 'g.json', spread)['0.8']!;
    const m = load.criteria['m']!;
    expect(m.replications).toEqual({ 1: 'pass', 2: 'pass', 3: 'fail' });
    expect(m.point).toBeCloseTo(-0.2, 12);
    expect(m.high!).toBeLessThan(0);
    expect(m.status).toBe('unstable');
    expect(load.passed).toBe(false);
    // The same seeds all beyond the limit agree: the seed interval's verdict stands.
    expect(evaluateGate(gate('seed', -0.01), 'g.json', spread)['0.8']!.criteria['m']!.status).toBe('pass');
  });

  it('pooled: replications that disagree on their windows make the criterion unstable; agreeing ones keep the pooled verdict', () => {
    const mixed = results({
      'fifo#s1': arm([100, 100, 100]), 'a#s1': arm([60, 65, 70]),
      'fifo#s2': arm([100, 100, 100]), 'a#s2': arm([99, 101, 100]),
    });
    const m = evaluateGate(gate('pooled'), 'g.json', mixed)['0.8']!.criteria['m']!;
    expect(m.replications).toEqual({ 1: 'pass', 2: 'fail' });
    expect(m.status).toBe('unstable');
    expect(evaluateGate(gate('pooled'), 'g.json', clear)['0.8']!.criteria['m']!.status).toBe('pass');
  });

  it('refuses pairing by seed on results without replications, with the JSON path', () => {
    const plain = results({ fifo: arm([100, 100]), a: arm([50, 50]) });
    expect(() => evaluateGate(gate('seed'), 'g.json', plain)).toThrow(/g\.json → criteria\.m\.pair: "seed", but the results hold no replications/);
    // Without "pair" the same results are judged by window as before.
    expect(evaluateGate(gate(), 'g.json', plain)['0.8']!.criteria['m']!.pair).toBeUndefined();
  });
});
