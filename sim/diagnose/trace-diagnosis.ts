// `hsim traces diagnose` as a pure computation: can this trace be learned, and what would get in the way.
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
import { onlinePredictions } from './online-predictions.ts';
import { durationUnitWarnings } from './unit-warnings.ts';
import { diagnoseVerdict, errorGain, INFORMATIVE_GAIN, type DiagnoseVerdict } from './diagnose-verdict.ts';
import * as msg from '../messages.ts';
import {
  boundaryWarnings, coverageWarnings, humanMs, percent, predictorKeyWarnings, timeScaleWarnings, unseenKeyWarnings, type DiagnoseWarning,
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
  /**
   * `per_key_median` is the static median of each key's history durations; `online_per_key` the arm's predictor run
   * without queueing (`onlinePredictions`). `per_size_bin_median` only when the trace has a size column: the per-key
   * median with ⌊log2 size⌋ in the key.
   */
  predictability: { global_median: PredictionAccuracy; per_key_median: PredictionAccuracy; per_size_bin_median?: PredictionAccuracy; online_per_key: PredictorAccuracy; predictor: PredictorAccuracy };
  keys: KeyGaps;
  /** Stale fallbacks in the simulation and without queueing against the gap share, and why they differ (null: they do not). */
  stale_fallback: StaleFallback;
  time_scale: TimeScale;
  warnings: DiagnoseWarning[];
  verdict: DiagnoseVerdict;
}

/** Shares of evaluation arrivals: stale fallbacks of the simulated arm, of the online run, and gaps above τ. */
export interface StaleFallback {
  simulated_share: number;
  online_share: number;
  gap_share: number;
  note: string | null;
}

/** Difference of stale shares (simulated vs gaps) from which the note explains it. */
const STALE_NOTE_FROM = 0.01;

/** Outcome counts of every code in `codes` (−1: none), by outcome name, every name present. */
function outcomeCounts(codes: Int8Array): Record<string, number> {
  const out = Object.fromEntries(PREDICT_OUTCOME_NAMES.map((name) => [name, 0])) as Record<string, number>;
  for (const code of codes) if (code >= 0) out[PREDICT_OUTCOME_NAMES[code]!]! += 1;
  return out;
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

  const outcomes = outcomeCounts(est.outcome);
  const predictor: PredictorAccuracy = {
    ...predictionAccuracy(trace.duration, first, est.estimate, boundaries),
    coverage: m > 0 ? outcomes.predicted! / m : 0,
    outcomes,
  };
  const online = onlinePredictions(trace, first, keys, params, est.compress);
  const onlineOutcomes = outcomeCounts(online.outcome);
  const onlineRow: PredictorAccuracy = {
    ...predictionAccuracy(trace.duration, first, online.estimate, boundaries),
    coverage: m > 0 ? onlineOutcomes.predicted! / m : 0,
    outcomes: onlineOutcomes,
  };
  const globalPredictions = globalMedianPredictions(trace.duration, first, n);
  const globalRow = predictionAccuracy(trace.duration, first, globalPredictions, boundaries);
  const perKeyRow = predictionAccuracy(trace.duration, first, perKeyMedianPredictions(trace.duration, first, n, keys), boundaries);
  // The online predictor is judged on the rows it predicts, so the global median is too.
  const globalOnRows = globalPredictions.map((g, i) => (Number.isNaN(online.estimate[i]!) ? Number.NaN : g));
  const globalOnline = predictionAccuracy(trace.duration, first, globalOnRows, boundaries);
  const verdict = diagnoseVerdict({
    keyGain: errorGain(perKeyRow, globalRow), onlineGain: errorGain(onlineRow, globalOnline), globalError: globalRow.median_abs_log2_error,
    outcomes, onlineOutcomes, minSamples: params.minSamples, spreadRatio: params.spreadRatio,
  });
  const kg = keyGaps(trace.arrival, first, n, keys, est.compress, params.staleAfterMs, params.idleHalfLifeMs);
  const ts = timeScale(trace.arrival, trace.duration, first, n, run.arm.flags.agingMs, run.arm.agingIntervalMs);
  const loadText = loadLabel(run.load);
  const staleFallback = staleFallbackOf(outcomes.stale_key! / Math.max(m, 1), onlineOutcomes.stale_key! / Math.max(m, 1), kg);
  const uninformative = verdict.key_gain !== null && verdict.key_gain < INFORMATIVE_GAIN && (verdict.online_gain ?? 0) < INFORMATIVE_GAIN;
  const fmt = (x: number | null): string => (x === null ? '-' : String(Number(x.toPrecision(3))));
  const warnings = [
    ...(uninformative ? [{ parameter: 'trace key', text: msg.keysUninformative(fmt(perKeyRow.median_abs_log2_error), fmt(onlineRow.median_abs_log2_error), fmt(globalRow.median_abs_log2_error)) }] : []),
    ...durationUnitWarnings(trace, run.workers),
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
      global_median: globalRow,
      per_key_median: perKeyRow,
      // Does the job size tell more than the key? The same median, keyed as the arm keys it plus the size bin.
      ...(trace.size === null ? {} : {
        per_size_bin_median: predictionAccuracy(trace.duration, first, perKeyMedianPredictions(trace.duration, first, n, rowKeysCached(trace, run.arm.flags.keysProducer, true)), boundaries),
      }),
      online_per_key: onlineRow,
      predictor,
    },
    keys: kg,
    stale_fallback: staleFallback,
    time_scale: ts,
    warnings,
    verdict,
  };
}

/** The stale shares side by side, with the note when the simulated share differs from the gap share. */
function staleFallbackOf(simulated: number, online: number, kg: KeyGaps): StaleFallback {
  const differs = Number.isFinite(kg.stale_after_ms) && Math.abs(simulated - kg.stale_share) >= STALE_NOTE_FROM;
  return {
    simulated_share: simulated,
    online_share: online,
    gap_share: kg.stale_share,
    note: differs ? msg.staleGapNote(percent(simulated), percent(online), percent(kg.stale_share), humanMs(kg.stale_after_ms), simulated > kg.stale_share) : null,
  };
}
