// The bottom line of `traces diagnose`: can the trace be learned from its keys, and what gets most in the way.
import * as msg from '../messages.ts';
import type { PredictionAccuracy } from './prediction-accuracy.ts';
import { percent } from './diagnose-warnings.ts';

/** The verdict as `traces diagnose --json` writes it. Gains are shares of the global median's error, null where undefined. */
export interface DiagnoseVerdict {
  learnable: boolean;
  /** 1 − (median |log2 error| of the static per-key history median) / (that of the global median), all evaluation rows. */
  key_gain: number | null;
  /** The same for the online per-key predictor, against the global median on the rows the online predictor predicts. */
  online_gain: number | null;
  /** What gets most in the way: a predictor outcome name, `keys_uninformative`, or `none`. */
  obstacle: string;
  /** Share of evaluation arrivals the obstacle costs (null for `keys_uninformative`). */
  obstacle_share: number | null;
  text: string;
}

/** Smallest gain (share of the global median's error explained) called learnable, and below which keys carry no information. */
export const LEARNABLE_GAIN = 0.2;
export const INFORMATIVE_GAIN = 0.1;
/** Smallest fallback share named as an obstacle. */
export const OBSTACLE_SHARE = 0.05;

/** 1 − key/global over median |log2 error|; null when either is missing or the global error is 0 (nothing to explain). */
export function errorGain(key: PredictionAccuracy, global: PredictionAccuracy): number | null {
  const k = key.median_abs_log2_error;
  const g = global.median_abs_log2_error;
  return k === null || g === null || g === 0 ? null : 1 - k / g;
}

/** The facts the verdict weighs. Outcome counts are of evaluation arrivals (the simulated arm's and the online run's). */
export interface VerdictInput {
  keyGain: number | null;
  onlineGain: number | null;
  /** Median |log2 error| of the global median (0: every duration equal to it). */
  globalError: number | null;
  outcomes: Readonly<Record<string, number>>;
  onlineOutcomes: Readonly<Record<string, number>>;
  minSamples: number;
  spreadRatio: number;
}

/**
 * The verdict: learnable when the static or the online per-key prediction explains at least LEARNABLE_GAIN of the
 * error a global median leaves; the obstacle is then the simulated predictor's most frequent fallback (from
 * OBSTACLE_SHARE of arrivals on), and otherwise that keys carry too little information.
 */
export function diagnoseVerdict(v: VerdictInput): DiagnoseVerdict {
  const gains = [v.keyGain, v.onlineGain].filter((g): g is number => g !== null);
  const best = gains.length === 0 ? null : Math.max(...gains);
  const gainText = best === null ? null
    : best === v.keyGain ? msg.verdictStaticGain(percent(Math.max(0, best)))
      : msg.verdictOnlineGain(percent(Math.max(0, best)));
  if (best === null) {
    const text = v.globalError === 0 ? msg.verdictNothingToLearn() : msg.verdictNoData();
    return { learnable: false, key_gain: v.keyGain, online_gain: v.onlineGain, obstacle: 'none', obstacle_share: null, text };
  }
  if (best < LEARNABLE_GAIN) {
    return {
      learnable: false, key_gain: v.keyGain, online_gain: v.onlineGain, obstacle: 'keys_uninformative', obstacle_share: null,
      text: msg.verdictNotLearnable(gainText!),
    };
  }
  const total = Object.values(v.outcomes).reduce((a, b) => a + b, 0);
  let worst = 'none';
  let worstCount = 0;
  for (const [name, c] of Object.entries(v.outcomes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name !== 'predicted' && c > worstCount) {
      worst = name;
      worstCount = c;
    }
  }
  const share = total > 0 ? worstCount / total : 0;
  if (worst === 'none' || share < OBSTACLE_SHARE) {
    const covered = total > 0 ? (v.outcomes.predicted ?? 0) / total : 0;
    return { learnable: true, key_gain: v.keyGain, online_gain: v.onlineGain, obstacle: 'none', obstacle_share: null, text: msg.verdictLearnable(gainText!, msg.obstacleNone(percent(covered))) };
  }
  const onlineTotal = Object.values(v.onlineOutcomes).reduce((a, b) => a + b, 0);
  const onlineShare = onlineTotal > 0 ? (v.onlineOutcomes[worst] ?? 0) / onlineTotal : 0;
  const obstacle = msg.obstacleText(worst, percent(share), percent(onlineShare), v.minSamples, v.spreadRatio);
  return { learnable: true, key_gain: v.keyGain, online_gain: v.onlineGain, obstacle: worst, obstacle_share: share, text: msg.verdictLearnable(gainText!, obstacle) };
}
