// The preemptive SRPT engine: hand-computed scenarios and Schrage–Miller's M/M/1 mean response.
import { describe, expect, it } from 'vitest';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { createRng } from '../src/rng/seeded.ts';
import { exponentialDensity, meanOverSizes, srptResponseAt } from '../analysis/theory/size-based.ts';
import { generateMmc, MMC_DEFAULTS } from '../traces/generators/mmc.ts';
import { runSrptEngine } from './srpt-engine.ts';
import type { EngineConfig, Router } from './engine.ts';
import { parseArm } from './arms/index.ts';
import { simulate } from './simulate.ts';

const row = (t: number, d: number): TraceRow => ({ arrival_ms: t, duration_ms: d, key: 'k' });
const noop: Router = { now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined };
const cfg = (workers: number): EngineConfig => ({ workers, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });

function srpt(rows: TraceRow[], workers: number): { start: number[]; end: number[]; preemptions: number } {
  const trace = traceFromRows(rows);
  const r = runSrptEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router: noop, cfg: cfg(workers) });
  return { start: Array.from(r.start), end: Array.from(r.end), preemptions: r.events.promotions };
}

describe('srpt engine: hand-computed scenarios', () => {
  it('one worker: arrivals with less work preempt, preempted work resumes shortest-remaining first', () => {
    // A(0,10) runs; B(2,3) preempts A (8 left); C(3,1) preempts B (2 left); C ends 4. At 4 the completion comes
    // first: B resumes (2 < 8) and D(4,6) waits (6 > 2); B ends 6; D (6 < 8) runs 6–12; A 12–20.
    const r = srpt([row(0, 10), row(2, 3), row(3, 1), row(4, 6)], 1);
    expect(r.start).toEqual([0, 2, 3, 6]);
    expect(r.end).toEqual([20, 6, 4, 12]);
    expect(r.preemptions).toBe(2);
  });

  it('two workers: the arrival preempts the running job with the most remaining work; equal work is not preempted', () => {
    // A(0,4) and B(1,4) run; C(2,1): A has 2 left, B 3 → B is preempted; C 2–3; B resumes 3–6; A ends 4.
    // D(4,2) arrives with B's remaining work exactly 2 (and the other worker free since A ended): D runs at once.
    const r = srpt([row(0, 4), row(1, 4), row(2, 1), row(4, 2)], 2);
    expect(r.start).toEqual([0, 1, 2, 4]);
    expect(r.end).toEqual([4, 6, 3, 6]);
    // One worker, equal remaining work: E(0,2) has 1 left at 1 when F(1,1) arrives: no preemption, F waits.
    const s = srpt([row(0, 2), row(1, 1)], 1);
    expect(s.end).toEqual([2, 3]);
    expect(s.preemptions).toBe(0);
  });

  it('the srpt arm runs through simulate and refuses every scheduling flag', () => {
    const out = simulate(traceFromRows([row(0, 10), row(2, 3), row(3, 1), row(4, 6)]), {
      loads: ['as-is'], arms: [parseArm('srpt', 3)], workers: 1, levels: 3, defaultLevel: 1, split: 'none', fraction: 0.5,
      windows: 1, windowBy: 'count', staticMap: null, seed: 1,
    }).results['as-is']!.arms.srpt!;
    // Latencies 20, 4, 1, 8 (ends above minus arrivals) → mean 8.25.
    expect(out.all.mean_latency_ms).toBe(8.25);
    const aged = parseArm('srpt+aging=100', 3);
    expect(() => aged.routing.check?.(aged.flags, {}, 3, 1)).toThrow(/--arm srpt.*aging/);
  });
});

describe('srpt engine vs Schrage and Miller (1966): M/M/1 mean response', () => {
  it.each([0.5, 0.8])('at ρ = %s within 3 SE of 8 replications and 5 percent', (rho) => {
    // Theory: T(x) integrated over the exponential density numerically (analysis/theory/size-based.ts).
    // 8 seeded replications of 100k jobs put the standard error near 1 % of the mean, so 3 SE and 5 % leave room for
    // the seeds' spread yet fail FIFO (2.1× the SRPT response at ρ = 0.8) and non-preemptive SJF (1.2×).
    const mean = 10;
    const dist = exponentialDensity(mean);
    const responses: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const trace = generateMmc({ ...MMC_DEFAULTS, n: 100_000, c: 1, rho, meanServiceMs: mean }, createRng(700 + rep));
      const run = runSrptEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router: noop, cfg: cfg(1) });
      let s = 0;
      for (let i = 0; i < trace.n; i++) s += run.end[i]! - run.arrival[i]!;
      responses.push(s / trace.n);
    }
    const theory = meanOverSizes((x) => srptResponseAt(rho / mean, dist, x), dist, 0, dist.upper, 200);
    const m = responses.reduce((a, b) => a + b, 0) / responses.length;
    const se = Math.sqrt(responses.reduce((a, b) => a + (b - m) ** 2, 0) / (responses.length - 1) / responses.length);
    expect(Math.abs(m - theory)).toBeLessThanOrEqual(3 * se);
    expect(Math.abs(m - theory) / theory).toBeLessThan(0.05);
  });
});
