// The validated flags of an arm (SPEC §5): how its messages are scheduled and keyed.

export type Summary = 'median' | 'mean' | 'p75';

/** Validated flags of an arm. */
export interface ArmFlags {
  /** Weighted shares with these weights; null = strict priority. */
  readonly weights: readonly number[] | null;
  readonly pausing: boolean;
  /** Aging threshold, ms; null = no aging. */
  readonly agingMs: number | null;
  readonly summary: Summary | null;
  readonly keysProducer: boolean;
  readonly sizebins: boolean;
}
