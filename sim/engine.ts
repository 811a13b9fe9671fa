// The discrete-event engine of SPEC §5: one event per iteration, ties completion < arrival < aging.
import { CompletionHeap } from './completion-heap.ts';
import { LevelQueues } from './level-queues.ts';
import { ShareHeap } from './share-heap.ts';
import { EngineBuffers } from './engine-buffers.ts';

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

const EWMA_ALPHA = 0.05;

/**
 * Simulates trace rows [first, first + m) arriving at (arrival[row] − arrival[first]) / compress and taking
 * duration[row] ms on one of `workers` non-preemptive workers. Cost O(M log W) plus aging ticks. Arrays come from
 * `buffers` (fresh ones when omitted): pass one pool to consecutive runs to avoid touching new memory each time.
 */
export function runEngine(
  arrivalIn: Float64Array,
  durationIn: Float64Array,
  first: number,
  m: number,
  compress: number,
  router: Router,
  cfg: EngineConfig,
  buffers: EngineBuffers = new EngineBuffers(),
): EngineRun {
  const Q = cfg.queues;
  const arrival = buffers.f64('arrival', m);
  const start = buffers.f64('start', m);
  const end = buffers.f64('end', m);
  const outcome = buffers.i8('outcome', m);
  // Per-message state only some schedules read: the others get one-element stand-ins (never indexed past 0).
  const agingOn = cfg.agingMs !== null && Q > 1;
  const weighted = cfg.weights !== null;
  const placed = buffers.f64('placed', agingOn ? m : 1);
  const promoted = buffers.u8('promoted', agingOn ? m : 1);
  const cost = buffers.f64('cost', weighted ? m : 1);
  const pulledFrom = buffers.i32('pulledFrom', m);
  if (agingOn) promoted.fill(0);
  const origin = m > 0 ? arrivalIn[first]! : 0;
  for (let i = 0; i < m; i++) arrival[i] = (arrivalIn[first + i]! - origin) / compress;

  const queues = new LevelQueues(Q, m, buffers.i32('next', m));
  const heap = new CompletionHeap(cfg.workers);
  const ewma = new Float64Array(Q);
  const promotedIn = new Int32Array(Q);
  const weights = cfg.weights ?? new Float64Array(0);
  const vclock = new Float64Array(Q);
  const shares = new ShareHeap(Q, vclock);
  let floor = 0;
  const threshold = cfg.agingMs ?? Number.POSITIVE_INFINITY;
  const interval = cfg.agingIntervalMs;
  const pausing = cfg.pausing;

  let idle = cfg.workers;
  let next = 0;
  let now = 0;
  let nextTick = interval; // anchored at t = 0, when the queue is empty
  let completions = 0;
  let agingTicks = 0;
  let promotions = 0;

  for (;;) {
    const tc = heap.topTime();
    const ta = next < m ? arrival[next]! : Number.POSITIVE_INFINITY;
    let tg = Number.POSITIVE_INFINITY;
    if (agingOn && queues.total > 0) {
      // Ticks before the current time are no-ops: skip them along the grid (the clock never runs backwards).
      while (nextTick < now) nextTick += interval;
      // Between two other events the queue is non-empty, every worker busy and the levels unchanged, so a tick that
      // promotes nothing is a pure no-op. A level l ≥ 1 first acts at the first grid point where its head has waited
      // the threshold since it was placed ("due"), unless by then it is paused (pausing: level l−1 holds a promoted
      // message and its head has waited the threshold since arrival). Both conditions only become true as time
      // passes, so the next tick that acts is the earliest such point over the levels, or none until another event.
      // Skip to it along the same grid, with the tick's own comparisons.
      tg = Number.POSITIVE_INFINITY;
      for (let l = Q - 1; l >= 1; l--) {
        const h = queues.head[l]!;
        if (h < 0) continue;
        const up = l - 1;
        const pausable = pausing && promotedIn[up]! > 0 && queues.length[up]! > 0;
        const upArrival = pausable ? arrival[queues.head[up]!]! : 0;
        let t = nextTick;
        while (t - placed[h]! < threshold && t < tg) t += interval;
        if (t < tg && !(pausable && t - upArrival >= threshold)) tg = t;
      }
    }
    if (tc === Number.POSITIVE_INFINITY && ta === Number.POSITIVE_INFINITY && tg === Number.POSITIVE_INFINITY) break;

    if (tc <= ta && tc <= tg) {
      now = tc;
      const i = heap.topRow();
      heap.pop();
      idle++;
      completions++;
      const d = durationIn[first + i]!;
      const lvl = pulledFrom[i]!;
      const e = ewma[lvl]!;
      ewma[lvl] = e > 0 ? e + EWMA_ALPHA * (d - e) : d;
      router.now = now;
      router.complete(first + i);
    } else if (ta <= tg) {
      now = ta;
      const i = next++;
      router.cost = 0;
      router.outcome = -1;
      router.now = now;
      const q = router.route(first + i);
      outcome[i] = router.outcome;
      if (weighted) cost[i] = router.cost;
      if (agingOn) placed[i] = now;
      // A queue that receives a message while empty restarts at max(its clock, floor): no banked credit.
      if (weighted && queues.length[q] === 0) {
        if (vclock[q]! < floor) vclock[q] = floor;
        queues.push(q, i);
        shares.push(q);
      } else queues.push(q, i);
    } else {
      now = tg;
      agingTicks++;
      for (let l = Q - 1; l >= 1; l--) {
        const up = l - 1;
        // With pausing: skip level l while level l−1 holds a promoted message and its head has waited ≥ threshold
        // since its original arrival; and promote at most one message per level per tick.
        if (pausing && promotedIn[up]! > 0 && queues.length[up]! > 0 && now - arrival[queues.head[up]!]! >= threshold) continue;
        for (let h = queues.head[l]!; h >= 0 && now - placed[h]! >= threshold; h = queues.head[l]!) {
          queues.shift(l);
          if (promoted[h] === 1) promotedIn[l]!--;
          if (weighted && queues.length[l] === 0) removeFromShares(shares, l);
          promoted[h] = 1;
          promotedIn[up]!++;
          placed[h] = now;
          promotions++;
          if (weighted && queues.length[up] === 0) {
            if (vclock[up]! < floor) vclock[up] = floor;
            queues.push(up, h);
            shares.push(up);
          } else queues.push(up, h);
          if (pausing) break;
        }
      }
      nextTick = now + interval;
    }

    // Dispatch.
    while (idle > 0 && queues.total > 0) {
      let q: number;
      if (weighted) {
        q = shares.top();
        const c = vclock[q]!;
        if (c > floor) floor = c;
        const i0 = queues.head[q]!;
        const est = cost[i0]!;
        const charge = est > 0 ? est : ewma[q]! > 0 ? ewma[q]! : 1;
        vclock[q] = c + (charge > 1 ? charge : 1) / weights[q]!;
        shares.fixTop(queues.length[q] === 1);
      } else {
        q = 0;
        while (queues.length[q] === 0) q++;
      }
      const i = queues.shift(q);
      if (agingOn && promoted[i] === 1) promotedIn[q]!--;
      pulledFrom[i] = q;
      start[i] = now;
      const fin = now + durationIn[first + i]!;
      end[i] = fin;
      heap.push(fin, i);
      idle--;
    }
    // Re-anchor the aging grid at every event after whose dispatch the queue is empty.
    if (queues.total === 0) nextTick = now + interval;
  }

  return { arrival, start, end, outcome, events: { completions, arrivals: next, agingTicks, promotions } };
}

/** Removes queue q from the shares heap (rare: a level emptied by promotion), by rebuilding it without q. */
function removeFromShares(shares: ShareHeap, q: number): void {
  const keep: number[] = [];
  while (shares.size > 0) {
    const t = shares.top();
    shares.fixTop(true);
    if (t !== q) keep.push(t);
  }
  for (const t of keep) shares.push(t);
}
