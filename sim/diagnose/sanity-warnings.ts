// Sanity warnings for a simulation's options on a trace: they never change a result.
import type { Trace } from '../../src/trace/trace.ts';
import { InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import { predictorParamsFor } from '../arms/predictive.ts';
import { rowKeysCached } from '../row-keys.ts';
import { compressFactor, splitTrace } from '../split.ts';
import { loadLabel, messageTiers, type SimulationConfig } from '../simulate.ts';
import { keyGaps } from './key-gaps.ts';
import { durationUnitWarnings } from './unit-warnings.ts';
import { aboveShare, tieShare } from './time-scale.ts';
import {
  boundaryWarnings, predictorKeyWarnings, timeScaleWarnings, unseenKeyWarnings, type DiagnoseWarning,
} from './diagnose-warnings.ts';

/** Fewest evaluation rows per window before window metrics are called noise. */
export const MIN_ROWS_PER_WINDOW = 10;
/** Offered load at `as-is` below which the units of arrivals or durations are suspect. */
export const MIN_AS_IS_LOAD = 1e-3;

/** The part of a simulation config the warnings read. */
export type SanityConfig = Pick<SimulationConfig, 'loads' | 'arms' | 'workers' | 'levels' | 'defaultLevel' | 'split' | 'fraction' | 'windows' | 'perturb' | 'cores' | 'overheadMs'>;

/**
 * Warnings about `cfg` on `trace`, each once, in a fixed order: loads (overload, a percentage typo, an as-is load
 * that suggests wrong units), too few rows per window, then the `traces diagnose` warnings that apply to the arms
 * (stale and idle keys for predictive arms at each load, unseen keys for warm ones, degenerate boundaries, aging,
 * ties). Costs a few passes over the trace; loads that cannot be reached are left to the simulation to refuse.
 * `facts`, when given, is the trace's tie share as found when it was read (the same number as `tieShare`).
 */
export function sanityWarnings(trace: Trace, cfg: SanityConfig, facts?: { readonly tieShare: number }): DiagnoseWarning[] {
  const out: DiagnoseWarning[] = [];
  const seen = new Set<string>();
  const add = (ws: readonly DiagnoseWarning[]): void => {
    for (const w of ws) {
      if (!seen.has(w.text)) out.push(w);
      seen.add(w.text);
    }
  };
  const split = splitTrace(trace, cfg.split, cfg.fraction);
  const m = trace.n - split.cut;
  for (const load of cfg.loads) {
    if (load === 'as-is') {
      const offered = asIsLoad(trace, split.cut, cfg.workers);
      if (offered !== null && offered < MIN_AS_IS_LOAD) {
        add([{ parameter: '--load as-is', text: `the evaluation half offers a load of ${offered.toPrecision(3)} to ${cfg.workers} workers as-is (total duration / (span × workers)): are arrivals and durations both in ms?` }]);
      }
    } else if (load > 10) {
      add([{ parameter: '--load', text: `load ${load} is more than 10 times the workers' capacity: a percentage typo? (a load is a fraction, e.g. 0.8)` }]);
    } else if (load >= 1) {
      add([{ parameter: '--load', text: `load ${load} ≥ 1 requests overload: queues grow for as long as the trace lasts, so results depend on its length` }]);
    }
  }
  add(durationUnitWarnings(trace, cfg.workers));
  if (cfg.cores !== undefined) add(coresWarnings(trace, split.cut, cfg.loads, cfg.workers, cfg.cores, cfg.overheadMs ?? 0));
  if (m / cfg.windows < MIN_ROWS_PER_WINDOW) {
    add([{ parameter: '--windows', text: `${m} evaluation rows in ${cfg.windows} windows: fewer than ${MIN_ROWS_PER_WINDOW} per window, so per-window metrics and gates are mostly noise` }]);
  }
  const predictive = cfg.arms.filter((a) => a.routing.needsPredictor && a.routing.routesToDefault !== true);
  for (const load of cfg.loads) {
    let compress: number;
    try {
      compress = compressFactor(trace, split, load, cfg.workers);
    } catch (err) {
      if (err instanceof InputError) continue;
      throw err;
    }
    for (const arm of predictive) {
      const keys = rowKeysCached(trace, arm.flags.keysProducer, arm.flags.sizebins);
      const p = predictorParamsFor(arm.flags, arm.predictorOverrides, cfg.levels, cfg.defaultLevel);
      const gaps = keyGaps(trace.arrival, split.cut, trace.n, keys, compress, p.staleAfterMs, p.idleHalfLifeMs);
      add(predictorKeyWarnings(gaps, loadLabel(load)));
      if (arm.routing.needsHistory && split.cut > 0) add(unseenKeyWarnings(gaps));
    }
  }
  if (m > 0) add(boundaryWarnings(Array.from(messageTiers(trace, split.cut, cfg.levels).boundaries)));
  // The time-scale warnings read the tie share (the trace's, once) and, per aging threshold, the share above it.
  const ties = facts?.tieShare ?? tieShare(trace.arrival, trace.n);
  const thresholds = new Set<number | null>();
  for (const arm of cfg.arms) thresholds.add(arm.routing.queues === 'levels' && arm.routing.singleLevel !== true ? arm.flags.agingMs : null);
  for (const aging of thresholds) {
    const above = aging === null ? 0 : aboveShare(trace.duration, split.cut, trace.n, aging);
    add(timeScaleWarnings({ aging_threshold_ms: aging, above_aging_share: above, tie_share: ties }, aging !== null, msg.tieOrder(cfg.perturb?.ties?.seed ?? null, cfg.perturb?.jitter ?? null)));
  }
  return out;
}

/** Offered load of the evaluation rows unscaled: total duration / (arrival span × workers); null for a zero span. */
function asIsLoad(trace: Trace, first: number, workers: number): number | null {
  if (trace.n - first < 2) return null;
  const span = trace.arrival[trace.n - 1]! - trace.arrival[first]!;
  let work = 0;
  for (let r = first; r < trace.n; r++) work += trace.duration[r]!;
  return span > 0 ? work / (span * workers) : null;
}

/**
 * Warnings for loads whose CPU demand exceeds `cores`: busy workers ρ·W each compute at one core, and the overhead
 * adds rate × overhead = ρ·W·overhead/mean duration, so demand = ρ·W·(1 + overhead/mean duration) cores.
 */
export function coresWarnings(trace: Trace, first: number, loads: SanityConfig['loads'], workers: number, cores: number, overheadMs: number): DiagnoseWarning[] {
  const m = trace.n - first;
  if (m <= 0) return [];
  let work = 0;
  for (let r = first; r < trace.n; r++) work += trace.duration[r]!;
  const mean = work / m;
  const out: DiagnoseWarning[] = [];
  for (const load of loads) {
    const rho = load === 'as-is' ? asIsLoad(trace, first, workers) : load;
    if (rho === null || !(mean > 0)) continue;
    const demand = rho * workers * (1 + overheadMs / mean);
    if (demand <= cores) continue;
    const f = (x: number): string => String(Number(x.toPrecision(3)));
    out.push({ parameter: '--cores', text: msg.coresOverloaded(loadLabel(load), workers, f(demand), cores, f(demand / cores), overheadMs > 0) });
  }
  return out;
}
