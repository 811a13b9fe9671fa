// `hsim traces diagnose` as a pure computation: can this trace be learned, and what would get in the way (issue 13).
import type { Trace } from '../../src/trace/trace.ts';
import { InputError, atOption } from '../../src/errors.ts';
import { PREDICT_OUTCOME_NAMES } from '../../src/predictor/outcomes.ts';
import { predictorParamsFor } from '../arms/predictive.ts';
import { rowKeysCached } from '../row-keys.ts';
import { splitTrace } from '../split.ts';
import { loadLabel } from '../simulate.ts';
import { predictionAccuracy, type PredictionAccuracy } from './prediction-accuracy.ts';
import { globalMedianPredictions, perKeyMedianPredictions } from './median-predictions.ts';
import { predictorEstimates, type EstimateRun } from './predictor-estimates.ts';
import { keyGaps, type KeyGaps } from './key-gaps.ts';
import { timeScale, type TimeScale } from './time-scale.ts';
import {
  boundaryWarnings, coverageWarnings, predictorKeyWarnings, timeScaleWarnings, unseenKeyWarnings, type DiagnoseWarning,
} from './diagnose-warnings.ts';

/** The predictor's row: accuracy over the messages it routed by estimate, plus coverage and every outcome count. */
export interface PredictorAccuracy extends PredictionAccuracy {
  /** Share of evaluation messages routed by estimate (= the arm's `predicted` outcome share). */
  coverage: number;
  outcomes: Record<string, number>;
}

/** Everything `traces diagnose` reports (JSON field names as printed with --json). */
export interface TraceDiagnosis {
  trace: { rows: number; history_rows: number; evaluation_rows: number; boundaries_ms: number[] };
  arm: string;
  load: string;
  compress: number;
  workers: number;
  /** `per_size_bin_median` only when the trace has a size column: the per-key median with ⌊log2 size⌋ in the key. */
  predictability: { global_median: PredictionAccuracy; per_key_median: PredictionAccuracy; per_size_bin_median?: PredictionAccuracy; predictor: PredictorAccuracy };
  keys: KeyGaps;
  time_scale: TimeScale;
  warnings: DiagnoseWarning[];
}

/**
 * Diagnoses `trace` for `run` (a warm predictive arm, a load, a split). The predictor row comes from simulating the
 * arm at the load; the rest are single passes. Throws InputError when the split leaves no history or evaluation
 * rows, when the arm has no warm predictor, or when the load cannot be reached.
 */
export function diagnoseTrace(trace: Trace, run: EstimateRun): TraceDiagnosis {
  if (!run.arm.routing.needsPredictor || !run.arm.routing.needsHistory) {
    throw new InputError(atOption('--arm', run.arm.text, 'a warm predictive arm (e.g. predictive, predictive+weights+pausing)'));
  }
  const split = splitTrace(trace, run.split, run.fraction);
  if (split.cut === 0 || split.cut >= trace.n) {
    throw new InputError(atOption('--split', `${run.split} ${run.fraction}`, 'a split that leaves both history and evaluation rows', `the trace has ${trace.n} rows, ${split.cut} before the cut`));
  }
  const est = predictorEstimates(trace, run);
  const { first, boundaries } = est;
  const n = trace.n;
  const m = n - first;
  const keys = rowKeysCached(trace, run.arm.flags.keysProducer, run.arm.flags.sizebins);
  const params = predictorParamsFor(run.arm.flags, run.arm.predictorOverrides, run.levels, run.defaultLevel);

  const outcomes = Object.fromEntries(PREDICT_OUTCOME_NAMES.map((name) => [name, 0])) as Record<string, number>;
  for (let i = 0; i < m; i++) {
    const code = est.outcome[i]!;
    if (code >= 0) outcomes[PREDICT_OUTCOME_NAMES[code]!]! += 1;
  }
  const predictor: PredictorAccuracy = {
    ...predictionAccuracy(trace.duration, first, est.estimate, boundaries),
    coverage: m > 0 ? outcomes.predicted! / m : 0,
    outcomes,
  };
  const kg = keyGaps(trace.arrival, first, n, keys, est.compress, params.staleAfterMs, params.idleHalfLifeMs);
  const ts = timeScale(trace.arrival, trace.duration, first, n, run.arm.flags.agingMs, run.arm.agingIntervalMs);
  const loadText = loadLabel(run.load);
  const warnings = [
    ...predictorKeyWarnings(kg, loadText),
    ...unseenKeyWarnings(kg),
    ...coverageWarnings(outcomes, loadText),
    ...boundaryWarnings(boundaries),
    ...timeScaleWarnings(ts, run.arm.flags.agingMs !== null),
  ];
  return {
    trace: { rows: n, history_rows: first, evaluation_rows: m, boundaries_ms: boundaries },
    arm: run.arm.text,
    load: loadText,
    compress: est.compress,
    workers: run.workers,
    predictability: {
      global_median: predictionAccuracy(trace.duration, first, globalMedianPredictions(trace.duration, first, n), boundaries),
      per_key_median: predictionAccuracy(trace.duration, first, perKeyMedianPredictions(trace.duration, first, n, keys), boundaries),
      // Does the job size tell more than the key? The same median, keyed as the arm keys it plus the size bin.
      ...(trace.size === null ? {} : {
        per_size_bin_median: predictionAccuracy(trace.duration, first, perKeyMedianPredictions(trace.duration, first, n, rowKeysCached(trace, run.arm.flags.keysProducer, true)), boundaries),
      }),
      predictor,
    },
    keys: kg,
    time_scale: ts,
    warnings,
  };
}
