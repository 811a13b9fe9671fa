// Evaluating a gate against merged results: every criterion at every load, with the extra views of SPEC §7.
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { estimateCriterion, pairedChange, pairedValues, type CriterionKind, type CriterionRole, type CriterionStatus } from './criterion.ts';
import type { GateCriterion, GateFile } from './gate-file.ts';
import { METRIC_NAMES } from '../src/result/metric-names.ts';
import type { Metrics } from '../src/result/result-reader.ts';
import type { ResultSet, SourcedArm } from './result-set.ts';
import { roundSig } from './round-sig.ts';
import { evaluateReplicated, replicationsOf } from './replicated-criterion.ts';

/** The view without the window of highest baseline mean latency (SPEC §7). */
export interface WithoutHighestWindow {
  readonly dropped_window: number;
  readonly point: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly status: CriterionStatus;
}

/** One criterion at one load, as printed by `hsim gate check --json`. */
export interface CriterionReport {
  readonly point: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly status: CriterionStatus;
  readonly role: CriterionRole;
  readonly limit: number;
  readonly kind: CriterionKind;
  readonly arm: string;
  readonly baseline: string;
  readonly metric: string;
  readonly in_gate: boolean;
  readonly margin: number | null;
  /** The paired per-window values x_w (after rounding, when the gate rounds). */
  readonly windows: readonly number[] | null;
  /** The whole-run change on the `all` metrics (mean over all messages); null when unavailable or base 0. */
  readonly whole_run: number | null;
  readonly without_highest_window: WithoutHighestWindow | null;
  /** With replicated results: the pairing and each replication's own verdict (absent otherwise). */
  readonly pair?: 'window' | 'seed' | 'pooled';
  readonly replications?: Readonly<Record<string, CriterionStatus>>;
}

/** One load's verdict: passed iff every gate criterion passes. */
export interface LoadReport {
  readonly passed: boolean;
  readonly criteria: Readonly<Record<string, CriterionReport>>;
  /** Per arm the gate uses, the SPEC §10 metrics the results lack (reported, not an error unless a criterion needs them). */
  readonly unavailable_metrics?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Evaluates every criterion of `gate` at every load of `results` (or the gate's `loads`). Throws InputError
 * listing every problem: a load, arm or metric a criterion needs that the results lack, window counts that differ
 * (or differ from the gate's `windows`), a block longer than the series. Cost O(loads · criteria · B · n).
 */
export function evaluateGate(gate: GateFile, gateFile: string, results: ResultSet): Record<string, LoadReport> {
  const issues: string[] = [];
  const loadKeys = gate.loads ?? [...results.loads.keys()];
  const inGate = new Set(gate.gate);
  const out: Record<string, LoadReport> = {};
  if (loadKeys.length === 0) issues.push(msg.gateNoLoads(results.files, gate.id));
  gate.loads?.forEach((load, i) => {
    if (!results.loads.has(load)) issues.push(msg.gateLoadAbsent(gateFile, i, load, [...results.loads.keys()]));
  });
  for (const load of loadKeys) {
    const arms = results.loads.get(load);
    if (arms === undefined) continue;
    const criteria: Record<string, CriterionReport> = {};
    let passed = true;
    for (const [name, c] of Object.entries(gate.criteria)) {
      const replicated = replicatedReport(c, name, load, arms, gate, gateFile, inGate.has(name), issues);
      if (replicated !== undefined) {
        if (replicated !== null) criteria[name] = replicated;
        if (replicated !== null && replicated.in_gate && replicated.status !== 'pass') passed = false;
        continue;
      }
      const series = collectSeries(c, name, load, arms, gate, gateFile, issues);
      if (series === null) continue;
      const report = evaluateCriterion(c, series, gate, inGate.has(name));
      criteria[name] = report;
      if (report.in_gate && report.status !== 'pass') passed = false;
    }
    const unavailable: Record<string, string[]> = {};
    const usedArms = new Set(Object.values(gate.criteria).flatMap((c) => [c.arm, c.baseline]));
    for (const [arm, { arm: r }] of arms) {
      if (!usedArms.has(arm)) continue;
      const missing = METRIC_NAMES.filter((m) => !(m in r.all) || r.windows.some((w) => !(m in w)));
      if (missing.length > 0) unavailable[arm] = missing;
    }
    out[load] = { passed, criteria, ...(Object.keys(unavailable).length > 0 ? { unavailable_metrics: unavailable } : {}) };
  }
  if (issues.length > 0) throw new InputError(msg.problemsEvaluatingGate(gate.id, issues), issues);
  return out;
}

interface Series {
  readonly arm: number[];
  readonly base: number[];
  readonly baseMean: number[] | null;
  readonly armAll: number | null;
  readonly baseAll: number | null;
}

function collectSeries(c: GateCriterion, name: string, load: string, arms: ReadonlyMap<string, SourcedArm>, gate: GateFile, gateFile: string, issues: string[]): Series | null {
  const arm = arms.get(c.arm);
  const base = arms.get(c.baseline);
  const present = [...arms.keys()].join(', ');
  let ok = true;
  if (arm === undefined) {
    issues.push(msg.gateArmAbsent(gateFile, name, 'arm', c.arm, load, present));
    ok = false;
  }
  if (base === undefined) {
    issues.push(msg.gateArmAbsent(gateFile, name, 'baseline', c.baseline, load, present));
    ok = false;
  }
  if (arm === undefined || base === undefined) return null;
  const a = metricSeries(arm.arm.windows, c.metric);
  const b = metricSeries(base.arm.windows, c.metric);
  for (const [label, s, file, armName] of [['arm', a, arm.file, c.arm], ['baseline', b, base.file, c.baseline]] as const) {
    if (s === null) {
      issues.push(msg.gateMetricAbsent(gateFile, name, c.metric, label, armName, load, file));
      ok = false;
    }
  }
  if (a === null || b === null) return null;
  const n = a.length;
  if (n === 0 || b.length !== n) {
    issues.push(msg.gateWindowCounts(gateFile, name, c.arm, n, c.baseline, b.length, load));
    ok = false;
  } else if (gate.windows !== undefined && n !== gate.windows) {
    issues.push(msg.gateWindowsNotAsRegistered(gateFile, n, c.arm, load, gate.windows));
    ok = false;
  } else if (gate.bootstrap.method !== 'iid' && gate.bootstrap.block > n) {
    issues.push(msg.gateBlockTooLong(gateFile, gate.bootstrap.block, n, load));
    ok = false;
  }
  if (!ok) return null;
  return {
    arm: a,
    base: b,
    baseMean: metricSeries(base.arm.windows, 'mean_latency_ms'),
    armAll: arm.arm.all[c.metric] ?? null,
    baseAll: base.arm.all[c.metric] ?? null,
  };
}

function metricSeries(windows: readonly Metrics[], metric: string): number[] | null {
  const out: number[] = [];
  for (const w of windows) {
    const v = w[metric];
    if (v === undefined) return null;
    out.push(v);
  }
  return out;
}

function evaluateCriterion(c: GateCriterion, s: Series, gate: GateFile, inGate: boolean): CriterionReport {
  const x = pairedValues(c.kind, s.arm, s.base, gate.roundSigDigits);
  const est = estimateCriterion(c.kind, c.limit, x, gate.bootstrap);
  let wholeRun: number | null = null;
  if (s.armAll !== null && s.baseAll !== null) {
    const r = (v: number): number => (gate.roundSigDigits === undefined ? v : roundSig(v, gate.roundSigDigits));
    wholeRun = pairedChange(c.kind, r(s.armAll), r(s.baseAll));
  }
  return {
    ...est,
    role: c.role,
    limit: c.limit,
    kind: c.kind,
    arm: c.arm,
    baseline: c.baseline,
    metric: c.metric,
    in_gate: inGate,
    windows: x === null ? null : Array.from(x),
    whole_run: wholeRun,
    without_highest_window: withoutHighest(c, s, gate),
  };
}

function withoutHighest(c: GateCriterion, s: Series, gate: GateFile): WithoutHighestWindow | null {
  const n = s.base.length;
  if (n < 2) return null;
  // The highest window by baseline mean latency (SPEC §7); the criterion's own metric when mean is not available.
  const key = s.baseMean ?? s.base;
  let dropped = 0;
  for (let w = 1; w < n; w++) if (key[w]! > key[dropped]!) dropped = w;
  const keep = (v: number[]): number[] => v.filter((_, w) => w !== dropped);
  const x = pairedValues(c.kind, keep(s.arm), keep(s.base), gate.roundSigDigits);
  const bootstrap = { ...gate.bootstrap, block: Math.min(gate.bootstrap.block, n - 1) };
  const est = estimateCriterion(c.kind, c.limit, x, bootstrap);
  return { dropped_window: dropped, point: est.point, low: est.low, high: est.high, status: est.status };
}

/**
 * The report of a criterion whose arm is absent but replicated (`arm#sSEED`) at this load, or null after pushing an
 * issue when the replications share no seed; undefined when the arm is not replicated there (the window path
 * applies), after pushing an issue when the criterion asks to pair by seed or pool replications.
 */
function replicatedReport(c: GateCriterion, name: string, load: string, arms: ReadonlyMap<string, SourcedArm>, gate: GateFile, gateFile: string, inGate: boolean, issues: string[]): CriterionReport | null | undefined {
  const armReps = arms.has(c.arm) ? new Map() : replicationsOf(arms, c.arm);
  if (armReps.size === 0) {
    if (c.pair === 'seed' || c.pair === 'pooled') {
      issues.push(msg.gatePairWithoutReplications(gateFile, name, c.pair, c.arm, load));
    }
    return undefined;
  }
  const est = evaluateReplicated(c, armReps, replicationsOf(arms, c.baseline), gate);
  if (est === null) {
    issues.push(msg.gateNoCommonSeed(gateFile, name, c.baseline, c.arm, load));
    return null;
  }
  return {
    point: est.point, low: est.low, high: est.high, status: est.status, margin: est.margin,
    role: c.role, limit: c.limit, kind: c.kind, arm: c.arm, baseline: c.baseline, metric: c.metric, in_gate: inGate,
    windows: est.values, whole_run: null, without_highest_window: null, pair: est.pair, replications: est.replications,
  };
}
