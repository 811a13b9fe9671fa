// The ideal-order engines against plain reference simulations (arrays rescanned at every event) on seeded random input.
import { describe, expect, it } from 'vitest';
import { createRng, exponential } from '../src/rng/seeded.ts';
import type { EngineConfig, Router } from './engine.ts';
import { runIdealEngine } from './ideal-engine.ts';
import { runSrptEngine } from './srpt-engine.ts';

function workload(seed: number, n: number): { arrival: Float64Array; duration: Float64Array } {
  const rng = createRng(seed);
  const a = rng.fork('a');
  const d = rng.fork('d');
  const arrival = new Float64Array(n);
  const duration = new Float64Array(n);
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += exponential(a, 1);
    arrival[i] = t; // distinct float times: no ties to order
    duration[i] = exponential(d, 2.5);
  }
  return { arrival, duration };
}

/** Non-preemptive SJF with aging at dispatch, rescanning every waiting job at each decision. */
function referenceSjf(arrival: Float64Array, duration: Float64Array, workers: number, aging: number | null): number[] {
  const n = arrival.length;
  const start = new Array<number>(n).fill(-1);
  const busyUntil: number[] = [];
  let next = 0;
  let now = 0;
  for (;;) {
    const tc = busyUntil.length > 0 ? Math.min(...busyUntil) : Infinity;
    const ta = next < n ? arrival[next]! - arrival[0]! : Infinity;
    if (tc === Infinity && ta === Infinity) break;
    if (tc <= ta) {
      now = tc;
      busyUntil.splice(busyUntil.indexOf(tc), 1);
    } else {
      now = ta;
      next++;
    }
    for (;;) {
      if (busyUntil.length >= workers) break;
      const waiting = [...Array(next).keys()].filter((i) => start[i] === -1);
      if (waiting.length === 0) break;
      const old = aging === null ? [] : waiting.filter((i) => now - (arrival[i]! - arrival[0]!) > aging);
      const pick = old.length > 0 ? old[0]! : waiting.reduce((b, i) => (duration[i]! < duration[b]! ? i : b));
      start[pick] = now;
      busyUntil.push(now + duration[pick]!);
    }
  }
  return start;
}

/** SRPT-W: at every event the W unfinished jobs with the least remaining work run; returns completion times. */
function referenceSrpt(arrival: Float64Array, duration: Float64Array, workers: number): number[] {
  const n = arrival.length;
  const rem = Array.from(duration);
  const end = new Array<number>(n).fill(-1);
  let next = 0;
  let now = 0;
  while (end.includes(-1)) {
    const live = [...Array(next).keys()].filter((i) => end[i] === -1).sort((a, b) => rem[a]! - rem[b]! || a - b);
    const running = live.slice(0, workers);
    const tc = running.length > 0 ? now + Math.min(...running.map((i) => rem[i]!)) : Infinity;
    const ta = next < n ? arrival[next]! - arrival[0]! : Infinity;
    const t = Math.min(tc, ta);
    for (const i of running) rem[i]! -= t - now;
    now = t;
    for (const i of running) if (rem[i]! <= 1e-9) end[i] = now;
    if (tc > ta) next++;
  }
  return end;
}

const router: Router = { now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined };

describe('ideal engines vs reference simulations', () => {
  it.each([[1, null], [2, null], [1, 4], [3, 4]] as const)('sjf on %s workers (aging %s) starts every job at the reference time', (workers, aging) => {
    for (let seed = 1; seed <= 5; seed++) {
      const { arrival, duration } = workload(seed, 300);
      const sjfRouter: Router = { ...router, route: (r) => duration[r]! };
      const cfg: EngineConfig = { workers, queues: 1, weights: null, agingMs: aging, agingIntervalMs: 500, pausing: false };
      const run = runIdealEngine({ arrival, duration, first: 0, m: arrival.length, compress: 1, router: sjfRouter, cfg });
      expect(Array.from(run.start)).toEqual(referenceSjf(arrival, duration, workers, aging));
    }
  });

  it.each([1, 2, 4])('srpt on %s workers completes every job at the reference time (1e-9 ms)', (workers) => {
    for (let seed = 1; seed <= 5; seed++) {
      const { arrival, duration } = workload(seed, 300);
      const cfg: EngineConfig = { workers, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false };
      const run = runSrptEngine({ arrival, duration, first: 0, m: arrival.length, compress: 1, router, cfg });
      const ref = referenceSrpt(arrival, duration, workers);
      for (let i = 0; i < arrival.length; i++) {
        expect(Math.abs(run.end[i]! - ref[i]!)).toBeLessThan(1e-9);
        expect(run.end[i]! - run.arrival[i]!).toBeGreaterThanOrEqual(duration[i]! - 1e-9);
      }
    }
  });
});
