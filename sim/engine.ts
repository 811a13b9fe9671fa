// The discrete-event loop of SPEC §5: one event per iteration, ties completion < arrival < aging; the core schedules.
import { PriorityHeap } from './priority-heap.ts';
import { SchedulerCore } from '../src/scheduler/scheduler-core.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { runArrays } from './run-arrays.ts';
import type { MessageLog } from './message-log.ts';
import type { QueueSeries } from './queue-series.ts';

/** How the engine schedules; derived from the arm by the caller (the engine never sees arm names). */
export interface EngineConfig {
  readonly workers: number;
  /** Number of queues: priority levels, or one per key. */
  readonly queues: number;
  /** Weighted shares with these weights (one per queue); null = strict priority. */
  readonly weights: Float64Array | null;
  /** Aging threshold in ms; null = no aging. */
  readonly agingMs: number | null;
  readonly agingIntervalMs: number;
  readonly pausing: boolean;
}

/**
 * Where each arriving message goes, and what the engine reports back on completion. The time travels in the `now`
 * field, not as an argument: the engine calls routers of several classes from one call site, so V8 cannot inline
 * the call, and every number passed to it was boxed on the heap (two or three per message, ~45 MB per 1M-message
 * cell). Integers (the row) pass unboxed.
 */
export interface Router {
  /** Simulated time (ms) of the event at hand: the engine sets it before each `route` and `complete` call. */
  now: number;
  /** Queue for evaluation message m (trace row `row`) arriving at `now`; may set `cost` (ms, > 0) and `outcome`. */
  route(row: number): number;
  /** Cost estimate attached to the message just routed (0 = none). */
  cost: number;
  /** Predictor outcome code of the message just routed (−1 = no predictor). */
  outcome: number;
  /** Called when the message of trace row `row` completes at `now`, after the trace's duration of that row. */
  complete(row: number): void;
}

/**
 * Instruments a run may carry, each null when not asked for: a per-message log and a queue series. The
 * engine only stores into their preallocated arrays; without them it does one null test per arrival and start.
 */
export interface EngineProbes {
  readonly log: MessageLog | null;
  readonly series: QueueSeries | null;
}

/**
 * Per-message outcome of a run, indexed by evaluation message m = row − first. Times in simulated ms. The arrays
 * live in the run's EngineBuffers: they stay valid until the next run that uses the same buffers.
 */
export interface EngineRun {
  readonly arrival: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** Predictor outcome code per message (−1 = none). */
  readonly outcome: Int8Array;
  /** Counts of engine events, for checks (Little's law, conservation). */
  readonly events: { completions: number; arrivals: number; agingTicks: number; promotions: number };
}

/**
 * An event loop over trace rows [first, first + m): `runEngine` below, or one an ideal-order routing brings (its
 * `engine`). Same arguments, same per-message outputs.
 */
export type Engine = (
  arrivalIn: Float64Array,
  durationIn: Float64Array,
  first: number,
  m: number,
  compress: number,
  router: Router,
  cfg: EngineConfig,
  buffers?: EngineBuffers,
  probes?: EngineProbes | null,
) => EngineRun;

/**
 * Simulates trace rows [first, first + m) arriving at (arrival[row] − arrival[first]) / compress and taking
 * duration[row] ms on one of `workers` non-preemptive workers, scheduled by the shared SchedulerCore (SPEC §5's
 * rules live there; this loop only orders events). Cost O(M log W) plus aging ticks. Arrays come from
 * `buffers` (fresh ones when omitted): pass one pool to consecutive runs to avoid touching new memory each time.
 */
export const runEngine: Engine = (arrivalIn, durationIn, first, m, compress, router, cfg, buffers = new EngineBuffers(), probes = null) => {
  const { arrival, start, end, outcome } = runArrays(buffers, arrivalIn, first, m, compress);
  const core = coreFor(cfg, m, arrival, buffers);
  const heap = PriorityHeap.ofCapacity(cfg.workers);
  const log = probes === null ? null : probes.log;
  const series = probes === null ? null : probes.series;
  // Without aging the core needs no look-ahead and no grid re-anchoring: skipping the calls keeps V8's inlining
  // budget of this loop for the completion heap.
  const aging = core.agingOn;
  // Queue samples are timer events like aging ticks (after completions and arrivals at one instant), so a run
  // with neither keeps one boolean test per event for both.
  const timers = aging || series !== null;

  let idle = cfg.workers;
  let next = 0;
  let now = 0;
  let completions = 0;
  let agingTicks = 0;

  for (;;) {
    const tc = heap.topKey();
    const ta = next < m ? arrival[next]! : Number.POSITIVE_INFINITY;
    const tg = timers ? nextTimer(core, aging, series, now) : Number.POSITIVE_INFINITY;
    if (tc === Number.POSITIVE_INFINITY && ta === Number.POSITIVE_INFINITY && tg === Number.POSITIVE_INFINITY) break;

    if (tc <= ta && tc <= tg) {
      now = tc;
      const i = heap.topIndex();
      heap.pop();
      idle++;
      completions++;
      finish(router, core, durationIn, first, i, now);
    } else if (ta <= tg) {
      now = ta;
      arrive(router, core, log, outcome, first, next++, now);
    } else if (series !== null && tg === series.nextAt && !(aging && core.nextActingTick(now) <= tg)) {
      // A sample changes nothing: no dispatch, and `now` stays, so the aging grid is not re-anchored by it.
      series.takeQueues(tg, core, cfg.workers - idle);
      continue;
    } else {
      now = tg;
      agingTicks++;
      core.tick(now);
    }

    // Dispatch.
    while (idle > 0) {
      const i = take(core, log, start, now);
      if (i < 0) break;
      const fin = now + durationIn[first + i]!;
      end[i] = fin;
      heap.push(fin, i);
      idle--;
    }
    if (aging) core.settle(now);
  }
  if (series !== null) series.takeQueues(Number.POSITIVE_INFINITY, core, cfg.workers - idle);

  return { arrival, start, end, outcome, events: { completions, arrivals: next, agingTicks, promotions: core.promotions } };
};

/** Message i (trace row first + i) completed at `now`: its queue's cost EWMA learns its duration, the router hears. */
export function finish(router: Router, core: SchedulerCore, durationIn: Float64Array, first: number, i: number, now: number): void {
  core.complete(i, durationIn[first + i]!);
  router.now = now;
  router.complete(first + i);
}

/** A free worker takes the core's next message at `now` (its start is noted), or −1 when nothing waits. */
export function take(core: SchedulerCore, log: MessageLog | null, start: Float64Array, now: number): number {
  const i = core.dequeue();
  if (i >= 0) {
    if (log !== null) log.started(i, core.queueOf(i));
    start[i] = now;
  }
  return i;
}

/**
 * Evaluation message i (trace row first + i) arrives at `now`: the router places it (and may attach a cost estimate
 * and a predictor outcome), the log notes it, the core queues it. The arrival step of the level event loops (small:
 * V8 inlines it into them, as `finish` and `take`).
 */
export function arrive(router: Router, core: SchedulerCore, log: MessageLog | null, outcome: Int8Array, first: number, i: number, now: number): void {
  router.cost = 0;
  router.outcome = -1;
  router.now = now;
  const q = router.route(first + i);
  outcome[i] = router.outcome;
  if (log !== null) log.arrived(i, q, router.cost);
  core.enqueue(i, q, now, router.cost, now);
}

/** The next timer event after `now`: the next acting aging tick or the next queue sample, Infinity when neither. */
export function nextTimer(core: SchedulerCore, aging: boolean, series: QueueSeries | null, now: number): number {
  const tick = aging ? core.nextActingTick(now) : Number.POSITIVE_INFINITY;
  return series === null || tick <= series.nextAt ? tick : series.nextAt;
}

/**
 * The run's scheduler core on pooled buffers (a function of its own, so that inlining the buffer views does not use
 * up V8's inlining budget of the event loop). Per-message state only some schedules read: the others get
 * one-element stand-ins (never indexed past 0).
 */
/** The scheduler core of a run, its per-message arrays from `buffers` (state only the schedule reads: stand-ins). */
export function coreFor(cfg: EngineConfig, m: number, arrival: Float64Array, buffers: EngineBuffers): SchedulerCore {
  const agingOn = cfg.agingMs !== null && cfg.queues > 1;
  const weighted = cfg.weights !== null;
  return new SchedulerCore({ levels: cfg.queues, weights: cfg.weights, agingMs: cfg.agingMs, agingIntervalMs: cfg.agingIntervalMs, pausing: cfg.pausing }, m, 0, {
    next: buffers.i32('next', m),
    pulled: buffers.i32('pulledFrom', m),
    placed: buffers.f64('placed', agingOn ? m : 1),
    promoted: buffers.u8('promoted', agingOn ? m : 1),
    cost: buffers.f64('cost', weighted ? m : 1),
    arrival,
  });
}
