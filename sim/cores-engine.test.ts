// Handlers that compute on C cores: hand-computed overlaps, conservation of work, and M/G/1-PS theory.
import { describe, expect, it } from 'vitest';
import { createRng, exponential, lognormal } from '../src/rng/seeded.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { runEngine, type EngineConfig, type Router } from './engine.ts';

const fifo = (): Router => ({ now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined });
const cfg = (workers: number): EngineConfig => ({ workers, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
const run = (arr: number[], dur: number[], workers: number, cores: number): { start: number[]; end: number[] } => {
  const r = runEngineOnCores({ arrival: Float64Array.from(arr), duration: Float64Array.from(dur), first: 0, m: arr.length, compress: 1, router: fifo(), cfg: cfg(workers), cores });
  return { start: Array.from(r.start), end: Array.from(r.end) };
};

describe('runEngineOnCores, hand-computed', () => {
  it('two handlers on one core share it: 2 ms and 4 ms of CPU both from t = 0 end at 4 and 6', () => {
    // [0, 4): both at rate 1/2, so the 2 ms one is done at 4 and the other has 2 ms left, alone at rate 1 → 6.
    expect(run([0, 0], [2, 4], 2, 1)).toEqual({ start: [0, 0], end: [4, 6] });
  });

  it('three overlapping handlers on one core: A(0, 3), B(1, 3), C(2, 1) end at 6, 7 and 5', () => {
    // [0,1) A alone: A 2 left. [1,2) A,B at 1/2: A 1.5, B 2.5 left. [2,5) three at 1/3: C done at 5, A 0.5, B 1.5.
    // [5,6) A,B at 1/2: A done at 6, B 1 left. [6,7) B alone: done at 7.
    expect(run([0, 1, 2], [3, 3, 1], 3, 1)).toEqual({ start: [0, 1, 2], end: [6, 7, 5] });
  });

  it('with at least as many cores as running handlers nothing slows down: the same times as runEngine', () => {
    const rng = createRng(5).fork('same');
    const n = 2000;
    const arr: number[] = [];
    const dur: number[] = [];
    let t = 0;
    for (let i = 0; i < n; i++) {
      t += exponential(rng, 1);
      arr.push(t);
      dur.push(lognormal(rng, 3, 1));
    }
    const a = runEngineOnCores({ arrival: Float64Array.from(arr), duration: Float64Array.from(dur), first: 0, m: n, compress: 1, router: fifo(), cfg: cfg(4), cores: 4 });
    const ends = Array.from(a.end);
    const b = runEngine({ arrival: Float64Array.from(arr), duration: Float64Array.from(dur), first: 0, m: n, compress: 1, router: fifo(), cfg: cfg(4) });
    // Virtual time adds up the same gaps in another order, so equal up to rounding.
    expect(Math.max(...ends.map((e, i) => Math.abs(e - b.end[i]!)))).toBeLessThan(1e-9);
    expect(Array.from(a.start)).toEqual(Array.from(b.start));
  });

  it('refuses a core count below 1', () => {
    expect(() => run([0], [1], 1, 0)).toThrow(RangeError);
    expect(() => run([0], [1], 1, 1.5)).toThrow(/cores 1\.5; expected an integer ≥ 1/);
  });
});

describe('runEngineOnCores against theory', () => {
  it('conserves work: one core is busy exactly the total demand, ending when the last handler ends', () => {
    // Jobs arrive only while the system is busy (a single busy period), so the makespan is the sum of demands.
    const dur = [5, 1, 7, 2, 3, 0.5, 4];
    const arr = [0, 0.5, 1, 2, 3, 4, 4.5];
    const r = run(arr, dur, 10, 1);
    expect(Math.max(...r.end)).toBeCloseTo(dur.reduce((s, d) => s + d, 0), 9);
  });

  it('M/G/1-PS: with one core and many workers, mean response of a job of size x is x/(1 − ρ) for lognormal sizes', () => {
    // Processor sharing is insensitive to the size distribution (Kleinrock 1976, Queueing Systems II, §4.4):
    // E[T | x] = x/(1 − ρ). Lognormal sizes (σ = 1) at ρ = 0.6 over 8 seeded replications of 40,000 jobs (the first
    // 2,000 dropped as warm-up); the mean slowdown T/x is 2.5 in theory. Tolerance 8 % of the mean over
    // replications: lognormal σ = 1 busy periods make one replication's slowdown vary by about ±10 %.
    const rho = 0.6;
    const ratios: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const rng = createRng(1000 + rep).fork('ps');
      const n = 40_000;
      const meanSize = Math.exp(0.5); // lognormal median 1, σ 1
      const arr = new Float64Array(n);
      const dur = new Float64Array(n);
      let t = 0;
      for (let i = 0; i < n; i++) {
        t += exponential(rng, meanSize / rho);
        arr[i] = t;
        dur[i] = lognormal(rng, 1, 1);
      }
      const r = runEngineOnCores({ arrival: arr, duration: dur, first: 0, m: n, compress: 1, router: fifo(), cfg: cfg(100_000), cores: 1 });
      let s = 0;
      let k = 0;
      for (let i = 2000; i < n; i++) {
        s += (r.end[i]! - r.arrival[i]!) / dur[i]!;
        k++;
      }
      ratios.push(s / k);
    }
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    expect(Math.abs(mean - 1 / (1 - rho)) / (1 / (1 - rho))).toBeLessThan(0.08);
  });
});
