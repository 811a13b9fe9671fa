// Differential test: the broker's Scheduler driven by a plain event loop gives the engine's start times, exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runEngine, type EngineConfig, type Router } from '../../sim/engine.ts';
import { Scheduler } from './scheduler.ts';
import type { SchedulerConfig } from './scheduler-core.ts';

interface Case {
  arrival: Float64Array;
  duration: Float64Array;
  level: Int32Array;
  cost: Float64Array;
  workers: number;
  cfg: SchedulerConfig;
}

/**
 * A deliberately plain event loop over the Scheduler (arrays, linear scans): one event per iteration, ties
 * completion < arrival < aging, completions ordered by (time, index), dispatch after each event, then settle.
 */
function runWithScheduler(c: Case): Float64Array {
  const m = c.arrival.length;
  const start = new Float64Array(m).fill(Number.NaN);
  const s = new Scheduler<number>(c.cfg);
  const running: { end: number; i: number; level: number }[] = [];
  let next = 0;
  let idle = c.workers;
  let now = 0;
  for (;;) {
    let best = -1;
    for (let k = 0; k < running.length; k++) {
      const r = running[k]!;
      const b = running[best] ?? null;
      if (b === null || r.end < b.end || (r.end === b.end && r.i < b.i)) best = k;
    }
    const tc = best >= 0 ? running[best]!.end : Number.POSITIVE_INFINITY;
    const ta = next < m ? c.arrival[next]! : Number.POSITIVE_INFINITY;
    // Ticks before the previous event's time are skipped (the clock never runs backwards).
    const tg = s.nextTickAt(now);
    if (!Number.isFinite(tc) && !Number.isFinite(ta) && !Number.isFinite(tg)) break;
    if (tc <= ta && tc <= tg) {
      const r = running.splice(best, 1)[0]!;
      now = r.end;
      idle++;
      s.onComplete(r.level, c.duration[r.i]!);
    } else if (ta <= tg) {
      now = ta;
      const i = next++;
      s.enqueue(c.level[i]!, i, now, c.cost[i]!);
    } else {
      now = tg;
      s.tick(now);
    }
    while (idle > 0 && s.size > 0) {
      const i = s.dequeue(now)!;
      start[i] = now;
      running.push({ end: now + c.duration[i]!, i, level: s.lastLevel });
      idle--;
    }
    s.settle(now);
  }
  return start;
}

function runWithEngine(c: Case): Float64Array {
  const m = c.arrival.length;
  const router: Router = {
    now: 0,
    cost: 0,
    outcome: -1,
    route(row) {
      this.cost = c.cost[row]!;
      return c.level[row]!;
    },
    complete: () => undefined,
  };
  const cfg: EngineConfig = {
    workers: c.workers,
    queues: c.cfg.levels,
    weights: c.cfg.weights === null ? null : Float64Array.from(c.cfg.weights),
    agingMs: c.cfg.agingMs,
    agingIntervalMs: c.cfg.agingIntervalMs,
    pausing: c.cfg.pausing,
  };
  return runEngine(c.arrival, c.duration, 0, m, 1, router, cfg).start;
}

const caseArb = fc
  .record({
    n: fc.integer({ min: 1, max: 120 }),
    levels: fc.integer({ min: 1, max: 4 }),
    workers: fc.integer({ min: 1, max: 4 }),
    weighted: fc.boolean(),
    aging: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
    interval: fc.integer({ min: 1, max: 60 }),
    pausing: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1e9 }),
  })
  .map((p): Case => {
    // Integer-ish times on a coarse grid so that ties between completions, arrivals and ticks are common.
    let x = p.seed >>> 0;
    const rnd = (): number => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 4294967296;
    };
    const arrival = new Float64Array(p.n);
    const duration = new Float64Array(p.n);
    const level = new Int32Array(p.n);
    const cost = new Float64Array(p.n);
    let t = 0;
    for (let i = 0; i < p.n; i++) {
      if (i > 0) t += Math.floor(rnd() * 20) / 2; // the engine measures time from the first arrival
      arrival[i] = t;
      duration[i] = Math.floor(rnd() * 200) / 4;
      level[i] = Math.floor(rnd() * p.levels);
      cost[i] = rnd() < 0.4 ? Math.floor(rnd() * 50) : 0;
    }
    const weights = p.weighted ? Array.from({ length: p.levels }, (_, k) => 2 ** (p.levels - 1 - k)) : null;
    const pausing = p.pausing && p.aging !== null;
    return { arrival, duration, level, cost, workers: p.workers, cfg: { levels: p.levels, weights, agingMs: p.aging, agingIntervalMs: p.interval, pausing } };
  });

describe('Scheduler vs runEngine (differential)', () => {
  it('gives identical start times on random traces and configs', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const a = runWithScheduler(c);
        const b = runWithEngine(c);
        expect(Array.from(a)).toEqual(Array.from(b));
      }),
      { seed: 20261202, numRuns: 400 },
    );
  });

  it('agrees on a hand-made aging scenario (promotions happen)', () => {
    // One worker busy until 100 ms; threshold 20, interval 10, grid anchored at 0. Tick 30 lifts rows 1, 2
    // (level 2) to level 1; row 3 arrives on level 1 at 50; tick 60 lifts rows 1, 2 (placed 30) to level 0.
    const c: Case = {
      arrival: Float64Array.of(0, 1, 2, 50),
      duration: Float64Array.of(100, 5, 5, 5),
      level: Int32Array.of(0, 2, 2, 1),
      cost: new Float64Array(4),
      workers: 1,
      cfg: { levels: 3, weights: null, agingMs: 20, agingIntervalMs: 10, pausing: false },
    };
    const a = runWithScheduler(c);
    expect(Array.from(a)).toEqual(Array.from(runWithEngine(c)));
    // Without aging row 3 (level 1) would start first, at 100.
    expect(Array.from(a)).toEqual([0, 100, 105, 110]);
  });
});

describe('Scheduler', () => {
  it('serves strict priority by level, FIFO within a level', () => {
    const s = new Scheduler<string>({ levels: 3, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
    s.enqueue(2, 'c', 0);
    s.enqueue(1, 'b1', 1);
    s.enqueue(1, 'b2', 2);
    s.enqueue(0, 'a', 3);
    expect([s.dequeue(4), s.dequeue(4), s.dequeue(4), s.dequeue(4), s.dequeue(4)]).toEqual(['a', 'b1', 'b2', 'c', null]);
  });

  it('weighted shares: with weights 3:1 and unit cost, level 0 gets 3 of every 4 starts', () => {
    const s = new Scheduler<string>({ levels: 2, weights: [3, 1], agingMs: null, agingIntervalMs: 500, pausing: false });
    for (let i = 0; i < 8; i++) {
      s.enqueue(0, `a${i}`, 0);
      s.enqueue(1, `b${i}`, 0);
    }
    const got: number[] = [];
    for (let i = 0; i < 8; i++) {
      s.dequeue(0);
      got.push(s.lastLevel);
    }
    // Hand-computed: clocks (a, b) start (0, 0); charges 1/3 and 1; ties go to level 0.
    expect(got).toEqual([0, 1, 0, 0, 0, 1, 0, 0]);
  });

  it('rejects a bad level and a bad config', () => {
    const s = new Scheduler<number>({ levels: 2, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
    expect(() => s.enqueue(2, 0, 0)).toThrow(/level 2/);
    expect(() => new Scheduler({ levels: 3, weights: [1, 2], agingMs: null, agingIntervalMs: 500, pausing: false })).toThrow(/2 weights/);
  });
});
