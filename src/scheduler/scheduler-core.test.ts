// SchedulerCore and the broker's Scheduler against the plain ReferenceScheduler on random cases, the engine against them, and hand-made cases.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runEngine, type Router } from '../../sim/engine.ts';
import { SchedulerCore, type SchedulerConfig } from './scheduler-core.ts';
import { ReferenceScheduler } from './reference-scheduler.ts';
import { Scheduler } from './scheduler.ts';

interface Case {
  arrival: Float64Array;
  duration: Float64Array;
  queue: Int32Array;
  cost: Float64Array;
  workers: number;
  cfg: SchedulerConfig;
}

interface Outcome {
  start: number[];
  pulled: number[];
  promotions: number;
}

/** What the plain event loop needs of a scheduler: the core, the broker's Scheduler and the reference all fit it. */
interface Driven {
  readonly size: number;
  enqueue(i: number, q: number, now: number, cost: number, arrival: number): void;
  /** Index of the message to start, its queue in `lastQueue`; −1 when none. */
  take(): number;
  lastQueue: number;
  learn(q: number, d: number): void;
  nextTick(now: number): number;
  tick(now: number): void;
  settle(now: number): void;
  readonly promotions: number;
}

function coreDriven(cfg: SchedulerConfig, m: number): Driven {
  // Capacity 1 on purpose: every enqueue of a new index grows the arrays.
  const c = new SchedulerCore(cfg, 1);
  return {
    get size() { return c.size; },
    enqueue: (i, q, now, cost, arrival) => { c.ensure(Math.min(m, i + 1)); c.enqueue(i, q, now, cost, arrival); },
    take() { const i = c.dequeue(); if (i >= 0) this.lastQueue = c.queueOf(i); return i; },
    lastQueue: -1,
    learn: (q, d) => c.learn(q, d),
    nextTick: (now) => c.nextActingTick(now),
    tick: (now) => c.tick(now),
    settle: (now) => c.settle(now),
    get promotions() { return c.promotions; },
  };
}

function referenceDriven(cfg: SchedulerConfig): Driven {
  const r = new ReferenceScheduler(cfg);
  return {
    get size() { return r.size; },
    enqueue: (i, q, now, cost, arrival) => r.enqueue(i, q, now, cost, arrival),
    take() { const d = r.dequeue(); if (d === null) return -1; this.lastQueue = d.q; return d.i; },
    lastQueue: -1,
    learn: (q, d) => r.learn(q, d),
    nextTick: (now) => r.nextGridTick(now),
    tick: (now) => r.tick(now),
    settle: (now) => r.settle(now),
    get promotions() { return r.promotions; },
  };
}

/** The broker's Scheduler (payload slots over the core), its payload the message index. */
function schedulerDriven(cfg: SchedulerConfig): Driven {
  const s = new Scheduler<number>(cfg);
  return {
    get size() { return s.size; },
    enqueue: (i, q, now, cost, arrival) => s.enqueue(q, i, now, cost, arrival),
    take() { const i = s.dequeue(0); if (i === null) return -1; this.lastQueue = s.lastLevel; return i; },
    lastQueue: -1,
    learn: (q, d) => s.onComplete(q, d),
    nextTick: (now) => s.nextTickAt(now),
    tick: (now) => s.tick(now),
    settle: (now) => s.settle(now),
    get promotions() { return s.promotions; },
  };
}

/**
 * A deliberately plain event loop (arrays, linear scans): one event per iteration, ties completion < arrival <
 * aging, completions ordered by (time, index), dispatch after each event, then settle.
 */
function runPlain(c: Case, s: Driven): Outcome {
  const m = c.arrival.length;
  const start = new Array<number>(m).fill(Number.NaN);
  const pulled = new Array<number>(m).fill(-1);
  const running: { end: number; i: number }[] = [];
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
    const tg = s.nextTick(now);
    if (!Number.isFinite(tc) && !Number.isFinite(ta) && !Number.isFinite(tg)) break;
    if (tc <= ta && tc <= tg) {
      const r = running.splice(best, 1)[0]!;
      now = r.end;
      idle++;
      s.learn(pulled[r.i]!, c.duration[r.i]!);
    } else if (ta <= tg) {
      now = ta;
      const i = next++;
      s.enqueue(i, c.queue[i]!, now, c.cost[i]!, now);
    } else {
      now = tg;
      s.tick(now);
    }
    while (idle > 0 && s.size > 0) {
      const i = s.take();
      start[i] = now;
      pulled[i] = s.lastQueue;
      running.push({ end: now + c.duration[i]!, i });
      idle--;
    }
    s.settle(now);
  }
  return { start, pulled, promotions: s.promotions };
}

function runWithEngine(c: Case): { start: number[]; promotions: number } {
  const router: Router = {
    now: 0,
    cost: 0,
    outcome: -1,
    route(row) {
      this.cost = c.cost[row]!;
      return c.queue[row]!;
    },
    complete: () => undefined,
  };
  const { levels, weights, agingMs, agingIntervalMs, pausing } = c.cfg;
  const run = runEngine({ arrival: c.arrival, duration: c.duration, first: 0, m: c.arrival.length, compress: 1, router, cfg: {
    workers: c.workers, queues: levels, weights: weights === null ? null : Float64Array.from(weights), agingMs, agingIntervalMs, pausing,
  } });
  return { start: Array.from(run.start), promotions: run.events.promotions };
}

const caseArb = fc
  .record({
    n: fc.integer({ min: 1, max: 150 }),
    // Priority levels 1–5, or a per-key arm: one queue per key, equal weights, no estimates (cost = EWMA).
    perKey: fc.boolean(),
    levels: fc.integer({ min: 1, max: 5 }),
    keys: fc.integer({ min: 1, max: 24 }),
    workers: fc.integer({ min: 1, max: 4 }),
    weighted: fc.boolean(),
    aging: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
    interval: fc.integer({ min: 1, max: 60 }),
    pausing: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1e9 }),
  })
  .map((p): Case => {
    // Times on a coarse grid so that ties between completions, arrivals and ticks are common.
    let x = p.seed >>> 0;
    const rnd = (): number => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 4294967296;
    };
    const Q = p.perKey ? p.keys : p.levels;
    const arrival = new Float64Array(p.n);
    const duration = new Float64Array(p.n);
    const queue = new Int32Array(p.n);
    const cost = new Float64Array(p.n);
    let t = 0;
    for (let i = 0; i < p.n; i++) {
      if (i > 0) t += Math.floor(rnd() * 20) / 2; // the engine measures time from the first arrival
      arrival[i] = t;
      duration[i] = Math.floor(rnd() * 200) / 4;
      queue[i] = Math.floor(rnd() * Q);
      cost[i] = !p.perKey && rnd() < 0.4 ? Math.floor(rnd() * 50) / 2 : 0;
    }
    const weights = p.perKey ? new Array<number>(Q).fill(1) : p.weighted ? Array.from({ length: Q }, () => 1 + Math.floor(rnd() * 8)) : null;
    const aging = p.perKey ? null : p.aging;
    return {
      arrival, duration, queue, cost, workers: p.workers,
      cfg: { levels: Q, weights, agingMs: aging, agingIntervalMs: p.interval, pausing: p.pausing && aging !== null },
    };
  });

describe('SchedulerCore vs ReferenceScheduler (differential)', () => {
  it('gives identical starts, queues and promotions on random cases; the engine gives the same starts', () => {
    let promoted = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const ref = runPlain(c, referenceDriven(c.cfg));
        const core = runPlain(c, coreDriven(c.cfg, c.arrival.length));
        expect(core).toEqual(ref);
        expect(runPlain(c, schedulerDriven(c.cfg))).toEqual(ref);
        const eng = runWithEngine(c);
        expect(eng.start).toEqual(ref.start);
        expect(eng.promotions).toBe(ref.promotions);
        if (ref.promotions > 0) promoted++;
      }),
      { seed: 20261203, numRuns: 600 },
    );
    // The cases must exercise aging, or the comparison above says little about it.
    expect(promoted).toBeGreaterThan(50);
  });

  it('agrees on a hand-made aging scenario, the broker Scheduler included (promotions happen)', () => {
    // One worker busy until 100 ms; threshold 20, interval 10, grid anchored at 0. Tick 30 lifts rows 1, 2
    // (level 2) to level 1; row 3 arrives on level 1 at 50; tick 60 lifts rows 1, 2 (placed 30) to level 0.
    const c: Case = {
      arrival: Float64Array.of(0, 1, 2, 50),
      duration: Float64Array.of(100, 5, 5, 5),
      queue: Int32Array.of(0, 2, 2, 1),
      cost: new Float64Array(4),
      workers: 1,
      cfg: { levels: 3, weights: null, agingMs: 20, agingIntervalMs: 10, pausing: false },
    };
    const broker = runPlain(c, schedulerDriven(c.cfg));
    expect(broker).toEqual(runPlain(c, referenceDriven(c.cfg)));
    expect(runWithEngine(c).start).toEqual(broker.start);
    // Without aging row 3 (level 1) would start first, at 100.
    expect(broker.start).toEqual([0, 100, 105, 110]);
  });

  it('the reference ticks at every grid point; the core only at the ones that promote', () => {
    // Level 1 holds one message placed at 0; threshold 20, interval 5: grid points 5 … 20, only 20 promotes.
    const cfg: SchedulerConfig = { levels: 2, weights: null, agingMs: 20, agingIntervalMs: 5, pausing: false };
    const core = new SchedulerCore(cfg, 1);
    core.enqueue(0, 1, 0, 0, 0);
    expect(core.nextActingTick(0)).toBe(20);
    const ref = new ReferenceScheduler(cfg);
    ref.enqueue(0, 1, 0, 0, 0);
    const ticks: number[] = [];
    for (let t = ref.nextGridTick(0); ref.promotions === 0; t = ref.nextGridTick(t)) {
      ref.tick(t);
      ticks.push(t);
    }
    expect(ticks).toEqual([5, 10, 15, 20]);
  });
});

describe('SchedulerCore', () => {
  const strict: SchedulerConfig = { levels: 3, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false };

  it('serves strict priority by queue, FIFO within a queue, −1 when empty', () => {
    const c = new SchedulerCore(strict, 4);
    c.enqueue(0, 2, 0, 0, 0);
    c.enqueue(1, 1, 1, 0, 1);
    c.enqueue(2, 1, 2, 0, 2);
    c.enqueue(3, 0, 3, 0, 3);
    expect([c.dequeue(), c.dequeue(), c.dequeue(), c.dequeue(), c.dequeue()]).toEqual([3, 1, 2, 0, -1]);
    expect(c.queueOf(0)).toBe(2);
  });

  it('weighted: charges max(cost, 1)/weight, cost from the estimate, else the EWMA, else 1 ms', () => {
    const c = new SchedulerCore({ levels: 2, weights: [2, 1], agingMs: null, agingIntervalMs: 500, pausing: false }, 8);
    // Hand-computed: level 0 learns 10 ms (EWMA 10), then 30 ms → 10 + 0.05·20 = 11.
    c.learn(0, 10);
    c.learn(0, 30);
    expect(c.ewmaOf(0)).toBe(11);
    c.enqueue(0, 0, 0, 0, 0); // no estimate: charged EWMA 11 / 2 = 5.5
    c.enqueue(1, 1, 0, 4, 0); // estimate 4: charged 4 / 1 = 4
    c.enqueue(2, 1, 0, 0.5, 0); // estimate 0.5 → max(0.5, 1) = 1
    c.enqueue(3, 0, 0, 0, 0);
    // Clocks (0, 0): level 0 (tie) → (5.5, 0); level 1 → (5.5, 4); level 1 → (5.5, 5); level 0.
    expect([c.dequeue(), c.dequeue(), c.dequeue(), c.dequeue()]).toEqual([0, 1, 2, 3]);
  });

  it('a queue that was empty restarts at the floor: no banked credit', () => {
    const c = new SchedulerCore({ levels: 2, weights: [1, 1], agingMs: null, agingIntervalMs: 500, pausing: false }, 8);
    for (let i = 0; i < 3; i++) c.enqueue(i, 0, 0, 1, 0);
    expect([c.dequeue(), c.dequeue()]).toEqual([0, 1]); // clocks (2, 0); floor 1
    // Level 1 arrives while empty: restarts at floor 1, not 0, so level 0 (clock 2) waits only one turn.
    c.enqueue(3, 1, 1, 1, 1);
    c.enqueue(4, 1, 1, 1, 1);
    expect([c.dequeue(), c.dequeue(), c.dequeue()]).toEqual([3, 2, 4]);
  });

  it('complete feeds the EWMA of the queue the message was pulled from, not where it arrived', () => {
    const c = new SchedulerCore({ levels: 2, weights: [1, 1], agingMs: 10, agingIntervalMs: 10, pausing: false }, 2);
    c.enqueue(0, 1, 0, 0, 0);
    c.tick(10); // promoted to level 0
    expect(c.dequeue()).toBe(0);
    c.complete(0, 7);
    expect([c.ewmaOf(0), c.ewmaOf(1)]).toEqual([7, 0]);
  });

  it('pausing: one promotion per level per tick, and none while the level above is paused', () => {
    const cfg: SchedulerConfig = { levels: 3, weights: null, agingMs: 10, agingIntervalMs: 10, pausing: true };
    const c = new SchedulerCore(cfg, 4);
    c.enqueue(0, 2, 0, 0, 0);
    c.enqueue(1, 2, 0, 0, 0);
    expect(c.nextActingTick(0)).toBe(10);
    c.tick(10); // one of the two moves to level 1
    expect([c.lengthOf(1), c.lengthOf(2)]).toEqual([1, 1]);
    // At 20 level 1's head (promoted, arrived 0) waited 20 ≥ 10 since arrival: level 2 is paused; level 1 promotes.
    c.tick(20);
    expect([c.lengthOf(0), c.lengthOf(1), c.lengthOf(2)]).toEqual([1, 0, 1]);
    expect(c.promotions).toBe(2);
    // Level 1 is empty now, so nothing pauses level 2: its head (placed 0) acts at the next grid point, 30.
    expect(c.nextActingTick(20)).toBe(30);
  });

  it('re-anchors the aging grid at an event that leaves nothing waiting', () => {
    const c = new SchedulerCore({ levels: 2, weights: null, agingMs: 10, agingIntervalMs: 4, pausing: false }, 2);
    c.enqueue(0, 1, 0, 0, 0);
    c.dequeue();
    c.settle(3); // empty at 3: grid 7, 11, 15, …
    c.enqueue(1, 1, 5, 0, 5);
    expect(c.nextActingTick(5)).toBe(15);
    expect(new SchedulerCore({ levels: 2, weights: null, agingMs: null, agingIntervalMs: 4, pausing: false }, 1).nextActingTick(0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('ensure keeps waiting messages when it grows the arrays', () => {
    const c = new SchedulerCore({ levels: 2, weights: [1, 1], agingMs: 5, agingIntervalMs: 5, pausing: true }, 1);
    c.enqueue(0, 1, 0, 3, 0);
    c.ensure(100);
    c.enqueue(99, 1, 0, 3, 0);
    expect([c.dequeue(), c.dequeue(), c.dequeue()]).toEqual([0, 99, -1]);
  });

  it('rejects an inconsistent config', () => {
    expect(() => new SchedulerCore({ ...strict, levels: 0 }, 1)).toThrow(/levels 0/);
    expect(() => new SchedulerCore({ ...strict, weights: [1, 2] }, 1)).toThrow(/2 weights for 3 levels/);
    expect(() => new SchedulerCore({ ...strict, agingIntervalMs: 0 }, 1)).toThrow(/aging interval 0/);
  });
});
