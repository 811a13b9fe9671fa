// The per-key predictor as it would run without queueing: each evaluation row predicted, then observed, at its arrival.
import type { PredictorParams } from '../../src/predictor/params.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { PredictOutcome } from '../../src/predictor/outcomes.ts';
import { warmPredictor } from '../arms/predictive.ts';
import type { RowKeys } from '../row-keys.ts';

/** What the predictor said at each evaluation row when nothing waits: the estimate (NaN for a fallback) and the outcome code. */
export interface OnlineEstimates {
  readonly estimate: Float64Array;
  readonly outcome: Int8Array;
}

/**
 * Runs the predictor of `params`, warmed on rows [0, first) as a predictive arm is, over the evaluation rows in
 * arrival order with the clock at each arrival ((arrival − first evaluation arrival)/compress, the simulation's time
 * scale): predict, then observe the row's duration at once. It is the predictor with no waiting and no service time
 * between a prediction and the observation, so its fallbacks are the trace's, not the backlog's. Cost O(n).
 */
export function onlinePredictions(trace: Trace, first: number, keys: RowKeys, params: Readonly<PredictorParams>, compress: number): OnlineEstimates {
  const n = trace.n;
  const m = n - first;
  const estimate = new Float64Array(m).fill(Number.NaN);
  const outcome = new Int8Array(m).fill(-1);
  if (m <= 0) return { estimate, outcome };
  const p = warmPredictor(params, { trace, first, compress }, keys);
  p.bindKeys(keys.distinct);
  const origin = trace.arrival[first]!;
  const { rowKeyId } = keys;
  for (let r = first; r < n; r++) {
    p.setClock((trace.arrival[r]! - origin) / compress);
    const id = rowKeyId[r]!;
    p.predictId(id);
    outcome[r - first] = p.lastOutcome;
    if (p.lastOutcome === PredictOutcome.predicted) estimate[r - first] = p.lastEstimate;
    p.observeId(id, trace.duration[r]!);
  }
  return { estimate, outcome };
}
