// The discrete-event loop of SPEC §5: one event per iteration, ties completion < arrival < aging; the core schedules.
import { PriorityHeap } from './priority-heap.ts';
import { SchedulerCore } from '../src/scheduler/scheduler-core.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { runArrays } from './run-arrays.ts';
import { arrive } from './arrival-step.ts';
import { completeAt, type Router } from './router.ts';
import type { MessageLog } from './message-log.ts';
import type { QueueSeries } from './queue-series.ts';

export type { Router } from './router.ts';

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

/** What an engine run is given: the trace's columns, the rows to run, the router, the schedule, and the pools. */
export interface EngineInput {
  /** The trace's arrival column (ms), indexed by row; the run reads rows [first, first + m). */
  readonly arrival: Float64Array;
  /** The trace's duration column (ms), indexed by row. */
  readonly duration: Float64Array;
  /** First evaluation row. */
  readonly first: number;
  /** Number of evaluation messages. */
  readonly m: number;
  /** Arrival times are divided by this (SPEC §5's load compression). */
  readonly compress: number;
  readonly router: Router;
  readonly cfg: EngineConfig;
  /** Pool of the run's arrays; absent = fresh arrays (see `openRun`). */
  readonly buffers?: EngineBuffers;
  /** Instruments of the run; absent or null = none (see `openRun`). */
  readonly probes?: EngineProbes | null;
}

/**
 * An event loop over trace rows [first, first + m): `runEngine` below, or one an ideal-order routing brings (its
 * `engine`). Same input, same per-message outputs.
 */
export type Engine = (input: EngineInput) => EngineRun;

/** The per-message arrays and the instruments of a run, its input's defaults applied (the one place they are stated). */
export interface OpenRun {
  readonly arrival: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly outcome: Int8Array;
  readonly buffers: EngineBuffers;
  readonly log: MessageLog | null;
  readonly series: QueueSeries | null;
}

/**
 * Opens a run of `input`: its arrays from `input.buffers` (fresh buffers when absent) with the compressed arrivals
 * filled in (`runArrays`), and its message log and queue series (null when `input.probes` is absent or null).
 */
export function openRun(input: EngineInput): OpenRun {
  const buffers = input.buffers ?? new EngineBuffers();
  const probes = input.probes ?? null;
  const { arrival, start, end, outcome } = runArrays(buffers, input.arrival, input.first, input.m, input.compress);
  return { arrival, start, end, outcome, buffers, log: probes === null ? null : probes.log, series: probes === null ? null : probes.series };
}

/**
 * Simulates trace rows [first, first + m) arriving at (arrival[row] − arrival[first]) / compress and taking
 * duration[row] ms on one of `workers` non-preemptive workers, scheduled by the shared SchedulerCore (SPEC §5's
 * rules live there; this loop only orders events). Cost O(M log W) plus aging ticks. Arrays come from
 * `buffers` (fresh ones when omitted): pass one pool to consecutive runs to avoid touching new memory each time.
 */
export const runEngine: Engine = (input) => {
  const { duration: durationIn, first, m, router, cfg } = input;
  const { arrival, start, end, outcome, buffers, log, series } = openRun(input);
  const core = coreFor(cfg, m, arrival, buffers);
  const heap = PriorityHeap.ofCapacity(cfg.workers);
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
      const i = next++;
      core.enqueue(i, arrive(router, log, outcome, first, i, now, true), now, router.cost, now);
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
  completeAt(router, first + i, now);
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
