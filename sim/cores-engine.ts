// The event loop with handlers that compute on C cores: processor sharing among running handlers, in virtual time.
import { PriorityHeap } from './priority-heap.ts';
import { arrive } from './arrival-step.ts';
import { coreFor, finish, nextTimer, openRun, take, type EngineInput, type EngineRun } from './engine.ts';

/** What `runEngineOnCores` is given beyond an engine's input. */
export interface CoresInput extends EngineInput {
  /** Cores the running handlers share (an integer ≥ 1). */
  readonly cores: number;
  /** Fixed CPU cost per message before its handler starts (ms, ≥ 0); absent = 0. */
  readonly overheadMs?: number;
}

/**
 * Like `runEngine`, but a message's duration is its handler's CPU demand and the handlers share `cores` cores:
 * while k handlers run, each progresses at rate min(1, cores/k) (egalitarian processor sharing), so completion
 * times move as handlers start and finish. Scheduling (which message a free worker takes) is unchanged.
 *
 * Virtual time V advances at that common rate, so a handler started at virtual time v with demand d finishes when
 * V reaches v + d whatever happens meanwhile: the completion heap is keyed by virtual finish (then row) and never
 * re-keyed, and the next completion's real time is now + (v_top − V)/rate. Cost O(log W) per event, like
 * runEngine. Tie order as in runEngine: completion < arrival < aging, then row. Throws RangeError for cores < 1.
 *
 * `overheadMs` > 0 is a fixed per-message cost before a handler starts, in CPU: the broker's, the driver's and the
 * hand-off's work for that message (what a replay with computing handlers measures: CPU per message outside the
 * handlers, experiments/contention/README.md). The worker that takes a message is busy for it (start is the take)
 * and it shares the cores like the handler, which follows it: the message's demand is overhead + duration. With a
 * core per worker (cores ≥ workers) nothing shares, and that is the same as an overhead that only delays.
 * Throws RangeError for a negative overhead.
 */
export function runEngineOnCores(input: CoresInput): EngineRun {
  const { duration: durationIn, first, m, router, cfg, cores, overheadMs = 0 } = input;
  if (!(Number.isInteger(cores) && cores >= 1)) throw new RangeError(`cores ${cores}; expected an integer ≥ 1`);
  if (!(Number.isFinite(overheadMs) && overheadMs >= 0)) throw new RangeError(`overhead ${overheadMs} ms; expected a finite number ≥ 0`);
  const { arrival, start, end, outcome, buffers, log, series } = openRun(input);
  const core = coreFor(cfg, m, arrival, buffers);
  const heap = PriorityHeap.ofCapacity(cfg.workers); // keyed by virtual finish time
  const aging = core.agingOn;
  const timers = aging || series !== null; // samples are timer events, as in runEngine

  let idle = cfg.workers;
  let next = 0;
  let now = 0;
  let virtual = 0; // V: the CPU time each running handler has received since t = 0
  let rate = 1; // dV/dt = min(1, cores / running)
  let completions = 0;
  let agingTicks = 0;

  for (;;) {
    const tc = heap.size > 0 ? now + (heap.topKey() - virtual) / rate : Number.POSITIVE_INFINITY;
    const ta = next < m ? arrival[next]! : Number.POSITIVE_INFINITY;
    const tg = timers ? nextTimer(core, aging, series, now) : Number.POSITIVE_INFINITY;
    if (tc === Number.POSITIVE_INFINITY && ta === Number.POSITIVE_INFINITY && tg === Number.POSITIVE_INFINITY) break;

    if (tc <= ta && tc <= tg) {
      // Snap V to the finishing handler's key: no rounding of (t − now)·rate may leave it a hair short.
      virtual = heap.topKey();
      now = tc;
      const i = heap.topIndex();
      heap.pop();
      end[i] = now;
      idle++;
      completions++;
      finish(router, core, durationIn, first, i, now);
    } else if (ta <= tg) {
      virtual += (ta - now) * rate;
      now = ta;
      const i = next++;
      core.enqueue(i, arrive(router, log, outcome, first, i, now, true), now, router.cost, now);
    } else if (series !== null && tg === series.nextAt && !(aging && core.nextActingTick(now) <= tg)) {
      // A sample moves neither `now` nor virtual time (no extra rounding step), and dispatches nothing.
      series.takeQueues(tg, core, cfg.workers - idle);
      continue;
    } else {
      virtual += (tg - now) * rate;
      now = tg;
      agingTicks++;
      core.tick(now);
    }

    while (idle > 0) {
      const i = take(core, log, start, now);
      if (i < 0) break;
      heap.push(virtual + overheadMs + durationIn[first + i]!, i);
      idle--;
    }
    rate = heap.size > cores ? cores / heap.size : 1;
    if (aging) core.settle(now);
  }
  if (series !== null) series.takeQueues(Number.POSITIVE_INFINITY, core, cfg.workers - idle);

  return { arrival, start, end, outcome, events: { completions, arrivals: next, agingTicks, promotions: core.promotions } };
}
