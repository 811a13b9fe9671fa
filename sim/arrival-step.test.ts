// The arrival step as every engine takes it: the router sees a clean slate and the time, its answers land per message.
import { describe, expect, it } from 'vitest';
import { runEngine, type Engine, type EngineConfig, type EngineRun } from './engine.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { runIdealEngine } from './ideal-engine.ts';
import { runSrptEngine } from './srpt-engine.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { MessageLog } from './message-log.ts';
import { arrive } from './arrival-step.ts';
import type { Router } from './router.ts';

/**
 * A router that sets a cost (5 ms) and an outcome (2) only for even rows, so that a step which does not clear them
 * leaks an even row's values into the odd row after it; it notes what it found at each call.
 */
function stickyRouter(): Router & { seen: { row: number; now: number; cost: number; outcome: number }[]; completed: { row: number; now: number }[] } {
  return {
    now: Number.NaN, cost: 0, outcome: -1, seen: [], completed: [],
    route(row) {
      this.seen.push({ row, now: this.now, cost: this.cost, outcome: this.outcome });
      if (row % 2 === 0) {
        this.cost = 5;
        this.outcome = 2;
      }
      return row % 2; // a queue for the level engines, a priority for the ideal-order engines
    },
    complete(row) {
      this.completed.push({ row, now: this.now });
    },
  };
}

// Rows 0–1 are history; evaluation rows 2–7 arrive at trace times 10, 12, 14, 16, 18, 20 (compressed by 2: 0, 1,
// …, 5 ms) and take 3 ms each on one worker, so messages queue and complete at distinct times.
const arrival = Float64Array.from([0, 5, 10, 12, 14, 16, 18, 20]);
const duration = Float64Array.from([9, 9, 3, 3, 3, 3, 3, 3]);
const first = 2;
const m = 6;
const cfg: EngineConfig = { workers: 1, queues: 2, weights: null, agingMs: null, agingIntervalMs: 1, pausing: false };

const engines: [string, Engine, boolean][] = [
  ['runEngine', runEngine, true],
  ['runEngineOnCores', (input) => runEngineOnCores({ ...input, cores: 1, overheadMs: 0.5 }), true],
  ['runIdealEngine', runIdealEngine, false],
  ['runSrptEngine', runSrptEngine, false],
];

describe.each(engines)('the arrival step in %s', (_name, engine, levels) => {
  const router = stickyRouter();
  const buffers = new EngineBuffers();
  const log = new MessageLog(buffers, m);
  const run: EngineRun = engine({ arrival, duration, first, m, compress: 2, router, cfg, buffers, probes: { log, series: null } });

  it('routes each message once, in arrival order, at its compressed arrival time, with cost and outcome cleared', () => {
    expect(router.seen).toEqual([2, 3, 4, 5, 6, 7].map((row, i) => ({ row, now: i, cost: 0, outcome: -1 })));
  });

  it("keeps each message's own outcome and estimate, and logs the answer as its queue only in the level engines", () => {
    expect(Array.from(run.outcome.subarray(0, m))).toEqual([2, -1, 2, -1, 2, -1]);
    expect(Array.from(log.estimate)).toEqual([5, 0, 5, 0, 5, 0]);
    expect(Array.from(log.placed)).toEqual(levels ? [0, 1, 0, 1, 0, 1] : [-1, -1, -1, -1, -1, -1]);
  });

  it('tells the router of every completion at its end time', () => {
    expect(router.completed.map((c) => c.row).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const c of router.completed) expect(c.now).toBe(run.end[c.row - first]);
  });
});

describe('arrive', () => {
  it('returns the router answer and writes outcome and log for message i (row first + i)', () => {
    const router = stickyRouter();
    const outcome = new Int8Array(3).fill(9);
    const log = new MessageLog(new EngineBuffers(), 3);
    expect(arrive(router, log, outcome, 4, 2, 7.5, true)).toBe(0);
    expect(router.seen).toEqual([{ row: 6, now: 7.5, cost: 0, outcome: -1 }]);
    expect(outcome[2]).toBe(2);
    expect([log.placed[2], log.estimate[2], log.served[2], log.promotions[2]]).toEqual([0, 5, -1, 0]);
  });

  it('clears what the previous message left on the router, and without a log writes the outcome alone', () => {
    const router = stickyRouter();
    router.cost = 5;
    router.outcome = 2;
    const outcome = new Int8Array(1).fill(9);
    expect(arrive(router, null, outcome, 1, 0, 3, false)).toBe(1);
    expect(router.seen[0]).toEqual({ row: 1, now: 3, cost: 0, outcome: -1 });
    expect([outcome[0], router.cost, router.outcome]).toEqual([-1, 0, -1]);
  });
});
