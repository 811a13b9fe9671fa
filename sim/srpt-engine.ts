// The preemptive-resume shortest-remaining-processing-time engine (arm `srpt`): a bound no broker can reach.
import { arrive } from './arrival-step.ts';
import { openRun, type Engine } from './engine.ts';
import { PriorityHeap } from './priority-heap.ts';
import { completeAt } from './router.ts';

/**
 * Simulates trace rows [first, first + m) with the arrivals of `runEngine` on `cfg.workers` workers that at every
 * instant serve the W messages with the least remaining true work (SRPT-W, preemptive resume, no switching cost).
 * An arrival preempts the running message with the most remaining work (the latest arrival among equals) only when
 * its own duration is strictly smaller; a freed worker resumes the waiting message with the least remaining work
 * (ties in arrival order). Event order: completion before arrival at one instant, completions by row index.
 * `start` is the first time a message is served (so wait = time to first service), `end` its completion.
 * The router is called as by the other engines (its return value is not used: the order is the true remaining
 * work). Cost O(M·W + M log M); `events.promotions` counts preemptions.
 */
export const runSrptEngine: Engine = (input) => {
  const { duration: durationIn, first, m, router, cfg } = input;
  const { arrival, start, end, outcome, buffers, log, series } = openRun(input);
  start.fill(Number.NaN);

  const W = cfg.workers;
  const slotMsg = new Int32Array(W).fill(-1);
  const slotRem = new Float64Array(W); // remaining work when the slot last (re)started its message
  const slotSince = new Float64Array(W);
  const waiting = new PriorityHeap(buffers.f64('priorityKey', Math.max(1, m)), buffers.i32('priorityIndex', Math.max(1, m)));
  let busy = 0;
  let next = 0;
  let now = 0;
  let completions = 0;
  let preemptions = 0;

  for (;;) {
    let tc = Number.POSITIVE_INFINITY;
    let cs = -1;
    for (let s = 0; s < W; s++) {
      const i = slotMsg[s]!;
      if (i < 0) continue;
      const t = slotSince[s]! + slotRem[s]!;
      if (t < tc || (t === tc && i < slotMsg[cs]!)) {
        tc = t;
        cs = s;
      }
    }
    const ta = next < m ? arrival[next]! : Number.POSITIVE_INFINITY;
    if (cs < 0 && ta === Number.POSITIVE_INFINITY) break;
    if (series !== null && series.nextAt < tc && series.nextAt < ta) series.takeCount(Math.min(tc, ta), waiting.size, busy);
    if (tc <= ta) {
      now = tc;
      const i = slotMsg[cs]!;
      end[i] = now;
      slotMsg[cs] = -1;
      busy--;
      completions++;
      completeAt(router, first + i, now);
      if (waiting.size > 0) {
        const j = waiting.topIndex();
        const rem = waiting.topKey();
        waiting.pop();
        place(cs, j, rem);
      }
      continue;
    }
    now = ta;
    const i = next++;
    arrive(router, log, outcome, first, i, now, false);
    const d = durationIn[first + i]!;
    if (busy < W) {
      let s = 0;
      while (slotMsg[s]! >= 0) s++;
      place(s, i, d);
      continue;
    }
    // The running message with the most remaining work (the latest arrival among equals) is the one to preempt.
    let vs = 0;
    let vRem = -1;
    for (let s = 0; s < W; s++) {
      const r = slotRem[s]! - (now - slotSince[s]!);
      if (r > vRem || (r === vRem && slotMsg[s]! > slotMsg[vs]!)) {
        vRem = r;
        vs = s;
      }
    }
    if (d < vRem) {
      waiting.push(vRem, slotMsg[vs]!);
      preemptions++;
      if (log !== null) log.promoted(slotMsg[vs]!);
      busy--;
      place(vs, i, d);
    } else waiting.push(d, i);
  }
  if (series !== null) series.takeCount(Number.POSITIVE_INFINITY, waiting.size, busy);
  return { arrival, start, end, outcome, events: { completions, arrivals: next, agingTicks: 0, promotions: preemptions } };

  function place(s: number, i: number, rem: number): void {
    slotMsg[s] = i;
    slotRem[s] = rem;
    slotSince[s] = now;
    if (Number.isNaN(start[i]!)) start[i] = now;
    busy++;
  }
};
