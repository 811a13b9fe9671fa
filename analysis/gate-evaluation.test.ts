// evaluateGate: a gate file judged against a result file, per load and criterion.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { evaluateGate } from './gate-evaluation.ts';
import { parseGateFile, type GateFile } from './gate-file.ts';
import { publishedArms, publishedGate, resultFileObject } from './fixtures/result-file-fixture.ts';
import { PUBLISHED } from './fixtures/azure2021-v3-windows.ts';
import { parseResultFile } from '../src/result/result-reader.ts';
import { mergeResults, type ResultSet } from './result-set.ts';

function gateOf(obj: unknown): GateFile {
  const p = parseGateFile(obj, 'g.json');
  if (!p.ok) throw new Error(p.issues.join('\n'));
  return p.value;
}

function setOf(...objs: unknown[]): ResultSet {
  const sources = objs.map((o, i) => {
    const p = parseResultFile(o, `r${i}.json`);
    if (!p.ok) throw new Error(p.issues.join('\n'));
    return { file: `r${i}.json`, result: p.value };
  });
  return mergeResults(sources).set;
}

describe('evaluateGate', () => {
  it('evaluates the published analysis: the gate fails on the primary criterion only', () => {
    const loads = evaluateGate(gateOf(publishedGate()), 'g.json', setOf(resultFileObject(publishedArms())));
    const l = loads['0.5']!;
    expect(l.passed).toBe(false);
    const mean = l.criteria['mean_vs_fifo']!;
    expect([mean.point, mean.low, mean.high].map((v) => v!.toFixed(6))).toEqual(PUBLISHED.meanDelta);
    expect(mean.status).toBe('fail');
    expect(l.criteria['p99_ratio']!.status).toBe('pass');
    expect(l.criteria['long_max_wait_ratio']!.status).toBe('pass');
    // The highest-baseline window is the last one (FIFO mean 2.86959e7 ms).
    expect(mean.without_highest_window!.dropped_window).toBe(6);
    expect(mean.windows).toHaveLength(7);
    // Metrics the fixture does not carry are reported as not available, not an error.
    expect(l.unavailable_metrics!['fifo']).toContain('p50_latency_ms');
  });

  it('reports the whole-run change beside the window average', () => {
    const arms = { fifo: { mean_latency_ms: [100, 100, 1000] }, b: { mean_latency_ms: [50, 50, 1000] } };
    const gate = gateOf(publishedGate({
      round_sig_digits: undefined,
      bootstrap: { method: 'iid', samples: 200, seed: 1, confidence: 0.95 },
      criteria: { m: { arm: 'b', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.15, role: 'primary' } },
      gate: ['m'],
    }));
    const m = evaluateGate(gate, 'g.json', setOf(resultFileObject(arms)))['0.5']!.criteria['m']!;
    // Windows: −0.5, −0.5, 0 → point −1/3; whole run (fixture all = window mean): 1100/3 vs 1200/3 → −1/12.
    expect(m.point).toBeCloseTo(-1 / 3, 15);
    expect(m.whole_run).toBeCloseTo(-1 / 12, 15);
    expect(m.without_highest_window).toMatchObject({ dropped_window: 2, point: -0.5 });
  });

  it('names every missing arm, missing metric and window mismatch in one error', () => {
    const gate = gateOf(publishedGate({
      windows: 5,
      criteria: {
        a: { arm: 'ghost', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'ratio', limit: 2, role: 'primary' },
        b: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'slowdown_p99', kind: 'ratio', limit: 2, role: 'secondary' },
        c: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' },
      },
      gate: ['a', 'c'],
    }));
    let err: unknown;
    try {
      evaluateGate(gate, 'g.json', setOf(resultFileObject(publishedArms())));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const issues = (err as InputError).issues;
    expect(issues).toHaveLength(4);
    expect(issues[0]).toContain('g.json → criteria.a.arm: "ghost", absent from the results at load 0.5');
    expect(issues[1]).toContain('g.json → criteria.b.metric: "slowdown_p99", not available');
    expect(issues[3]).toContain('g.json → windows: 7 windows');
  });

  it('refuses a block longer than the series and a gate load the results lack', () => {
    const gate = gateOf(publishedGate({ loads: ['0.9'], bootstrap: { method: 'moving-block', block: 8, samples: 100, seed: 1, confidence: 0.95 } }));
    expect(() => evaluateGate(gate, 'g.json', setOf(resultFileObject(publishedArms())))).toThrow(/loads\[0\]: load "0.9"/);
    const gate2 = gateOf(publishedGate({ bootstrap: { method: 'moving-block', block: 8, samples: 100, seed: 1, confidence: 0.95 } }));
    expect(() => evaluateGate(gate2, 'g.json', setOf(resultFileObject(publishedArms())))).toThrow(/bootstrap.block: 8, longer than the 7 windows/);
  });
});
