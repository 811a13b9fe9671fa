// The arrival step every engine takes for a message: routed, its predictor outcome and its probe record written.
import type { MessageLog } from './message-log.ts';
import { routeAt, type Router } from './router.ts';

/**
 * Evaluation message i (trace row first + i) arrives at `now` (ms): the router places it (`routeAt`: its answer, and
 * a cost estimate and a predictor outcome left on the router), `outcome[i]` keeps the outcome, and the log (when
 * there is one) notes the placement and the estimate. Returns the router's answer; the caller queues the message by
 * it (level engines: the queue, read from `router.cost` for the estimate; ideal-order engines: the priority).
 * `answerIsQueue` says whether the answer is logged as the queue placed in (level engines) or the log gets −1 (no
 * queues); it is read only when logging. Small, so that V8 inlines it into each event loop.
 */
export function arrive(router: Router, log: MessageLog | null, outcome: Int8Array, first: number, i: number, now: number, answerIsQueue: boolean): number {
  const answer = routeAt(router, first + i, now);
  outcome[i] = router.outcome;
  if (log !== null) log.arrived(i, answerIsQueue ? answer : -1, router.cost);
  return answer;
}
