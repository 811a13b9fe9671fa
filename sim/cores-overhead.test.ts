// A fixed per-message CPU overhead before each handler starts, with and without shared cores: hand-computed runs and conservation.
import { describe, expect, it } from 'vitest';
import { createRng, exponential, lognormal } from '../src/rng/seeded.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { runEngine, type EngineConfig, type Router } from './engine.ts';

const fifo = (): Router => ({ now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined });
const cfg = (workers: number): EngineConfig => ({ workers, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
const run = (arr: number[], dur: number[], workers: number, cores: number, overhead: number): { start: number[]; end: number[] } => {
  const r = runEngineOnCores({ arrival: Float64Array.from(arr), duration: Float64Array.from(dur), first: 0, m: arr.length, compress: 1, router: fifo(), cfg: cfg(workers), cores, overheadMs: overhead });
  return { start: Array.from(r.start), end: Array.from(r.end) };
};

describe('runEngineOnCores with an overhead, hand-computed', () => {
  it('one worker, a core of its own, overhead 3: A(0, 2) is busy 0–5, B(1, 1) is taken at 5 and ends at 9', () => {
    // A: taken 0, overhead 0–3, handler 3–5. B waits for the worker until 5, overhead to 8, handler 8–9.
    expect(run([0, 1], [2, 1], 1, 1, 3)).toEqual({ start: [0, 5], end: [5, 9] });
  });

  it('an overhead uses a core: A(0, 4) and B(1, 1) on one core with overhead 2 end at 9 and 7', () => {
    // Demands 2 + 4 = 6 from 0 and 2 + 1 = 3 from 1. A runs alone 0–1 (5 left); from 1 both at rate 1/2: B's 3 are
    // done at 7, A then has 5 − 3 = 2 left, alone → 9. (An overhead that used no core would give 7 and 5.)
    expect(run([0, 1], [4, 1], 2, 1, 2)).toEqual({ start: [0, 1], end: [9, 7] });
  });

  it('three overlapping messages on one core, overhead 1: demands 4, 4, 2 from 0, 1, 2 end at 9, 10, 8', () => {
    // 0–1 A alone (3 left); 1–2 A and B at 1/2 (A 2.5, B 3.5 left); from 2 all three at 1/3: C's 2 are done at 8
    // (A 0.5, B 1.5 left); then A and B at 1/2: A done at 9 (B 1 left), B alone → 10.
    expect(run([0, 1, 2], [3, 3, 1], 3, 1, 1)).toEqual({ start: [0, 1, 2], end: [9, 10, 8] });
  });

  it('two messages taken together share one core from the take and end together (row order)', () => {
    // Demands 3 and 3 at rate 1/2 each: both end at 6.
    expect(run([0, 0], [2, 2], 2, 1, 1)).toEqual({ start: [0, 0], end: [6, 6] });
  });

  it('refuses a negative or non-finite overhead', () => {
    expect(() => run([0], [1], 1, 1, -1)).toThrow(/overhead -1 ms; expected a finite number ≥ 0/);
    expect(() => run([0], [1], 1, 1, Number.NaN)).toThrow(RangeError);
  });
});

describe('runEngineOnCores with an overhead, properties', () => {
  it('conserves work: one core busy from the first take for exactly the total demand, overheads included', () => {
    // Many workers: each message is taken on arrival and the core never idles from 0 on (arrivals come before the
    // work in hand is done): it ends at Σ (1 + duration) = 7 + 22.5.
    const dur = [5, 1, 7, 2, 3, 0.5, 4];
    const arr = [0, 0.5, 1, 2, 3, 4, 4.5];
    const r = run(arr, dur, 10, 1, 1);
    expect(Math.max(...r.end)).toBeCloseTo(dur.length + dur.reduce((s, d) => s + d, 0), 9);
  });

  it('with a core per worker, the same times as runEngine with each duration lengthened by the overhead', () => {
    const rng = createRng(11).fork('overhead');
    const n = 2000;
    const arr = new Float64Array(n);
    const dur = new Float64Array(n);
    let t = 0;
    for (let i = 0; i < n; i++) {
      t += exponential(rng, 10);
      arr[i] = t;
      dur[i] = lognormal(rng, 3, 1);
    }
    const a = runEngineOnCores({ arrival: arr, duration: dur, first: 0, m: n, compress: 1, router: fifo(), cfg: cfg(3), cores: 3, overheadMs: 4 });
    const ends = Array.from(a.end);
    const b = runEngine({ arrival: arr, duration: dur.map((d) => d + 4), first: 0, m: n, compress: 1, router: fifo(), cfg: cfg(3) });
    expect(Math.max(...ends.map((e, i) => Math.abs(e - b.end[i]!)))).toBeLessThan(1e-6);
    expect(Array.from(a.start)).toEqual(Array.from(b.start));
  });
});
