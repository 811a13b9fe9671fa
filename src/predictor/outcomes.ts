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

/** Names indexed by code: the outcome names of SPEC §10, declared once above with their codes. */
export const PREDICT_OUTCOME_NAMES: readonly PredictOutcomeName[] = namesByCode(PredictOutcome);

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
export const OBSERVE_OUTCOME_NAMES: readonly ObserveOutcomeName[] = namesByCode(ObserveOutcome);

/** The names of a name → code table, indexed by code (codes are 0 … n−1). */
function namesByCode<N extends string>(codes: Readonly<Record<N, number>>): readonly N[] {
  const names: N[] = [];
  for (const name of Object.keys(codes) as N[]) names[codes[name]] = name;
  return Object.freeze(names);
}
