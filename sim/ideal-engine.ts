// The continuous-priority engine of the ideal-order arms (sjf, sept): non-preemptive, W workers, optional aging.
import { arrive } from './arrival-step.ts';
import { openRun, type Engine } from './engine.ts';
import { PriorityHeap } from './priority-heap.ts';
import { completeAt } from './router.ts';

/**
 * Simulates trace rows [first, first + m) like `runEngine` (same arrivals, same event order: completion before
 * arrival at one instant, one event per iteration, then dispatch), but the router's `route(row)` returns the
 * message's **priority** (a number, smaller is served first; ties in arrival order), not a queue. A free worker
 * takes the waiting message with the smallest (priority, arrival index); nothing is preempted.
 *
 * Aging (`cfg.agingMs` = threshold T, or null for strict order): checked **at dispatch**, the only instant a
 * non-preemptive schedule decides anything. A free worker first takes the earliest-arrived waiting message whose
 * wait so far is longer than T (now − arrival > T, strict), FIFO among those; only when there is none does it take
 * the priority order. `cfg.queues`, `weights`, `pausing` and `agingIntervalMs` are not used. Cost O(M log M).
 * `events.promotions` counts the messages served by aging.
 */
export const runIdealEngine: Engine = (input) => {
  const { duration: durationIn, first, m, router, cfg } = input;
  const { arrival, start, end, outcome, buffers, log, series } = openRun(input);
  const agingOn = cfg.agingMs !== null;
  const threshold = cfg.agingMs ?? Number.POSITIVE_INFINITY;
  // With aging a message can leave by either door: the heap keeps its entry and skips it later (lazy deletion).
  const started = buffers.u8('started', agingOn ? m : 1);
  if (agingOn) started.fill(0);

  const waiting = new PriorityHeap(buffers.f64('priorityKey', Math.max(1, m)), buffers.i32('priorityIndex', Math.max(1, m)));
  const running = PriorityHeap.ofCapacity(cfg.workers);
  let idle = cfg.workers;
  let queued = 0;
  let oldest = 0; // every message before it has started (aging's FIFO pointer)
  let next = 0;
  let now = 0;
  let completions = 0;
  let aged = 0;

  for (;;) {
    const tc = running.topKey();
    const ta = next < m ? arrival[next]! : Number.POSITIVE_INFINITY;
    if (tc === Number.POSITIVE_INFINITY && ta === Number.POSITIVE_INFINITY) break;
    if (series !== null && series.nextAt < tc && series.nextAt < ta) series.takeCount(Math.min(tc, ta), queued, cfg.workers - idle);
    if (tc <= ta) {
      now = tc;
      const i = running.topIndex();
      running.pop();
      idle++;
      completions++;
      completeAt(router, first + i, now);
    } else {
      now = ta;
      const i = next++;
      waiting.push(arrive(router, log, outcome, first, i, now, false), i);
      queued++;
    }

    while (idle > 0 && queued > 0) {
      let i = -1;
      if (agingOn) {
        while (oldest < next && started[oldest] === 1) oldest++;
        if (now - arrival[oldest]! > threshold) {
          i = oldest;
          aged++;
          if (log !== null) log.promoted(i);
        } else {
          while (started[waiting.topIndex()] === 1) waiting.pop();
        }
      }
      if (i < 0) {
        i = waiting.topIndex();
        waiting.pop();
      }
      if (agingOn) started[i] = 1;
      queued--;
      start[i] = now;
      const fin = now + durationIn[first + i]!;
      end[i] = fin;
      running.push(fin, i);
      idle--;
    }
  }
  if (series !== null) series.takeCount(Number.POSITIVE_INFINITY, queued, cfg.workers - idle);
  return { arrival, start, end, outcome, events: { completions, arrivals: next, agingTicks: 0, promotions: aged } };
};
