// Tests of `onlinePredictions`: predicted then observed at each arrival, unlike the arm in a simulation.
import { describe, expect, it } from 'vitest';
import { traceFromRows } from '../../src/trace/trace.ts';
import { PredictOutcome } from '../../src/predictor/outcomes.ts';
import { parseArm } from '../arms/index.ts';
import { predictorParamsFor } from '../arms/predictive.ts';
import { rowKeysCached } from '../row-keys.ts';
import { onlinePredictions } from './online-predictions.ts';
import { predictorEstimates } from './predictor-estimates.ts';

// History: a twice at 100 ms, b twice at 1000 ms. Evaluation: c (5000 ms) at 10 000, c again 1 ms later, then a.
const trace = traceFromRows([
  [0, 100, 'a'], [1000, 1000, 'b'], [2000, 100, 'a'], [3000, 1000, 'b'],
  [10_000, 5000, 'c'], [10_001, 5000, 'c'], [10_002, 100, 'a'],
].map(([t, d, k]) => ({ arrival_ms: t as number, duration_ms: d as number, key: k as string })));
const armText = 'predictive@predictor.minSamples=1,predictor.firstRefreshAt=2';

describe('onlinePredictions', () => {
  it('observes each job at its arrival, so a key is known at its second arrival even while its first job runs', () => {
    const arm = parseArm(armText, 3);
    const keys = rowKeysCached(trace, arm.flags.keysProducer, arm.flags.sizebins);
    const params = predictorParamsFor(arm.flags, arm.predictorOverrides, 3, 1);
    const online = onlinePredictions(trace, 4, keys, params, 1);
    expect(Array.from(online.outcome)).toEqual([PredictOutcome.cold_key, PredictOutcome.predicted, PredictOutcome.predicted]);
    expect(online.estimate[0]).toBeNaN();
    // c's one observation (5000 ms) and a's two (100 ms) land in their histogram bins: the estimate is near the duration.
    expect(online.estimate[1]! / 5000).toBeGreaterThan(0.8);
    expect(online.estimate[1]! / 5000).toBeLessThan(1.25);
    expect(online.estimate[2]! / 100).toBeGreaterThan(0.8);
    expect(online.estimate[2]! / 100).toBeLessThan(1.25);
    // In the simulation on one worker the first c still runs when the second arrives: the second is still cold.
    const sim = predictorEstimates(trace, { arm, load: 'as-is', workers: 1, levels: 3, defaultLevel: 1, split: 'count', fraction: 4 / 7 });
    expect(sim.first).toBe(4);
    expect(sim.outcome[1]).toBe(PredictOutcome.cold_key);
  });

  it('returns empty arrays when there is no evaluation row', () => {
    const arm = parseArm(armText, 3);
    const keys = rowKeysCached(trace, false, false);
    const online = onlinePredictions(trace, trace.n, keys, predictorParamsFor(arm.flags, arm.predictorOverrides, 3, 1), 1);
    expect(online.outcome).toHaveLength(0);
  });
});
