// The router an engine consults for each message, and the two calls by which every engine and the replay drive it.

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
 * The router's answer for trace row `row` arriving at `now` (ms): a queue, or a priority for the ideal-order engines.
 * Clears `cost` and `outcome` first, so what the router leaves there after the call belongs to this message alone.
 */
export function routeAt(router: Router, row: number, now: number): number {
  router.cost = 0;
  router.outcome = -1;
  router.now = now;
  return router.route(row);
}

/** Tells the router that the message of trace row `row` completed at `now` (ms). */
export function completeAt(router: Router, row: number, now: number): void {
  router.now = now;
  router.complete(row);
}
