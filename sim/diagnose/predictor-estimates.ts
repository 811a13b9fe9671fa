// The predictor's estimate at each arrival, as a predictive arm makes it in a real simulation (Table 8 row).
import type { Trace } from '../../src/trace/trace.ts';
import { PredictOutcome, PREDICT_OUTCOME_NAMES } from '../../src/predictor/outcomes.ts';
import { simulate, type ArmResult, type SimulationConfig } from '../simulate.ts';
import type { ArmSpec } from '../arms/arm-spec.ts';
import type { BuiltRouter, RoutingContext, RoutingModule } from '../arms/routing.ts';
import type { Load, SplitBy } from '../split.ts';

/** What one simulated predictive arm believed: per evaluation message its outcome code and estimate. */
export interface PredictorEstimates {
  /** Estimate (ms) per evaluation message m (row first + m) routed by estimate; NaN for a fallback. */
  readonly estimate: Float64Array;
  /** Predict outcome code per evaluation message (PredictOutcome). */
  readonly outcome: Int8Array;
  /** The arm's result at this load, as `simulate` reports it (its `outcomes` counts included). */
  readonly result: ArmResult;
  readonly compress: number;
  readonly boundaries: number[];
  readonly first: number;
}

/** Where and how to simulate the arm. */
export interface EstimateRun {
  readonly arm: ArmSpec;
  readonly load: Load;
  readonly workers: number;
  readonly levels: number;
  readonly defaultLevel: number;
  readonly split: SplitBy;
  readonly fraction: number;
}

/** Passes every call to the arm's own router and writes down, per message, the outcome and estimate it set. */
class RecordingRouter implements BuiltRouter {
  now = 0;
  cost = 0;
  outcome = -1;
  readonly outcomeNames: readonly string[];
  constructor(
    private readonly inner: BuiltRouter,
    private readonly first: number,
    readonly estimate: Float64Array,
    readonly outcomes: Int8Array,
  ) {
    this.outcomeNames = inner.outcomeNames ?? PREDICT_OUTCOME_NAMES;
  }
  route(row: number): number {
    const inner = this.inner;
    inner.now = this.now;
    const level = inner.route(row);
    this.cost = inner.cost;
    this.outcome = inner.outcome;
    this.outcomes[row - this.first] = inner.outcome;
    // A predictive router charges its estimate as the cost (0 when the estimate is 0): errors need it > 0 anyway.
    this.estimate[row - this.first] = inner.outcome === PredictOutcome.predicted ? inner.cost : Number.NaN;
    return level;
  }
  complete(row: number): void {
    this.inner.now = this.now;
    this.inner.complete(row);
  }
  report(): Record<string, unknown> {
    return this.inner.report?.() ?? {};
  }
}

/**
 * Simulates `run.arm` (a routing with a predictor) at `run.load` through `simulate` and returns what its predictor
 * said at every arrival. Throws InputError when the load cannot be reached; Error when the arm has no predictor.
 */
export function predictorEstimates(trace: Trace, run: EstimateRun): PredictorEstimates {
  if (!run.arm.routing.needsPredictor) throw new Error(`arm ${run.arm.text} has no predictor`);
  let recorder: RecordingRouter | null = null;
  const inner = run.arm.routing;
  const routing: RoutingModule = {
    ...inner,
    create: (ctx: RoutingContext) => {
      const m = ctx.trace.n - ctx.first;
      recorder = new RecordingRouter(inner.create(ctx), ctx.first, new Float64Array(m).fill(Number.NaN), new Int8Array(m).fill(-1));
      return recorder;
    },
  };
  const cfg: SimulationConfig = {
    loads: [run.load], arms: [{ ...run.arm, routing }], workers: run.workers, levels: run.levels, defaultLevel: run.defaultLevel,
    split: run.split, fraction: run.fraction, windows: 1, windowBy: 'count', staticMap: null, seed: 1, predictorSnapshot: null,
  };
  const out = simulate(trace, cfg);
  const loadResult = Object.values(out.results)[0]!;
  const rec = recorder as RecordingRouter | null;
  if (rec === null) throw new Error('simulate built no router');
  return {
    estimate: rec.estimate, outcome: rec.outcomes, result: loadResult.arms[run.arm.text]!, compress: loadResult.compress,
    boundaries: out.trace.boundaries_ms, first: out.trace.history_rows,
  };
}
