// The continuous-priority engine (sjf, sept): hand-computed scenarios, aging at dispatch, and Phipps's M/M/1 SJF waits.
import { describe, expect, it } from 'vitest';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { createRng } from '../src/rng/seeded.ts';
import { exponentialDensity, meanOverSizes, sjfWaitAt } from '../analysis/theory/size-based.ts';
import { generateMmc, MMC_DEFAULTS } from '../traces/generators/mmc.ts';
import { runIdealEngine } from './ideal-engine.ts';
import type { EngineConfig, Router } from './engine.ts';
import { simulate, type SimulationConfig } from './simulate.ts';
import { parseArm } from './arms/index.ts';

const row = (t: number, d: number, key = 'k'): TraceRow => ({ arrival_ms: t, duration_ms: d, key });

/** Runs rows as-is with priority = true duration (sjf); returns start times in arrival order. */
function sjf(rows: TraceRow[], workers: number, agingMs: number | null = null): number[] {
  const trace = traceFromRows(rows);
  const router: Router = { now: 0, cost: 0, outcome: -1, route: (r) => trace.duration[r]!, complete: () => undefined };
  const cfg: EngineConfig = { workers, queues: 1, weights: null, agingMs, agingIntervalMs: 500, pausing: false };
  return Array.from(runIdealEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg }).start);
}

function config(arm: string, extra: Partial<SimulationConfig> = {}): SimulationConfig {
  return {
    loads: ['as-is'], arms: [parseArm(arm, 3)], workers: 1, levels: 3, defaultLevel: 1, split: 'none', fraction: 0.5,
    windows: 1, windowBy: 'count', staticMap: null, seed: 1, ...extra,
  };
}

describe('ideal engine: hand-computed scenarios', () => {
  it('serves the shortest waiting job first, non-preemptively', () => {
    // A(0,10) runs 0–10; at 10 B(5), C(1), D(3) wait: C 10–11, D 11–14, B 14–19.
    expect(sjf([row(0, 10), row(1, 5), row(2, 1), row(3, 3)], 1)).toEqual([0, 14, 10, 11]);
  });

  it('equal priorities go in arrival order; two workers take the two shortest', () => {
    // A(0,4) and B(0,4) start at 0 on two workers; C(1,2), D(1,2), E(1,1) wait. At 4 both free: E then C (the
    // earlier of two equals) start at 4; D starts when the first of them ends: E at 5.
    expect(sjf([row(0, 4), row(0, 4), row(1, 2), row(1, 2), row(1, 1)], 2)).toEqual([0, 0, 4, 5, 4]);
  });

  it('aging at dispatch serves a message that waited strictly longer than the threshold first, FIFO among those', () => {
    // Threshold 8: at 10 B waited 9 > 8 → B 10–15; at 15 C waited 13 → C 15–16; D 16.
    expect(sjf([row(0, 10), row(1, 5), row(2, 1), row(3, 3)], 1, 8)).toEqual([0, 10, 15, 16]);
    // Threshold 9: at 10 B waited exactly 9, not longer → C (shortest) 10–11; at 11 B waited 10 → B 11–16; D 16.
    expect(sjf([row(0, 10), row(1, 5), row(2, 1), row(3, 3)], 1, 9)).toEqual([0, 11, 10, 16]);
  });

  it('sjf and sept parse as strict arms; level flags are refused with the arm named', () => {
    expect(parseArm('sjf', 3).flags.agingMs).toBeNull();
    expect(parseArm('sjf+aging=300', 3).flags.agingMs).toBe(300);
    const weighted = parseArm('sjf+weights', 3);
    expect(() => weighted.routing.check?.(weighted.flags, {}, 3, 1)).toThrow(/--arm sjf.*weights/);
    const paused = parseArm('sept+aging=100+pausing', 3);
    expect(() => paused.routing.check?.(paused.flags, {}, 3, 1)).toThrow(/--arm sept.*pausing/);
  });

  it('sept without any history ranks every message at the empty pooled median (0): FIFO order', () => {
    const rows = [row(0, 10, 'a'), row(1, 5, 'b'), row(2, 1, 'c'), row(3, 3, 'd')];
    const out = simulate(traceFromRows(rows), config('sept')).results['as-is']!.arms.sept!;
    // FIFO starts 0, 10, 15, 16: waits 0, 9, 13, 13 → mean 8.75.
    expect(out.all.mean_wait_ms).toBe(8.75);
    expect(out.outcomes).toMatchObject({ unready: 4 });
  });

  it('sept warmed on a history where each key has one duration orders the evaluation half as sjf does', () => {
    const rows: TraceRow[] = [];
    // History: 300 rows, keys s (1 ms), m (20 ms), l (400 ms), arriving every 50 ms (ready: > 100 observations).
    for (let i = 0; i < 300; i++) rows.push(row(i * 50, [1, 20, 400][i % 3]!, ['s', 'm', 'l'][i % 3]!));
    // Evaluation (split by count at half: the other 300 rows): bursts that queue up behind long jobs.
    for (let i = 0; i < 300; i++) rows.push(row(15_000 + i * 10, [400, 1, 20][i % 3]!, ['l', 's', 'm'][i % 3]!));
    const cfg = { split: 'count' as const, loads: ['as-is' as const], arms: [parseArm('sept', 3), parseArm('sjf', 3), parseArm('fifo', 3)] };
    const arms = simulate(traceFromRows(rows), config('sept', cfg)).results['as-is']!.arms;
    expect(arms.sept!.outcomes).toMatchObject({ predicted: 300 });
    expect(arms.sept!.all).toEqual(arms.sjf!.all);
    expect(arms.sept!.all.mean_wait_ms).toBeLessThan(arms.fifo!.all.mean_wait_ms);
  });
});

describe('ideal engine vs Phipps (1956): M/M/1 non-preemptive SJF', () => {
  it('mean wait per size band at ρ = 0.7 within 3 SE of 8 replications and 10 %, and overall within 5 %', () => {
    // Theory: W(x) = W0/((1 − ρ(x))²), W0 = λE[S²]/2, averaged over each band by numerical integration
    // (analysis/theory/size-based.ts). Bands by multiples of the mean: small and medium bands hold most jobs and
    // converge fast; the top band's waits are heavy-tailed (a long job waits out busy periods), so it gets 15 %.
    const rho = 0.7;
    const mean = 10;
    const dist = exponentialDensity(mean);
    const lambda = rho / mean;
    const bands: [number, number, number][] = [[0, 5, 0.1], [5, 10, 0.1], [10, 20, 0.1], [20, 40, 0.15]];
    const perBand: number[][] = bands.map(() => []);
    const overall: number[] = [];
    for (let rep = 0; rep < 8; rep++) {
      const trace = generateMmc({ ...MMC_DEFAULTS, n: 100_000, c: 1, rho, meanServiceMs: mean }, createRng(500 + rep));
      const router: Router = { now: 0, cost: 0, outcome: -1, route: (r) => trace.duration[r]!, complete: () => undefined };
      const cfg: EngineConfig = { workers: 1, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false };
      const run = runIdealEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg });
      let all = 0;
      const sums = bands.map(() => [0, 0]);
      for (let i = 0; i < trace.n; i++) {
        const w = run.start[i]! - run.arrival[i]!;
        all += w;
        const d = trace.duration[i]!;
        bands.forEach(([lo, hi], b) => {
          if (d >= lo && d < hi) {
            sums[b]![0]! += w;
            sums[b]![1]! += 1;
          }
        });
      }
      overall.push(all / trace.n);
      sums.forEach(([s, c], b) => perBand[b]!.push(s! / c!));
    }
    bands.forEach(([lo, hi, tol], b) => {
      const theory = meanOverSizes((x) => sjfWaitAt(lambda, dist, x), dist, lo, hi, 200);
      const { m, se } = meanSe(perBand[b]!);
      expect(Math.abs(m - theory)).toBeLessThanOrEqual(3 * se);
      expect(Math.abs(m - theory) / theory).toBeLessThan(tol);
    });
    const theory = meanOverSizes((x) => sjfWaitAt(lambda, dist, x), dist, 0, dist.upper, 200);
    const { m, se } = meanSe(overall);
    expect(Math.abs(m - theory)).toBeLessThanOrEqual(3 * se);
    expect(Math.abs(m - theory) / theory).toBeLessThan(0.05);
  });
});

/** Mean and standard error of replicate estimates. */
function meanSe(xs: number[]): { m: number; se: number } {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return { m, se: Math.sqrt(v / xs.length) };
}
