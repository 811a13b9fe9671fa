// Runs arms × loads over one trace: split, boundaries, compression, engine, metrics (SPEC §5, §7, §10).
import type { Trace } from '../src/trace/trace.ts';
import { nearestRankBoundaries, tierOf } from '../src/stats/nearest-rank.ts';
import { runEngine, type EngineConfig } from './engine.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { MetricFolder, windowOffsets, type MetricObject, type WindowBy } from './metrics.ts';
import { compressFactor, splitTrace, type Load, type SplitBy } from './split.ts';
import type { ArmSpec } from './arms/index.ts';
import type { RoutingContext } from './arms/routing.ts';
import { rowKeysCached, type RowKeys } from './row-keys.ts';

/** Everything a simulation needs besides the trace; parsed and validated at the boundary. */
export interface SimulationConfig {
  readonly loads: readonly Load[];
  readonly arms: readonly ArmSpec[];
  readonly workers: number;
  readonly levels: number;
  readonly defaultLevel: number;
  readonly split: SplitBy;
  readonly fraction: number;
  readonly windows: number;
  readonly windowBy: WindowBy;
  readonly staticMap: ReadonlyMap<string, number> | null;
  readonly seed: number;
  /** A predictor snapshot for warm predictive arms (instead of the history warm start), or null. */
  readonly predictorSnapshot?: { readonly bytes: Uint8Array; readonly source: string } | null;
  /** Handlers compute on this many cores, shared among the running ones; absent = a core per worker (SPEC §5). */
  readonly cores?: number;
}

/** One arm's result at one load (SPEC §10). */
export interface ArmResult {
  all: MetricObject;
  windows: MetricObject[];
  by_label?: Record<string, MetricObject>;
  sim_seconds: number;
  [extra: string]: unknown;
}

export interface LoadResult {
  compress: number;
  arms: Record<string, ArmResult>;
}

export interface SimulationOutput {
  trace: { rows: number; history_rows: number; evaluation_rows: number; boundaries_ms: number[] };
  results: Record<string, LoadResult>;
}

/** Label of a load as it appears in result files: `"0.5"`, `"as-is"`. */
export function loadLabel(load: Load): string {
  return load === 'as-is' ? 'as-is' : String(load);
}

/**
 * Simulates every arm at every load on a fresh engine (and fresh predictor) with the same trace and compress
 * factor. `onArm` is told after each (load, arm) run. `buffers` may be shared by consecutive simulations in one
 * thread (results never refer to it). Throws InputError when a load cannot be reached.
 */
export function simulate(trace: Trace, cfg: SimulationConfig, onArm?: (load: string, arm: string) => void, buffers = new EngineBuffers()): SimulationOutput {
  const split = splitTrace(trace, cfg.split, cfg.fraction);
  const first = split.cut;
  const m = trace.n - first;
  const { boundaries, cls } = messageTiers(trace, first, cfg.levels);
  const results: Record<string, LoadResult> = {};

  for (const load of cfg.loads) {
    const compress = compressFactor(trace, split, load, cfg.workers);
    const arms: Record<string, ArmResult> = {};
    for (const arm of cfg.arms) {
      const t0 = performance.now();
      const keys = (): RowKeys => rowKeysCached(trace, arm.flags.keysProducer, arm.flags.sizebins);
      const ctx: RoutingContext = {
        trace, first, levels: cfg.levels, defaultLevel: cfg.defaultLevel, boundaries, compress,
        staticMap: cfg.staticMap, seed: cfg.seed, flags: arm.flags,
        keys, predictorOverrides: arm.predictorOverrides, predictorSnapshot: cfg.predictorSnapshot ?? null,
      };
      const router = arm.routing.create(ctx);
      const perKey = arm.routing.queues === 'per-key';
      const engineCfg: EngineConfig = {
        workers: cfg.workers,
        queues: perKey ? Math.max(1, keys().distinct.length) : cfg.levels,
        weights: perKey ? new Float64Array(keys().distinct.length).fill(1) : arm.flags.weights ? Float64Array.from(arm.flags.weights) : null,
        agingMs: perKey ? null : arm.flags.agingMs,
        agingIntervalMs: arm.agingIntervalMs,
        pausing: arm.flags.pausing,
      };
      const run = cfg.cores === undefined
        ? runEngine(trace.arrival, trace.duration, first, m, compress, router, engineCfg, buffers)
        : runEngineOnCores(trace.arrival, trace.duration, first, m, compress, router, engineCfg, cfg.cores, buffers);
      const cols = { arrival: run.arrival, start: run.start, end: run.end, duration: trace.duration.subarray(first, first + m), scale: 1, cls, levels: cfg.levels };
      const folder = new MetricFolder(cols, buffers.f64('metricScratch', Math.max(1, m)));
      const off = windowOffsets(run.arrival, cfg.windows, cfg.windowBy);
      const windows: MetricObject[] = [];
      for (let w = 0; w < cfg.windows; w++) windows.push(folder.range(off[w]!, off[w + 1]!));
      const result: ArmResult = { all: folder.range(0, m), windows, sim_seconds: 0 };
      if (trace.classId && trace.classes) result.by_label = byLabel(trace, first, folder);
      if (router.outcomeNames) {
        const names = router.outcomeNames;
        const k = names.length;
        // Count by code into a typed array (no keyed stores per message), then name the counts.
        const counts = countOutcomes(run.outcome, off, cfg.windows, k);
        const named = (w: number): Record<string, number> => Object.fromEntries(names.map((n, c) => [n, counts[w * k + c]!]));
        const perWindow: Record<string, number>[] = [];
        for (let w = 0; w < cfg.windows; w++) {
          perWindow.push(named(w));
          for (let c = 0; c < k; c++) counts[cfg.windows * k + c]! += counts[w * k + c]!;
        }
        result.outcomes = named(cfg.windows);
        result.outcome_windows = perWindow;
      }
      if (router.report) Object.assign(result, router.report());
      result.sim_seconds = (performance.now() - t0) / 1000;
      arms[arm.text] = result;
      onArm?.(loadLabel(load), arm.text);
    }
    results[loadLabel(load)] = { compress, arms };
  }
  return {
    trace: { rows: trace.n, history_rows: first, evaluation_rows: m, boundaries_ms: Array.from(boundaries) },
    results,
  };
}

// The passes over every message live in small functions of their own. V8 compiles a long loop while it runs
// (on-stack replacement); in one big function, the code after the loop, not yet run, soon throws that compilation
// away and the next loop compiles the whole function again. Cells pay this once per thread, so with --jobs N it is
// paid N times at once.

const tiers = new WeakMap<Trace, Map<string, { boundaries: Float64Array; cls: Uint8Array }>>();

/**
 * The tier boundaries (nearest-rank quantiles of the history's durations, or of all when there is no history) and
 * each evaluation message's metric class, remembered per trace, cut and level count: they are the same for every
 * arm and load, and a thread running many cells of one trace would otherwise select them again each time.
 * Replay classes its messages with the same function.
 */
export function messageTiers(trace: Trace, first: number, levels: number): { boundaries: Float64Array; cls: Uint8Array } {
  let perTrace = tiers.get(trace);
  if (perTrace === undefined) {
    perTrace = new Map();
    tiers.set(trace, perTrace);
  }
  const key = `${first}|${levels}`;
  let hit = perTrace.get(key);
  if (hit === undefined) {
    // Selection reorders its input: nearestRankBoundaries works on a copy (once per trace, so not from the pool).
    const boundaries = nearestRankBoundaries(first > 0 ? trace.duration.subarray(0, first) : trace.duration, levels);
    const m = trace.n - first;
    hit = { boundaries, cls: classesOf(trace.duration, first, m, boundaries, levels, new Uint8Array(m)) };
    perTrace.set(key, hit);
  }
  return hit;
}

/** Metric class of each evaluation message: min(L − 1, tier of its true duration), into `cls`. */
function classesOf(duration: Float64Array, first: number, m: number, boundaries: Float64Array, levels: number, cls: Uint8Array): Uint8Array {
  for (let i = 0; i < m; i++) cls[i] = Math.min(levels - 1, tierOf(boundaries, duration[first + i]!));
  return cls;
}

/** Counts of outcome codes [0, k) per window: counts[w·k + code]; one more row of k (zeros) for the totals. */
function countOutcomes(outcome: Int8Array, off: Int32Array, windows: number, k: number): Int32Array {
  const counts = new Int32Array(k * (windows + 1));
  for (let w = 0; w < windows; w++) {
    for (let i = off[w]!; i < off[w + 1]!; i++) {
      const code = outcome[i]!;
      if (code >= 0 && code < k) counts[w * k + code]!++;
    }
  }
  return counts;
}

function byLabel(trace: Trace, first: number, folder: MetricFolder): Record<string, MetricObject> {
  const classes = trace.classes!;
  const classId = trace.classId!;
  const members: number[][] = classes.map(() => []);
  for (let r = first; r < trace.n; r++) members[classId[r]!]!.push(r - first);
  const out: Record<string, MetricObject> = {};
  classes.forEach((label, c) => {
    if (members[c]!.length > 0) out[label] = folder.subset(Int32Array.from(members[c]!));
  });
  return out;
}
