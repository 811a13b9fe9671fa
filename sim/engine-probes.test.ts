// Hand-computed scenarios for the engine probes: the message log and the queue series of every engine.
import { describe, expect, it } from 'vitest';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { runEngine, type EngineConfig, type EngineProbes, type Router } from './engine.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { runIdealEngine } from './ideal-engine.ts';
import { runSrptEngine } from './srpt-engine.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { MessageLog } from './message-log.ts';
import { QueueSeries } from './queue-series.ts';

const row = (t: number, d: number, level: number): TraceRow => ({ arrival_ms: t, duration_ms: d, key: String(level) });

/** Router: the key is the level (level engines) or the priority (ideal engine); cost = 7 ms for level-1 rows. */
function routerOf(rows: TraceRow[]): { trace: ReturnType<typeof traceFromRows>; router: Router } {
  const trace = traceFromRows(rows);
  const router: Router = {
    now: 0, cost: 0, outcome: -1,
    route(r) {
      const q = Number(trace.keys[trace.keyId[r]!]);
      if (q === 1) this.cost = 7;
      return q;
    },
    complete: () => undefined,
  };
  return { trace, router };
}

const cfg = (over: Partial<EngineConfig>): EngineConfig => ({ workers: 1, queues: 2, weights: null, agingMs: null, agingIntervalMs: 1, pausing: false, ...over });

function probes(m: number, n: number, levels: number, span: number, buffers: EngineBuffers): EngineProbes & { log: MessageLog; series: QueueSeries } {
  return { log: new MessageLog(buffers, m), series: new QueueSeries(n, levels, span) };
}

// One worker, two levels, aging threshold 5 ms on a 1 ms grid (anchored at 0 + 1). Worked out on paper:
//   m0 (t 0, 10 ms, L0) runs 0–10. m1 (t 1, 2 ms, L1), m2 (t 2, 3 ms, L0), m3 (t 3, 1 ms, L1) wait.
//   Tick 6: m1 (placed 1) has waited 5 → promoted to L0 behind m2. Tick 8: m3 (placed 3) → L0 behind m1.
//   10: m2 starts (from L0), ends 13; 12: m4 (1 ms, L1) arrives; 13: m1 starts (from L0), ends 15;
//   15: m3 starts, ends 16; 16: m4 starts from L1 (due only at 17), ends 17.
const levelRows = [row(0, 10, 0), row(1, 2, 1), row(2, 3, 0), row(3, 1, 1), row(12, 1, 1)];

describe('message log and queue series in the level engine', () => {
  const expectLevelScenario = (run: typeof runEngine | 'cores'): void => {
    const { trace, router } = routerOf(levelRows);
    const buffers = new EngineBuffers();
    const p = probes(5, 4, 2, 12, buffers);
    const c = cfg({ agingMs: 5 });
    const r = run === 'cores'
      ? runEngineOnCores({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 5, compress: 1, router, cfg: c, cores: 1, buffers, overheadMs: 0, probes: p })
      : run({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 5, compress: 1, router, cfg: c, buffers, probes: p });
    expect(Array.from(r.start)).toEqual([0, 13, 10, 15, 16]);
    expect(Array.from(r.end)).toEqual([10, 15, 13, 16, 17]);
    expect(Array.from(p.log.placed)).toEqual([0, 1, 0, 1, 1]);
    expect(Array.from(p.log.served)).toEqual([0, 0, 0, 0, 1]);
    expect(Array.from(p.log.promotions)).toEqual([0, 1, 0, 1, 0]);
    expect(Array.from(p.log.estimate)).toEqual([0, 7, 0, 7, 7]);
    expect(r.events.promotions).toBe(2);
    // Samples at 3, 6, 9, 12 (span 12, N 4), each after every event at or before the instant:
    //   3: L0 {m2}, L1 {m1, m3}; 6: L0 {m2, m1*}, L1 {m3}; 9: L0 {m2, m1*, m3*}; 12: L0 {m1*, m3*}, L1 {m4}.
    const s = p.series.toRecord();
    expect(s.at_ms).toEqual([3, 6, 9, 12]);
    expect(s.busy).toEqual([1, 1, 1, 1]);
    expect(s.waiting).toEqual([[1, 2, 3, 2], [2, 1, 0, 1]]);
    expect(s.promoted_share).toEqual([[0, 0.5, 2 / 3, 1], [0, 0, 0, 0]]);
  };

  it('records placed and served levels, promotions, estimates and the samples worked out on paper', () => expectLevelScenario(runEngine));
  it('the cores engine with one core per worker records the same', () => expectLevelScenario('cores'));

  it('without probes the run is the same (the probes only observe)', () => {
    const { trace, router } = routerOf(levelRows);
    const r = runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 5, compress: 1, router, cfg: cfg({ agingMs: 5 }) });
    expect(Array.from(r.start)).toEqual([0, 13, 10, 15, 16]);
  });

  it('a per-key engine counts every queue in its single series level', () => {
    const { trace, router } = routerOf(levelRows);
    const buffers = new EngineBuffers();
    const p = probes(5, 1, 1, 12, buffers);
    runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 5, compress: 1, router, cfg: cfg({}), buffers, probes: p });
    // Strict, no aging: 10 m2 (L0) 10–13, 13 m1 (L1) 13–15, 15 m3 15–16, 16 m4. At 12: m1, m3, m4 wait.
    expect(p.series.toRecord().waiting).toEqual([[3]]);
    expect(Array.from(p.log.promotions)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('message log and queue series in the ideal-order and srpt engines', () => {
  it('sjf with aging: each message served by the aging door has one promotion; no levels', () => {
    // Priority = key. m0 (t 0, 10 ms) runs 0–10; m1 (t 1, 5 ms, priority 5) and m2 (t 2, 1 ms, priority 1) wait.
    // At 10 m1 has waited 9 > 3: the aging door serves it first (10–15); at 15 m2 has waited 13 > 3: the door again.
    const rows: TraceRow[] = [row(0, 10, 9), row(1, 5, 5), row(2, 1, 1)];
    const { trace, router } = routerOf(rows);
    const buffers = new EngineBuffers();
    const p = probes(3, 2, 1, 2, buffers);
    const r = runIdealEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 3, compress: 1, router, cfg: cfg({ agingMs: 3 }), buffers, probes: p });
    expect(Array.from(r.start)).toEqual([0, 10, 15]);
    expect(Array.from(p.log.promotions)).toEqual([0, 1, 1]);
    expect(r.events.promotions).toBe(2);
    expect(Array.from(p.log.placed)).toEqual([-1, -1, -1]);
    expect(Array.from(p.log.served)).toEqual([-1, -1, -1]);
    // Samples at 1 and 2: one, then two waiting behind the running m0.
    expect(p.series.toRecord()).toEqual({ at_ms: [1, 2], busy: [1, 1], waiting: [[1, 2]], promoted_share: [[0, 0]] });
  });

  it('srpt: the preempted message counts one (its engine counts preemptions as promotions)', () => {
    // m0 (t 0, 10 ms) runs; m1 (t 1, 2 ms) preempts it (2 < 9 remaining) and runs 1–3; m0 resumes and ends at 12.
    const { trace, router } = routerOf([row(0, 10, 0), row(1, 2, 0)]);
    const buffers = new EngineBuffers();
    const p = probes(2, 1, 1, 1, buffers);
    const r = runSrptEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: 2, compress: 1, router, cfg: cfg({ queues: 1 }), buffers, probes: p });
    expect(Array.from(r.end)).toEqual([12, 3]);
    expect(Array.from(p.log.promotions)).toEqual([1, 0]);
    expect(p.series.toRecord()).toEqual({ at_ms: [1], busy: [1], waiting: [[1]], promoted_share: [[0]] });
  });
});

describe('QueueSeries', () => {
  it('samples left after the last event take the final (empty) state', () => {
    const s = new QueueSeries(2, 1, 10);
    s.takeCount(Number.POSITIVE_INFINITY, 0, 0);
    expect(s.toRecord()).toEqual({ at_ms: [5, 10], busy: [0, 0], waiting: [[0, 0]], promoted_share: [[0, 0]] });
  });

  it('refuses zero or fractional samples and levels', () => {
    expect(() => new QueueSeries(0, 1, 1)).toThrow(RangeError);
    expect(() => new QueueSeries(1.5, 1, 1)).toThrow(RangeError);
    expect(() => new QueueSeries(1, 0, 1)).toThrow(RangeError);
  });
});
