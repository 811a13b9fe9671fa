// Hand-computed scenarios: each expected start time below was worked out on paper from the rules of SPEC §5.
import { describe, expect, it } from 'vitest';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { runEngine, type EngineConfig, type Router } from './engine.ts';
import { compressFactor, splitTrace } from './split.ts';
import { simulate } from './simulate.ts';
import { parseArm } from './arms/index.ts';

/** Runs rows (key = level) through the engine as-is; returns start times by row order of arrival. */
function run(rows: TraceRow[], cfg: Partial<EngineConfig> & { queues: number }): { start: number[]; promotions: number } {
  const trace = traceFromRows(rows);
  const router: Router = { now: 0, cost: 0, outcome: -1, route: (row) => Number(trace.keys[trace.keyId[row]!]), complete: () => undefined };
  const full: EngineConfig = { workers: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false, ...cfg };
  const r = runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg: full });
  return { start: Array.from(r.start), promotions: r.events.promotions };
}

const row = (t: number, d: number, level: number): TraceRow => ({ arrival_ms: t, duration_ms: d, key: String(level) });

describe('hand-computed scenarios', () => {
  it('a completion and an arrival at one instant: the completion is handled (and dispatched) first', () => {
    // A (level 1) runs 0–10; C (level 1) waits from 1; B (level 0) arrives at 10, when A completes.
    // Completion first: the freed worker takes C at 10, then B arrives and waits until C ends at 11.
    const { start } = run([row(0, 10, 1), row(1, 1, 1), row(10, 5, 0)], { queues: 2 });
    expect(start).toEqual([0, 10, 11]);
  });

  it('aging ticks lie on the grid anchored at the last event that left the queue empty', () => {
    // Threshold 1000, interval 500. X starts at 1003 with the queue empty → anchor 1003, ticks 1503, 2003, 2503…
    // Y (level 1) waits from 1100 and is old enough from 2100, but is promoted only at the tick 2503, so W
    // (level 0, arriving 2300) stays ahead of it. Z (level 0, 1200) is first. X ends at 6003.
    const rows = [row(0, 10, 0), row(1003, 5000, 0), row(1100, 1, 1), row(1200, 1, 0), row(2300, 1, 0)];
    const { start, promotions } = run(rows, { queues: 2, agingMs: 1000 });
    // rows sorted by arrival: 0:A 1:X 2:Y 3:Z 4:W
    expect(start).toEqual([0, 1003, 6005, 6003, 6004]);
    expect(promotions).toBe(1);
  });

  it('without the grid the same promotion would overtake W: a W arriving after the tick stays behind Y', () => {
    const rows = [row(0, 10, 0), row(1003, 5000, 0), row(1100, 1, 1), row(1200, 1, 0), row(2600, 1, 0)];
    const { start } = run(rows, { queues: 2, agingMs: 1000 });
    expect(start).toEqual([0, 1003, 6004, 6003, 6005]);
  });

  it('ticks that fell before the current time are skipped along the grid, not restarted at now', () => {
    // X starts at 0 with the queue empty → anchor 0, grid 500, 1000, 1500, … Y (level 1) queues at 1250: the ticks
    // before 1250 are skipped, the next are 1500, 2000, 2500; Y is old enough (≥ 1000) first at the tick 2500, so W
    // (level 0, 2400) stays ahead of it. (Restarting the grid at 1250 would promote Y at 2250, ahead of W.)
    const rows = [row(0, 10000, 0), row(1250, 1, 1), row(2400, 1, 0)];
    const { start } = run(rows, { queues: 2, agingMs: 1000 });
    expect(start).toEqual([0, 10001, 10000]);
  });

  it('pausing holds a level while the level above has an old promoted message, one promotion per level per tick', () => {
    // X (level 0) busy 0–100000. A (l1, t1), B (l2, t2), C (l2, t3), D (l1, t2200); threshold 1000.
    // Tick 1500: level 2 promotes B only (one per tick), level 1 promotes A. From tick 2000 on, level 2 is paused
    // (level 1 holds promoted B, waiting since 2) and level 1 is paused (level 0 holds promoted A), so C never
    // passes D. At 100000: A runs; the tick at 100000 promotes B (level 0 is empty). Order: A, B, D, C.
    const rows = [row(0, 100000, 0), row(1, 1, 1), row(2, 1, 2), row(3, 1, 2), row(2200, 1, 1)];
    const paused = run(rows, { queues: 3, agingMs: 1000, pausing: true });
    expect(paused.start).toEqual([0, 100000, 100001, 100003, 100002]);
    // Without pausing C is promoted into level 1 at 2000, ahead of D: order A, B, C, D.
    const free = run(rows, { queues: 3, agingMs: 1000, pausing: false });
    expect(free.start).toEqual([0, 100000, 100001, 100002, 100003]);
  });

  it('the weighted floor stops a level that was idle from banking credit', () => {
    // Weights 1,1, one worker, no estimates: cost = the level's EWMA (10 after its first completion) or 1.
    // Level 0: ten jobs of 10 ms at t = 0…9; clocks after the dispatches at 0,10,20,30: 1, 11, 21, 31 (floor 21).
    // Level 1: four jobs at 35…38 restart at the floor 21 → served at 40 (clock 22), 50 (32), 70 (42), 90 (52).
    const rows: TraceRow[] = [];
    for (let i = 0; i < 10; i++) rows.push(row(i, 10, 0));
    for (let i = 0; i < 4; i++) rows.push(row(35 + i, 10, 1));
    const { start } = run(rows, { queues: 2, weights: Float64Array.from([1, 1]) });
    expect(start.slice(10)).toEqual([40, 50, 70, 90]);
    expect(start.slice(0, 10)).toEqual([0, 10, 20, 30, 60, 80, 100, 110, 120, 130]);
  });

  it('weighted shares charge the estimate when the router gives one', () => {
    // Weights 1,1; level 0 jobs carry cost 100, level 1 jobs cost 1 (estimates), all 1 ms long, all queued at 0
    // behind a blocker. Level 1 (clock 0→1→2…) keeps winning until its clock passes level 0's 100.
    const trace = traceFromRows([row(0, 5, 0), ...[1, 2, 3].map((t) => row(t, 1, 0)), ...[1, 2, 3].map((t) => row(t, 1, 1))]);
    const router: Router = {
      now: 0, cost: 0, outcome: -1,
      route(r) { const l = Number(trace.keys[trace.keyId[r]!]); this.cost = l === 0 ? 100 : 1; return l; },
      complete: () => undefined,
    };
    const r = runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg: { workers: 1, queues: 2, weights: Float64Array.from([1, 1]), agingMs: null, agingIntervalMs: 500, pausing: false } });
    // Sorted rows: 0 blocker(l0), t1: l0,l1; t2: l0,l1; t3: l0,l1. Blocker charged 100 at t=0 (clock0 = 100).
    // At 5: clocks 100 vs 0 → level 1 three times (clock1 1, 2, 3), then level 0.
    expect(Array.from(r.start)).toEqual([0, 8, 5, 9, 6, 10, 7]);
  });

  it('the compress factor is ρ·W·S/D over the evaluation half and scales arrivals, not durations', () => {
    // Evaluation rows (split count 0.5 of 6 rows → rows 3..5): arrivals 100, 110, 120 (S = 20), durations 10+5+15 = 30.
    // W = 2, ρ = 0.5 → c = 0.5·2·20/30 = 2/3; arrivals become 0, 15, 30.
    const rows = [row(0, 1, 0), row(50, 1, 0), row(60, 1, 0), row(100, 10, 0), row(110, 5, 0), row(120, 15, 0)];
    const trace = traceFromRows(rows);
    const split = splitTrace(trace, 'count', 0.5);
    expect(split.cut).toBe(3);
    const c = compressFactor(trace, split, 0.5, 2);
    expect(c).toBeCloseTo(2 / 3, 15);
    const out = simulate(trace, {
      loads: [0.5], arms: [parseArm('fifo', 1)], workers: 2, levels: 1, defaultLevel: 0, split: 'count', fraction: 0.5,
      windows: 1, windowBy: 'count', staticMap: null, seed: 1,
    });
    const all = out.results['0.5']!.arms.fifo!.all;
    // Two workers, no waiting: latency = duration; mean = 10.
    expect(all.mean_latency_ms).toBe(10);
    expect(all.mean_wait_ms).toBe(0);
    expect(out.results['0.5']!.compress).toBe(c);
  });

  it('splits by time at the midpoint of the first and last arrival', () => {
    const trace = traceFromRows([row(0, 1, 0), row(4, 1, 0), row(5, 1, 0), row(6, 1, 0), row(10, 1, 0)]);
    expect(splitTrace(trace, 'time').cut).toBe(2); // history = arrivals < 5
    expect(splitTrace(trace, 'count').cut).toBe(2);
    expect(splitTrace(trace, 'none').cut).toBe(0);
  });
});
