// Routing `sept`: non-preemptive shortest expected processing time by the shared predictor's estimate at arrival.
import { PredictOutcome } from '../../src/predictor/outcomes.ts';
import { runIdealEngine } from '../ideal-engine.ts';
import { checkIdealFlags } from './ideal-flags.ts';
import { armPredictor, PredictiveRouter, predictorParamsFor } from './predictive.ts';
import { registerRouting } from './routing.ts';

/**
 * The priority of a message is the predictor's estimate exactly as `predictive` makes it (same warm start, same
 * gates, same learning on completion); a message without a trusted estimate (any fallback outcome) is ranked at the
 * pooled median: the predictor's pooled p50 at that moment (0 before any observation, i.e. first).
 */
class SeptRouter extends PredictiveRouter {
  // The pooled histogram changes only when an observation is added, so its median is recomputed only when the
  // observation count has moved (exact: the same number as asking every time, without 48-bin scans per message).
  private medianAt = -1;
  private median = 0;

  override route(row: number): number {
    const p = this.predictor;
    p.setClock(this.now);
    p.predictId(this.rowKeyId[row]!);
    this.outcome = p.lastOutcome;
    if (p.lastOutcome === PredictOutcome.predicted) return p.lastEstimate;
    const n = p.observationCount();
    if (n !== this.medianAt) {
      this.median = p.pooledQuantile(0.5);
      this.medianAt = n;
    }
    return this.median;
  }
}

registerRouting({
  name: 'sept',
  description: "non-preemptive shortest expected time first by the warm predictor's estimate (untrusted: the pooled median)",
  needsHistory: true,
  needsPredictor: true,
  needsStaticMap: false,
  queues: 'levels',
  engine: runIdealEngine,
  agesByDefault: false,
  check: (flags, overrides, levels, defaultLevel) => {
    checkIdealFlags('sept', flags, true);
    predictorParamsFor(flags, overrides, levels, defaultLevel);
  },
  create: (ctx) => {
    const keys = ctx.keys();
    return new SeptRouter(armPredictor(ctx, true), ctx.trace.duration, keys.rowKeyId, keys.distinct, false, ctx.defaultLevel);
  },
});
