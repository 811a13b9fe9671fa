// Warnings in words about a trace and the chosen parameters, each naming the parameter to look at.
import type { KeyGaps } from './key-gaps.ts';
import type { TimeScale } from './time-scale.ts';

/** One warning: the parameter (option, flag or predictor parameter) to look at, and the sentence. */
export interface DiagnoseWarning {
  parameter: string;
  text: string;
}

/** Shares from which a warning is given. */
export const WARN_AT = {
  staleShare: 0.05,
  idleShare: 0.2,
  unseenShare: 0.2,
  agingShare: 0.5,
  tieShare: 0.1,
  coverage: 0.5,
} as const;

/** `0.5312` → `53 %`; below 1 % with one decimal, and `< 0.1 %` for a share that is not 0 but rounds to it. */
export function percent(share: number): string {
  const p = share * 100;
  if (p > 0 && p < 0.05) return '< 0.1 %';
  return `${p < 1 && p > 0 ? p.toFixed(1) : Math.round(p)} %`;
}

/** A duration in ms as people say it: `30 min`, `5 s`, `250 ms`, `2 h`. */
export function humanMs(ms: number): string {
  const f = (x: number): string => String(Number(x.toPrecision(3)));
  if (!Number.isFinite(ms)) return 'never';
  if (ms >= 3_600_000) return `${f(ms / 3_600_000)} h`;
  if (ms >= 60_000) return `${f(ms / 60_000)} min`;
  if (ms >= 1000) return `${f(ms / 1000)} s`;
  return `${f(ms)} ms`;
}

/** Warnings about a predictor's keys at one load (arms with a predictor). */
export function predictorKeyWarnings(keys: KeyGaps, loadText: string): DiagnoseWarning[] {
  const out: DiagnoseWarning[] = [];
  if (keys.stale_share >= WARN_AT.staleShare && Number.isFinite(keys.stale_after_ms)) {
    out.push({
      parameter: 'predictor.staleAfterMs',
      text: `${percent(keys.stale_share)} of evaluation jobs arrive more than ${humanMs(keys.stale_after_ms)} after their key's previous job (load ${loadText}): the staleness rule will send them to the default level`,
    });
  }
  if (keys.idle_share >= WARN_AT.idleShare && Number.isFinite(keys.idle_half_life_ms)) {
    out.push({
      parameter: 'predictor.idleHalfLifeMs',
      text: `${percent(keys.idle_share)} of evaluation jobs arrive more than one idle half-life (${humanMs(keys.idle_half_life_ms)}) after their key's previous job (load ${loadText}): idle decay halves what the predictor knows of their key before they are seen`,
    });
  }
  return out;
}

/** Warning about evaluation keys absent from history (arms that learn from history). */
export function unseenKeyWarnings(keys: KeyGaps): DiagnoseWarning[] {
  const unseen = 1 - keys.in_history_share;
  if (unseen < WARN_AT.unseenShare) return [];
  return [{
    parameter: 'predictor.minSamples',
    text: `${percent(unseen)} of evaluation jobs have a key that never occurs in history: a warm predictor starts them as cold keys and a static map sends them to the default level`,
  }];
}

/** Warning about history boundaries that cannot separate tiers (arms that route by tier). */
export function boundaryWarnings(boundaries: readonly number[]): DiagnoseWarning[] {
  let bad = boundaries.length > 0 && !(boundaries[0]! > 0);
  for (let j = 1; j < boundaries.length; j++) if (!(boundaries[j]! > boundaries[j - 1]!)) bad = true;
  if (!bad) return [];
  return [{
    parameter: '--levels',
    text: `the history boundaries [${boundaries.join(', ')}] ms are not positive and strictly increasing: some tiers are empty, so the oracle, static maps and the metric classes cannot separate short from long jobs`,
  }];
}

/**
 * Warnings about durations against the aging clock (arms with aging) and about arrival ties (every arm); `tieOrder`
 * says how tied rows are ordered in the run (msg.tieOrder).
 */
export function timeScaleWarnings(ts: Pick<TimeScale, 'aging_threshold_ms' | 'above_aging_share' | 'tie_share'>, withAging: boolean, tieOrder = 'the file order'): DiagnoseWarning[] {
  const out: DiagnoseWarning[] = [];
  if (withAging && ts.aging_threshold_ms !== null && ts.above_aging_share >= WARN_AT.agingShare) {
    out.push({
      parameter: 'aging',
      text: `${percent(ts.above_aging_share)} of evaluation jobs run longer than the aging threshold (${humanMs(ts.aging_threshold_ms)}): waits behind them exceed it, so aging promotes much of the queue and levels blur`,
    });
  }
  if (ts.tie_share >= WARN_AT.tieShare) {
    out.push({
      parameter: 'trace arrival_ms',
      text: `${percent(ts.tie_share)} of rows share their arrival time with another row: their order is ${tieOrder}, and arrival-time resolution may hide the real order`,
    });
  }
  return out;
}

/** The gate parameter behind each fallback outcome. */
const FALLBACK_PARAMETER: Record<string, string> = {
  unready: 'predictor.firstRefreshAt',
  cold_key: 'predictor.minSamples',
  high_spread: 'predictor.spreadRatio',
  censored: 'predictor.censoredShare',
  stale_key: 'predictor.staleAfterMs',
  invalid_key: 'trace key',
};

/** Warning when the predictor routes few messages by estimate, naming the most frequent fallback. */
export function coverageWarnings(outcomes: Readonly<Record<string, number>>, loadText: string): DiagnoseWarning[] {
  const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
  const predicted = outcomes.predicted ?? 0;
  if (total === 0 || predicted / total >= WARN_AT.coverage) return [];
  let worst = '';
  let worstCount = -1;
  for (const [name, c] of Object.entries(outcomes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name !== 'predicted' && c > worstCount) {
      worst = name;
      worstCount = c;
    }
  }
  return [{
    parameter: FALLBACK_PARAMETER[worst] ?? 'predictor',
    text: `the predictor routes only ${percent(predicted / total)} of evaluation jobs by estimate at load ${loadText}; the most frequent fallback is ${worst} (${percent(worstCount / total)}), which sends them to the default level`,
  }];
}
