// Property tests (fast-check, fixed seed): conservation of messages, no negative waits, at most W running, work
// conservation (nobody waits while a worker idles), determinism, and arms run together = arms run one by one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { traceFromRows, type Trace, type TraceRow } from '../src/trace/trace.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { runEngine, type EngineConfig } from './engine.ts';
import { simulate, type SimulationConfig } from './simulate.ts';
import { parseArm } from './arms/index.ts';

const rowArb = fc.record({
  arrival_ms: fc.integer({ min: 0, max: 2000 }).map((x) => x / 2),
  duration_ms: fc.integer({ min: 0, max: 400 }).map((x) => x / 4),
  key: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  class: fc.constantFrom('x', 'y'),
});

const engineArb = fc.record({
  workers: fc.integer({ min: 1, max: 4 }),
  queues: fc.integer({ min: 1, max: 4 }),
  weighted: fc.boolean(),
  aging: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
  interval: fc.integer({ min: 1, max: 100 }),
  pausing: fc.boolean(),
});

const SEED = 20261202;

function checkRun(trace: Trace, e: { workers: number; queues: number; weighted: boolean; aging: number | null; interval: number; pausing: boolean }): void {
  const cfg: EngineConfig = {
    workers: e.workers, queues: e.queues,
    weights: e.weighted ? Float64Array.from({ length: e.queues }, (_, i) => e.queues - i) : null,
    agingMs: e.aging, agingIntervalMs: e.interval, pausing: e.pausing && e.aging !== null,
  };
  const router = { now: 0, cost: 0, outcome: -1, route: (row: number) => (trace.keyId[row]! + row) % e.queues, complete: () => undefined };
  const r = runEngine({ arrival: trace.arrival, duration: trace.duration, first: 0, m: trace.n, compress: 1, router, cfg });
  expect(r.events.completions).toBe(trace.n);
  expect(r.events.arrivals).toBe(trace.n);
  const points: [number, number, number][] = []; // time, Δrunning, Δwaiting
  for (let i = 0; i < trace.n; i++) {
    expect(r.start[i]!).toBeGreaterThanOrEqual(r.arrival[i]!);
    expect(r.end[i]).toBe(r.start[i]! + trace.duration[i]!);
    points.push([r.arrival[i]!, 0, 1], [r.start[i]!, 1, -1], [r.end[i]!, -1, 0]);
  }
  // Sweep: at each instant apply ends, then arrivals, then starts; between instants, waiting > 0 ⇒ running = W.
  const order = (p: [number, number, number]): number => (p[1] === -1 ? 0 : p[1] === 0 ? 1 : 2);
  points.sort((a, b) => a[0] - b[0] || order(a) - order(b));
  let running = 0;
  let waiting = 0;
  for (let j = 0; j < points.length; j++) {
    const p = points[j]!;
    running += p[1];
    waiting += p[2];
    expect(running).toBeLessThanOrEqual(e.workers);
    const next = points[j + 1];
    if (next && next[0] > p[0] && waiting > 0) expect(running).toBe(e.workers);
  }
}

describe('engine properties', () => {
  it('conserves messages, never waits negatively, runs at most W and never idles a worker while a message waits', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 60 }), engineArb, (rows, e) => {
        checkRun(traceFromRows(rows as TraceRow[]), e);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('determinism', () => {
  const ARMS = ['fifo', 'oracle', 'oracle+weights+pausing', 'static-history+no-aging', 'static-random+aging=200', 'per-key'];
  const cfg = (arms: string[]): SimulationConfig => ({
    loads: [0.5, 0.9], arms: arms.map((a) => parseArm(a, 3)), workers: 3, levels: 3, defaultLevel: 1, split: 'time',
    fraction: 0.5, windows: 4, windowBy: 'time', staticMap: null, seed: 7,
  });
  const strip = (x: unknown): string => stableStringify(x).replace(/"sim_seconds": [^,\n]+/g, '"sim_seconds": 0');

  it('same inputs → identical results apart from timing fields; arms together = arms one by one', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 20, maxLength: 150 }), (rows) => {
        const trace = traceFromRows(rows as TraceRow[]);
        if (trace.arrival[trace.n - 1]! === trace.arrival[0]!) return;
        let work = 0;
        for (let i = 0; i < trace.n; i++) work += trace.duration[i]!;
        if (work === 0) return;
        const split = simulate(trace, cfg(['fifo'])).trace;
        let evalWork = 0;
        for (let i = split.history_rows; i < trace.n; i++) evalWork += trace.duration[i]!;
        if (split.evaluation_rows < 2 || evalWork === 0 || trace.arrival[trace.n - 1] === trace.arrival[split.history_rows]) return;
        const together = simulate(trace, cfg(ARMS));
        expect(strip(simulate(trace, cfg(ARMS)))).toBe(strip(together));
        for (const arm of ARMS) {
          const alone = simulate(trace, cfg([arm]));
          for (const load of ['0.5', '0.9']) {
            expect(strip(alone.results[load]!.arms[arm])).toBe(strip(together.results[load]!.arms[arm]));
          }
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
