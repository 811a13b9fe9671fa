// The result file of SPEC §10 as written: its types, and the one builder of arm results and files (simulate and replay).
import { configHash } from '../json/config-hash.ts';
import type { MetricObject } from './metric-names.ts';
import type { LatencyCdf } from './latency-cdf.ts';

/** Counts per outcome name (the router's names, e.g. the predictor outcomes of SPEC §10). */
export type OutcomeCounts = Record<string, number>;

/** One arm's result at one load (SPEC §10); routers and replay add fields such as `predictor` and `replay`. */
export interface ArmResult {
  all: MetricObject;
  windows: MetricObject[];
  by_label?: Record<string, MetricObject>;
  outcomes?: OutcomeCounts;
  outcome_windows?: OutcomeCounts[];
  /** The latency at fixed quantile levels (only with `--latency-cdf`; sim/latency-cdf.ts). */
  latency_cdf?: LatencyCdf;
  sim_seconds: number;
  [extra: string]: unknown;
}

/** One load: its compress factor and its arms (an invalid replay arm carries only its `replay` block). */
export interface LoadResult {
  compress: number;
  arms: Record<string, ArmResult>;
}

/** The trace block of a result file, besides the path and SHA-256 the caller knows. */
export interface ResultTrace {
  rows: number;
  history_rows: number;
  evaluation_rows: number;
  boundaries_ms: number[];
}

/** What a simulation (or a replay) produced: the trace block and the results per load label. */
export interface SimulationOutput {
  trace: ResultTrace;
  results: Record<string, LoadResult>;
}

/** The result file of SPEC §10 (`simulate -o`, replay, and each cell of an experiment with a `cell` block). */
export interface ResultFile {
  tool: string;
  version: string;
  commit: string;
  config_hash: string;
  seed: unknown;
  trace: { path: string; sha256: string } & ResultTrace;
  options: Record<string, unknown>;
  results: Record<string, LoadResult>;
  [extra: string]: unknown;
}

/** Which build of the tool wrote a file. */
export interface Provenance {
  readonly version: string;
  readonly commit: string;
}

/** Folds a set of messages into a metric object (sim/metrics.ts's MetricFolder). */
export interface MetricFold {
  /** Metrics over messages [from, to). */
  range(from: number, to: number): MetricObject;
  /** Metrics over the listed messages. */
  subset(indices: Int32Array): MetricObject;
}

/** The evaluation messages of one arm run, as the builder reads them (message i is trace row first + i). */
export interface ArmMessages {
  readonly fold: MetricFold;
  /** K + 1 window bounds over the messages (sim/metrics.ts's windowOffsets). */
  readonly windowOffsets: Int32Array;
  /** Each row's label id and the labels (the trace's `class` column), or nulls when the trace has none. */
  readonly classId: Int32Array | null;
  readonly classes: readonly string[] | null;
  readonly first: number;
  readonly rows: number;
  /** Outcome code per message (−1 none) and the names of the codes; names null when the arm records none. */
  readonly outcome: Int8Array;
  readonly outcomeNames: readonly string[] | null;
}

/**
 * An arm's result at one load: `all`, one metric object per window, `by_label` when the trace has labels, and
 * `outcomes` with `outcome_windows` when the arm records outcomes. `sim_seconds` is 0 (the caller times the run).
 */
export function buildArmResult(msgs: ArmMessages): ArmResult {
  const off = msgs.windowOffsets;
  const windows = off.length - 1;
  const m = off[windows]!;
  const perWindow: MetricObject[] = [];
  for (let w = 0; w < windows; w++) perWindow.push(msgs.fold.range(off[w]!, off[w + 1]!));
  const result: ArmResult = { all: msgs.fold.range(0, m), windows: perWindow, sim_seconds: 0 };
  if (msgs.classId !== null && msgs.classes !== null) result.by_label = byLabel(msgs.classId, msgs.classes, msgs.first, msgs.rows, msgs.fold);
  if (msgs.outcomeNames !== null) {
    const names = msgs.outcomeNames;
    const k = names.length;
    // Count by code into a typed array (no keyed stores per message), then name the counts.
    const counts = countOutcomes(msgs.outcome, off, windows, k);
    const named = (w: number): OutcomeCounts => Object.fromEntries(names.map((n, c) => [n, counts[w * k + c]!]));
    const outcomeWindows: OutcomeCounts[] = [];
    for (let w = 0; w < windows; w++) {
      outcomeWindows.push(named(w));
      for (let c = 0; c < k; c++) counts[windows * k + c]! += counts[w * k + c]!;
    }
    result.outcomes = named(windows);
    result.outcome_windows = outcomeWindows;
  }
  return result;
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

/** The metric object of each label that has messages among rows [first, rows). */
function byLabel(classId: Int32Array, classes: readonly string[], first: number, rows: number, fold: MetricFold): Record<string, MetricObject> {
  const members: number[][] = classes.map(() => []);
  for (let r = first; r < rows; r++) members[classId[r]!]!.push(r - first);
  const out: Record<string, MetricObject> = {};
  classes.forEach((label, c) => {
    if (members[c]!.length > 0) out[label] = fold.subset(Int32Array.from(members[c]!));
  });
  return out;
}

/** Assembles the result file object of SPEC §10 from a run's output and its options record. */
export function buildResultFile(prov: Provenance, tracePath: string, sha256: string, out: SimulationOutput, options: Record<string, unknown>): ResultFile {
  return {
    tool: 'hsim',
    version: prov.version,
    commit: prov.commit,
    config_hash: configHash(options, sha256),
    seed: options['seed'],
    trace: { path: tracePath, sha256, ...out.trace },
    options,
    results: out.results,
  };
}
