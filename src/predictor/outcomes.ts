// Outcome codes of the predictor: small integers on the hot path, names for counters and result files.

/** Outcome of `predict` (SPEC §6 gates). Read `Predictor.lastOutcome` after the call. */
export const PredictOutcome = {
  predicted: 0,
  unready: 1,
  cold_key: 2,
  high_spread: 3,
  censored: 4,
  stale_key: 5,
  invalid_key: 6,
} as const;
export type PredictOutcomeCode = (typeof PredictOutcome)[keyof typeof PredictOutcome];
export type PredictOutcomeName = keyof typeof PredictOutcome;

/** Names indexed by code (the order of the SPEC §10 `outcomes` object). */
export const PREDICT_OUTCOME_NAMES: readonly PredictOutcomeName[] = Object.freeze([
  'predicted', 'unready', 'cold_key', 'high_spread', 'censored', 'stale_key', 'invalid_key',
]);

/**
 * Outcome of `observe` / `observeCensored`:
 * accepted (existing fresh key), created (new key, free slot), reset (stale key restarted empty),
 * recycled (new key took the slot of an idle key), pooled_only (no slot: only the pooled histogram
 * learned; for a censored event nothing was recorded), rejected_invalid (bad key or duration).
 */
export const ObserveOutcome = {
  accepted: 0,
  created: 1,
  reset: 2,
  recycled: 3,
  pooled_only: 4,
  rejected_invalid: 5,
} as const;
export type ObserveOutcomeCode = (typeof ObserveOutcome)[keyof typeof ObserveOutcome];
export type ObserveOutcomeName = keyof typeof ObserveOutcome;

/** Names indexed by code. */
export const OBSERVE_OUTCOME_NAMES: readonly ObserveOutcomeName[] = Object.freeze([
  'accepted', 'created', 'reset', 'recycled', 'pooled_only', 'rejected_invalid',
]);
