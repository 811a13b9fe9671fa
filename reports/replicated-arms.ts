// Replicated arms in the report's charts and tables: the cells `arm#sSEED` of one arm folded into that arm, means over seeds.
import { exactMean } from '../analysis/exact-sum.ts';
import { replicationOf } from '../analysis/replication-aggregate.ts';
import type { SourcedArm } from '../analysis/result-set.ts';
import type { ArmExtras, Metrics, OutcomeCounts } from '../src/result/result-reader.ts';
import type { KeyRead, SeriesRead } from '../src/result/probe-results-read.ts';
import type { LatencyCdf } from '../src/result/latency-cdf.ts';
import type { Replications, TraceResults } from './trace-results.ts';

/**
 * The trace with every replicated arm (result keys `arm#sSEED`, as `hsim run` writes replications) folded into one
 * arm `arm` per load, so that a chart or table shows it once, like an arm run once:
 * - `all`, each window of `windows` (when every seed has as many), `by_label`, `latency_cdf` (at levels every seed
 *   shares), `by_key` (keys every seed has) and `series` (when every seed sampled the same instants): the mean over
 *   the seeds of each number present in every seed;
 * - `outcomes` and `outcome_windows`: the sums of the counts, so shares are those of all the seeds' arrivals.
 * The replications themselves stay reachable in `replications` (load → arm → seed → result), for the charts that
 * draw the spread over seeds. A load where the plain arm exists beside its replications keeps them unfolded. Returns
 * the trace itself when it has no replication. Pure.
 */
export function foldReplications(trace: TraceResults): TraceResults {
  const replicated = [...trace.set.loads.values()].some((arms) => [...arms.keys()].some((k) => replicationOf(k) !== null));
  if (!replicated) return trace;
  const loads = new Map<string, Map<string, SourcedArm>>();
  const extras = new Map<string, Map<string, ArmExtras>>();
  const replications = new Map<string, Map<string, Replications>>();
  for (const [load, arms] of trace.set.loads) {
    const groups = new Map<string, Map<number, string>>();
    for (const key of arms.keys()) {
      const rep = replicationOf(key);
      if (rep === null || arms.has(rep.arm)) continue;
      const g = groups.get(rep.arm) ?? new Map<number, string>();
      groups.set(rep.arm, g.set(rep.seed, key));
    }
    const outArms = new Map<string, SourcedArm>();
    const outExtras = new Map<string, ArmExtras>();
    const loadExtras = trace.extras.get(load);
    for (const [key, r] of arms) {
      if (replicationOf(key) !== null && groups.has(replicationOf(key)!.arm)) continue;
      outArms.set(key, r);
      const x = loadExtras?.get(key);
      if (x !== undefined) outExtras.set(key, x);
    }
    const loadReps = new Map<string, Replications>();
    for (const [arm, bySeed] of groups) {
      const keys = [...bySeed].sort((a, b) => a[0] - b[0]);
      const results = keys.map(([, k]) => arms.get(k)!);
      loadReps.set(arm, new Map(keys.map(([seed, k]) => [seed, arms.get(k)!])));
      outArms.set(arm, { file: results[0]!.file, arm: { all: meanMetrics(results.map((r) => r.arm.all)), windows: meanWindows(results.map((r) => r.arm.windows)) } });
      const xs = keys.map(([, k]) => loadExtras?.get(k));
      if (xs.every((x): x is ArmExtras => x !== undefined)) outExtras.set(arm, foldExtras(xs));
    }
    loads.set(load, outArms);
    if (outExtras.size > 0) extras.set(load, outExtras);
    if (loadReps.size > 0) replications.set(load, loadReps);
  }
  return { ...trace, set: { ...trace.set, loads }, extras, replications };
}

/** The label of an arm in a table: `arm (mean of N seeds)` for a folded replicated arm, else the arm. */
export function foldedArmLabel(trace: TraceResults, load: string, arm: string): string {
  const n = trace.replications?.get(load)?.get(arm)?.size;
  return n === undefined ? arm : `${arm} (mean of ${n} seeds)`;
}

/** The mean of each metric present (as a number) in every object, in the first object's key order. */
function meanMetrics(objects: readonly Metrics[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(objects[0] ?? {})) {
    if (objects.every((o) => typeof o[name] === 'number')) out[name] = exactMean(objects.map((o) => o[name]!));
  }
  return out;
}

/** Window-by-window means when every replication has as many windows, else no windows. */
function meanWindows(perSeed: readonly (readonly Metrics[])[]): Metrics[] {
  const n = perSeed[0]!.length;
  if (perSeed.some((w) => w.length !== n)) return [];
  return Array.from({ length: n }, (_, w) => meanMetrics(perSeed.map((ws) => ws[w]!)));
}

function foldExtras(xs: readonly ArmExtras[]): ArmExtras {
  return {
    byLabel: allPresent(xs.map((x) => x.byLabel), (ls) => {
      const labels = Object.keys(ls[0]!).filter((l) => ls.every((m) => m[l] !== undefined));
      return Object.fromEntries(labels.map((l) => [l, meanMetrics(ls.map((m) => m[l]!))]));
    }),
    outcomes: allPresent(xs.map((x) => x.outcomes), sumCounts),
    outcomeWindows: allPresent(xs.map((x) => x.outcomeWindows), (ws) =>
      ws.some((w) => w.length !== ws[0]!.length) ? null : ws[0]!.map((_, i) => sumCounts(ws.map((w) => w[i]!)))),
    latencyCdf: allPresent(xs.map((x) => x.latencyCdf), meanCdf),
    byKey: allPresent(xs.map((x) => x.byKey), (ks) => {
      const keys = Object.keys(ks[0]!).filter((k) => ks.every((m) => m[k] !== undefined));
      const mean = (f: (r: KeyRead) => number, k: string): number => exactMean(ks.map((m) => f(m[k]!)));
      return Object.fromEntries(keys.map((k) => [k, { count: mean((r) => r.count, k), meanWaitMs: mean((r) => r.meanWaitMs, k), meanLatencyMs: mean((r) => r.meanLatencyMs, k) }]));
    }),
    series: allPresent(xs.map((x) => x.series), meanSeries),
  };
}

/** `fold` of the values when every replication has one, else null. */
function allPresent<T, R>(values: readonly (T | null)[], fold: (present: readonly T[]) => R | null): R | null {
  return values.every((v): v is T => v !== null) ? fold(values) : null;
}

function sumCounts(counts: readonly OutcomeCounts[]): OutcomeCounts {
  const out = {} as Record<keyof OutcomeCounts, number>;
  for (const name of Object.keys(counts[0]!) as (keyof OutcomeCounts)[]) out[name] = counts.reduce((s, c) => s + c[name], 0);
  return out;
}

/** The mean latency at each level, when every replication stored the same levels (else null). */
function meanCdf(cdfs: readonly LatencyCdf[]): LatencyCdf | null {
  const q = cdfs[0]!.q;
  if (cdfs.some((c) => c.q.length !== q.length || c.q.some((x, i) => x !== q[i]))) return null;
  return { q: [...q], latency_ms: q.map((_, i) => exactMean(cdfs.map((c) => c.latency_ms[i]!))) };
}

/** The element-wise mean of queue series sampled at the same instants with the same levels (else null). */
function meanSeries(series: readonly SeriesRead[]): SeriesRead | null {
  const s0 = series[0]!;
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  if (series.some((s) => !same(s.atMs, s0.atMs) || s.waiting.length !== s0.waiting.length || s.promotedShare.length !== s0.promotedShare.length)) return null;
  const mean = (pick: (s: SeriesRead) => readonly number[]): number[] => s0.atMs.map((_, i) => exactMean(series.map((s) => pick(s)[i]!)));
  return {
    atMs: [...s0.atMs],
    busy: mean((s) => s.busy),
    waiting: s0.waiting.map((_, l) => mean((s) => s.waiting[l]!)),
    promotedShare: s0.promotedShare.map((_, l) => mean((s) => s.promotedShare[l]!)),
  };
}
