// A fixed broker overhead before each handler starts, with and without shared cores: hand-computed runs and conservation.
import { describe, expect, it } from 'vitest';
import { createRng, exponential, lognormal } from '../src/rng/seeded.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { runEngine, type EngineConfig, type Router } from './engine.ts';

const fifo = (): Router => ({ now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined });
const cfg = (workers: number): EngineConfig => ({ workers, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
const run = (arr: number[], dur: number[], workers: number, cores: number, overhead: number): { start: number[]; end: number[] } => {
  const r = runEngineOnCores(Float64Array.from(arr), Float64Array.from(dur), 0, arr.length, 1, fifo(), cfg(workers), cores, undefined, overhead);
  return { start: Array.from(r.start), end: Array.from(r.end) };
};

describe('runEngineOnCores with an overhead, hand-computed', () => {
  it('one worker, a core of its own, overhead 3: A(0, 2) is busy 0–5, B(1, 1) is taken at 5 and ends at 9', () => {
    // A: taken 0, handler 3–5. B waits for the worker until 5, overhead to 8, handler 8–9.
    expect(run([0, 1], [2, 1], 1, 1, 3)).toEqual({ start: [0, 5], end: [5, 9] });
  });

  it('a handler in its overhead uses no core: A(0, 4) and B(1, 1) on one core with overhead 2 end at 7 and 5', () => {
    // A's handler runs alone 2–3 (B is in its overhead 1–3): A has 3 ms left. From 3 both at rate 1/2: B's 1 ms is
    // done at 5, A then has 2 ms left, alone → 7. Counting B's overhead as CPU would give other times.
    expect(run([0, 1], [4, 1], 2, 1, 2)).toEqual({ start: [0, 1], end: [7, 5] });
  });

  it('three overlapping handlers on one core, overhead 1: the no-overhead ends 6, 7, 5 shifted by 1', () => {
    // Every message is taken on arrival (3 workers) and its handler starts 1 ms later, so the sharing is that of
    // A(1, 3), B(2, 3), C(3, 1): see cores-engine.test.ts, plus 1.
    expect(run([0, 1, 2], [3, 3, 1], 3, 1, 1)).toEqual({ start: [0, 1, 2], end: [7, 8, 6] });
  });

  it('two handlers starting together after their overhead share one core and end together (row order)', () => {
    expect(run([0, 0], [2, 2], 2, 1, 1)).toEqual({ start: [0, 0], end: [5, 5] });
  });

  it('refuses a negative or non-finite overhead', () => {
    expect(() => run([0], [1], 1, 1, -1)).toThrow(/overhead -1 ms; expected a finite number ≥ 0/);
    expect(() => run([0], [1], 1, 1, Number.NaN)).toThrow(RangeError);
  });
});

describe('runEngineOnCores with an overhead, properties', () => {
  it('conserves work: one core busy from the first handler start for exactly the total demand', () => {
    // Many workers: each handler starts 1 ms after its arrival and the core never idles once A's has started.
    const dur = [5, 1, 7, 2, 3, 0.5, 4];
    const arr = [0, 0.5, 1, 2, 3, 4, 4.5];
    const r = run(arr, dur, 10, 1, 1);
    expect(Math.max(...r.end)).toBeCloseTo(1 + dur.reduce((s, d) => s + d, 0), 9);
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
    const a = runEngineOnCores(arr, dur, 0, n, 1, fifo(), cfg(3), 3, undefined, 4);
    const ends = Array.from(a.end);
    const b = runEngine(arr, dur.map((d) => d + 4), 0, n, 1, fifo(), cfg(3));
    expect(Math.max(...ends.map((e, i) => Math.abs(e - b.end[i]!)))).toBeLessThan(1e-6);
    expect(Array.from(a.start)).toEqual(Array.from(b.start));
  });
});
