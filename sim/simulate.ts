// Runs arms × loads over one trace: split, boundaries, compression, engine, metrics (SPEC §5, §7, §10).
import type { Trace } from '../src/trace/trace.ts';
import { nearestRankBoundaries, tierOf } from '../src/stats/nearest-rank.ts';
import { runEngine, type EngineConfig, type EngineInput, type EngineProbes } from './engine.ts';
import { runEngineOnCores } from './cores-engine.ts';
import { EngineBuffers } from './engine-buffers.ts';
import { MetricFolder, windowOffsets, type WindowBy } from './metrics.ts';
import { buildArmResult, type ArmResult, type LoadResult, type SimulationOutput } from '../src/result/result-file.ts';
import { compressFactor, splitTrace, type Load, type SplitBy } from './split.ts';
import type { ArmSpec } from './arms/index.ts';
import type { RoutingContext } from './arms/routing.ts';
import { rowKeysCached, type RowKeys } from './row-keys.ts';
import { perturbTrace, type Perturbation } from '../src/trace/perturb.ts';
import { latencyCdf } from './latency-cdf.ts';
import { MessageLog, type MessageSink } from './message-log.ts';
import { QueueSeries } from './queue-series.ts';
import { byKey } from './by-key.ts';
import type { WarmStateStore } from '../src/predictor/warm-store.ts';

export type { ArmResult, LoadResult, SimulationOutput } from '../src/result/result-file.ts';

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
  /** The `--set name=value` overrides every arm got (recorded in the result: they change no arm's name). */
  readonly sets?: readonly string[];
  /** Tie shuffles and arrival jitter applied to the trace before the split; absent or null = the trace as read. */
  readonly perturb?: Perturbation | null;
  /** Handlers compute on this many cores, shared among the running ones; absent = a core per worker (SPEC §5). */
  readonly cores?: number;
  /** Store each arm's latency CDF (`latency_cdf`, sim/latency-cdf.ts); absent or false = none, every byte as before. */
  readonly latencyCdf?: boolean;
  /** A fixed per-message cost (ms of CPU, sharing the cores with the handlers) before its handler starts, the worker busy meanwhile; absent = none. */
  readonly overheadMs?: number;
  /** Adds `by_key` (count, mean wait, mean latency per key) to each arm result; absent = not. */
  readonly byKey?: boolean;
  /** Adds `series` with this many samples of the queues to each arm result; absent = none. */
  readonly series?: number;
}

/** Label of a load as it appears in result files: `"0.5"`, `"as-is"`. */
export function loadLabel(load: Load): string {
  return load === 'as-is' ? 'as-is' : String(load);
}

/**
 * Simulates every arm at every load on a fresh engine (and fresh predictor) with the same trace and compress
 * factor. `onArm` is told after each (load, arm) run. `buffers` may be shared by consecutive simulations in one
 * thread (results never refer to it). `messages`, when given, receives every run's messages right after the run.
 * `warmStore`, when given, keeps warm starts of `input` between processes (used only when the trace is not perturbed:
 * it is keyed by the trace as read). Throws InputError when a load cannot be reached.
 */
export function simulate(
  input: Trace, cfg: SimulationConfig, onArm?: (load: string, arm: string) => void, buffers = new EngineBuffers(), messages: MessageSink | null = null,
  warmStore: WarmStateStore | null = null,
): SimulationOutput {
  const trace = cfg.perturb ? perturbTrace(input, cfg.perturb) : input;
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
        warmStore: trace === input ? warmStore : null,
      };
      const router = arm.routing.create(ctx);
      const perKey = arm.routing.queues === 'per-key';
      const engineCfg: EngineConfig = {
        workers: cfg.workers,
        queues: perKey ? Math.max(1, keys().distinct.length) : cfg.levels,
        weights: perKey ? new Float64Array(keys().distinct.length).fill(1) : arm.flags.weights ? Float64Array.from(arm.flags.weights) : null,
        // A single-level routing puts nothing above level 0, so aging could never promote: it runs without the grid.
        agingMs: perKey || arm.routing.singleLevel === true ? null : arm.flags.agingMs,
        agingIntervalMs: arm.agingIntervalMs,
        pausing: arm.flags.pausing,
      };
      // An ideal-order routing brings its own engine; otherwise handlers compute on shared cores when --cores is given
      // (a core per worker when only --overhead is: W running handlers never slow each other down).
      const engine = arm.routing.engine;
      const probes = probesFor(cfg, messages !== null, trace, first, m, compress, engine !== undefined || perKey ? 1 : cfg.levels, buffers);
      const engineInput: EngineInput = { arrival: trace.arrival, duration: trace.duration, first, m, compress, router, cfg: engineCfg, buffers, probes };
      const run = engine !== undefined
        ? engine(engineInput)
        : cfg.cores === undefined && cfg.overheadMs === undefined
          ? runEngine(engineInput)
          : runEngineOnCores({ ...engineInput, cores: cfg.cores ?? cfg.workers, overheadMs: cfg.overheadMs ?? 0 });
      const cols = { arrival: run.arrival, start: run.start, end: run.end, duration: trace.duration.subarray(first, first + m), scale: 1, cls, levels: cfg.levels };
      const result = buildArmResult({
        fold: new MetricFolder(cols, buffers.f64('metricScratch', Math.max(1, m))),
        windowOffsets: windowOffsets(run.arrival, cfg.windows, cfg.windowBy),
        classId: trace.classId, classes: trace.classes, first, rows: trace.n,
        outcome: run.outcome, outcomeNames: router.outcomeNames ?? null,
      });
      if (router.report) Object.assign(result, router.report());
      if (cfg.latencyCdf === true) {
        const cdf = latencyCdf(cols, buffers.f64('metricScratch', Math.max(1, m)));
        if (cdf !== null) result.latency_cdf = cdf;
      }
      if (cfg.byKey === true) result.by_key = byKey(trace.keyId, trace.keys, first, run.arrival, run.start, run.end);
      if (probes?.series) result.series = probes.series.toRecord();
      result.sim_seconds = (performance.now() - t0) / 1000;
      if (messages !== null && probes?.log) {
        messages.cell({
          arm: arm.text, load: loadLabel(load), first, keyId: trace.keyId, keys: trace.keys, classId: trace.classId, classes: trace.classes,
          tier: cls, arrival: run.arrival, start: run.start, end: run.end, outcome: run.outcome, outcomeNames: router.outcomeNames ?? null, log: probes.log,
        });
      }
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

/**
 * The instruments of one run: a message log when messages are written, a queue series of `seriesLevels` levels
 * over the evaluation span when `cfg.series` is set; null when neither (the engines' default).
 */
function probesFor(cfg: SimulationConfig, logMessages: boolean, trace: Trace, first: number, m: number, compress: number, seriesLevels: number, buffers: EngineBuffers): EngineProbes | null {
  if (!logMessages && cfg.series === undefined) return null;
  const span = m > 0 ? (trace.arrival[first + m - 1]! - trace.arrival[first]!) / compress : 0;
  return {
    log: logMessages ? new MessageLog(buffers, m) : null,
    series: cfg.series === undefined ? null : new QueueSeries(cfg.series, seriesLevels, span),
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
