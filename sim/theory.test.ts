// The engine against queueing theory (SPEC §9): M/M/1, M/M/64 (Erlang C), Cobham's two classes, Kleinrock's
// conservation law and Little's law, over seeded replications with stated tolerances.
import { describe, expect, it } from 'vitest';
import { createRng, exponential } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { mm1MeanWait, mmcMeanWait } from '../analysis/theory/erlang-c.ts';
import { exponentialClass, fifoMeanWait, priorityMeanWaits } from '../analysis/theory/cobham.ts';
import { simulate, type SimulationConfig } from './simulate.ts';
import { parseArm } from './arms/index.ts';
import { runEngine } from './engine.ts';

/** Poisson arrivals of exponential jobs, mixed over classes (label, rate per ms, mean service ms). */
function poissonTrace(seed: number, n: number, classes: { label: string; lambda: number; mean: number }[]) {
  const rng = createRng(seed);
  const arrivals = rng.fork('arrivals');
  const pick = rng.fork('class');
  const service = rng.fork('service');
  const total = classes.reduce((s, c) => s + c.lambda, 0);
  const rows: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += exponential(arrivals, 1 / total);
    let u = pick.next() * total;
    let c = classes[classes.length - 1]!;
    for (const k of classes) {
      if (u < k.lambda) {
        c = k;
        break;
      }
      u -= k.lambda;
    }
    rows.push({ arrival_ms: t, duration_ms: exponential(service, c.mean), key: c.label, class: c.label });
  }
  return traceFromRows(rows);
}

function config(arm: string, workers: number, levels: number, extra: Partial<SimulationConfig> = {}): SimulationConfig {
  return {
    loads: ['as-is'], arms: [parseArm(arm, levels)], workers, levels, defaultLevel: 0, split: 'none', fraction: 0.5,
    windows: 1, windowBy: 'count', staticMap: null, seed: 1, ...extra,
  };
}

/** Mean and standard error of replicate estimates. */
function meanSe(xs: number[]): { mean: number; se: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
  return { mean, se: Math.sqrt(v / xs.length) };
}

describe('engine vs queueing theory', () => {
  it.each([0.5, 0.8])('M/M/1 mean wait at ρ = %s: Wq = ρ/(μ − λ) within 3 SE and 5 percent', (rho) => {
    const mu = 1; // per ms
    const waits: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const trace = poissonTrace(100 + rep, 60_000, [{ label: 'a', lambda: rho * mu, mean: 1 / mu }]);
      waits.push(simulate(trace, config('fifo', 1, 1)).results['as-is']!.arms.fifo!.all.mean_wait_ms);
    }
    const theory = mm1MeanWait(rho * mu, mu);
    const { mean, se } = meanSe(waits);
    expect(Math.abs(mean - theory)).toBeLessThanOrEqual(3 * se + 1e-12);
    expect(Math.abs(mean - theory) / theory).toBeLessThan(0.05);
  });

  it('M/M/64 mean wait at ρ = 0.8: Wq = C(c, a)/(cμ − λ) (Erlang C) within 3 SE and 10 %', () => {
    const c = 64;
    const mu = 0.1; // mean service 10 ms
    const lambda = 0.8 * c * mu;
    const waits: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const trace = poissonTrace(200 + rep, 100_000, [{ label: 'a', lambda, mean: 1 / mu }]);
      waits.push(simulate(trace, config('fifo', c, 1)).results['as-is']!.arms.fifo!.all.mean_wait_ms);
    }
    const theory = mmcMeanWait(lambda, mu, c);
    const { mean, se } = meanSe(waits);
    expect(Math.abs(mean - theory)).toBeLessThanOrEqual(3 * se + 1e-12);
    expect(Math.abs(mean - theory) / theory).toBeLessThan(0.1);
  });

  it("Cobham's two classes with static-map+no-aging on one worker, and Kleinrock's conservation law", () => {
    // Short: 80 % of arrivals, mean 1 ms; long: 20 %, mean 5 ms; ρ = λ(0.8 + 1.0) = 0.7.
    const lambda = 0.7 / 1.8;
    const classes = [{ label: 'short', lambda: 0.8 * lambda, mean: 1 }, { label: 'long', lambda: 0.2 * lambda, mean: 5 }];
    const theoryClasses = classes.map((k) => exponentialClass(k.lambda, k.mean));
    const [wShortTheory, wLongTheory] = priorityMeanWaits(theoryClasses) as [number, number];
    const wFifoTheory = fifoMeanWait(theoryClasses);
    const staticMap = new Map([['short', 0], ['long', 1]]);
    const short: number[] = [];
    const long: number[] = [];
    const conservationGap: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const trace = poissonTrace(300 + rep, 80_000, classes);
      const out = simulate(trace, config('static-map+no-aging', 1, 2, { staticMap, arms: [parseArm('static-map+no-aging', 2), parseArm('fifo', 2)] }));
      const arms = out.results['as-is']!.arms;
      const prio = arms['static-map+no-aging']!.by_label!;
      const fifo = arms.fifo!.all;
      short.push(prio.short!.mean_wait_ms);
      long.push(prio.long!.mean_wait_ms);
      // Kleinrock: Σ ρ_c W_c is the same for every work-conserving non-preemptive order (here: vs FIFO), with the
      // realised class loads of this sample path.
      const nS = prio.short!.count;
      const nL = prio.long!.count;
      const weighted = (nS * 1 * prio.short!.mean_wait_ms + nL * 5 * prio.long!.mean_wait_ms) / (nS * 1 + nL * 5);
      conservationGap.push((weighted - fifo.mean_wait_ms) / fifo.mean_wait_ms);
    }
    const s = meanSe(short);
    const l = meanSe(long);
    expect(Math.abs(s.mean - wShortTheory)).toBeLessThanOrEqual(3 * s.se + 1e-12);
    expect(Math.abs(s.mean - wShortTheory) / wShortTheory).toBeLessThan(0.05);
    expect(Math.abs(l.mean - wLongTheory)).toBeLessThanOrEqual(3 * l.se + 1e-12);
    expect(Math.abs(l.mean - wLongTheory) / wLongTheory).toBeLessThan(0.05);
    // Conservation in theory: ρ_s W_s + ρ_l W_l = ρ W_FIFO.
    const rhoS = 0.8 * lambda * 1;
    const rhoL = 0.2 * lambda * 5;
    expect(rhoS * wShortTheory + rhoL * wLongTheory).toBeCloseTo((rhoS + rhoL) * wFifoTheory, 10);
    // And on the simulated paths, within 5 % on average.
    expect(Math.abs(meanSe(conservationGap).mean)).toBeLessThan(0.05);
  });

  it("Little's law L = λW holds on every run (time-average number in system from an independent sweep)", () => {
    const trace = poissonTrace(400, 20_000, [{ label: 'a', lambda: 0.9 * 4 * 0.5, mean: 2 }]);
    const router = { now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined };
    const run = runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg: { workers: 4, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false } });
    // Sweep: +1 at each arrival, −1 at each end; integrate N(t) over [first arrival, last end].
    const events: [number, number][] = [];
    for (let i = 0; i < trace.n; i++) {
      events.push([run.arrival[i]!, 1], [run.end[i]!, -1]);
    }
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let area = 0;
    let n = 0;
    let last = events[0]![0];
    for (const [t, d] of events) {
      area += n * (t - last);
      n += d;
      last = t;
    }
    const span = last - events[0]![0];
    const L = area / span;
    let sumLatency = 0;
    for (let i = 0; i < trace.n; i++) sumLatency += run.end[i]! - run.arrival[i]!;
    const lambda = trace.n / span;
    const W = sumLatency / trace.n;
    expect(L).toBeCloseTo(lambda * W, 6);
  });
});
