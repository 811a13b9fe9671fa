// Result files grouped by trace: each trace's merged loads and arms (analysis/result-set.ts) plus the report extras.
import { replicationOf } from '../analysis/replication-aggregate.ts';
import { mergeResults, type ResultSet, type SourcedArm, type SourcedResult } from '../analysis/result-set.ts';
import type { ArmExtras, ResultExtras } from '../src/result/result-reader.ts';
import { EMPTY_TRACE_SLUG, uniqueTraceSlugs } from './file-slug.ts';

/** A result file as the report reads it: the analysis view and the report extras. */
export interface ReportSource {
  readonly sourced: SourcedResult;
  readonly extras: ResultExtras;
}

/** All results of one trace. */
export interface TraceResults {
  /** A short unique name for the trace: its file name without extension (plus a hash prefix when ambiguous). */
  readonly name: string;
  /** The file-name slug of `name`, unique in the report (uniqueTraceSlugs): its tables and charts are named by it. */
  readonly slug: string;
  readonly sha256: string | null;
  readonly set: ResultSet;
  /** load → arm → extras. */
  readonly extras: ReadonlyMap<string, ReadonlyMap<string, ArmExtras>>;
  readonly sources: readonly ResultExtras[];
  /** `time` or `count` when every file agrees, else null. */
  readonly windowBy: string | null;
  /**
   * On a trace whose replicated arms are folded (`foldReplications`): load → arm → seed → that replication's result,
   * for each folded arm; absent otherwise.
   */
  readonly replications?: ReadonlyMap<string, ReadonlyMap<string, Replications>>;
}

/** The replications of one arm at one load: seed → result. */
export type Replications = ReadonlyMap<number, SourcedArm>;

/** The name suffix of the replicated part of a trace whose results also hold single runs of the same arms. */
export const REPLICATED_SUFFIX = ' (replicated)';

/**
 * Groups sources by trace SHA-256 (files without one form their own group), in first-seen order, and merges each
 * group. A group whose files hold an arm both run once (`arm`) and replicated (`arm#sSEED`) at the same load is two
 * experiments (say, file order and seeded shuffles): its files with replications become a trace of their own, named
 * with REPLICATED_SUFFIX, so each is folded and judged apart. Returns the merge issues (duplicate load+arm, invalid
 * replays); never throws.
 */
export function groupByTrace(sources: readonly ReportSource[]): { traces: TraceResults[]; issues: string[] } {
  const bySha = new Map<string, ReportSource[]>();
  for (const s of sources) {
    const key = s.sourced.result.traceSha256 ?? `file:${s.sourced.file}`;
    const g = bySha.get(key);
    if (g === undefined) bySha.set(key, [s]);
    else g.push(s);
  }
  const groups: { sources: ReportSource[]; suffix: string }[] = [];
  for (const g of bySha.values()) {
    const replicated = g.filter(hasReplications);
    // One file holding both cannot be split: its single runs stay beside its replications, unfolded.
    if (!singleAndReplicated(g) || replicated.length === g.length) {
      groups.push({ sources: g, suffix: '' });
      continue;
    }
    groups.push({ sources: g.filter((s) => !hasReplications(s)), suffix: '' }, { sources: replicated, suffix: REPLICATED_SUFFIX });
  }
  const issues: string[] = [];
  const traces: TraceResults[] = [];
  const baseNames = groups.map((g) => traceBaseName(g.sources[0]!));
  const names = groups.map(({ sources: group, suffix }, i) => {
    const base = baseNames[i]!;
    const ambiguous = groups.filter((g, j) => baseNames[j] === base && g.suffix === suffix).length > 1;
    return `${ambiguous ? `${base} (${(group[0]!.sourced.result.traceSha256 ?? group[0]!.sourced.file).slice(0, 8)})` : base}${suffix}`;
  });
  const slugs = uniqueTraceSlugs(names);
  groups.forEach(({ sources: group }, i) => {
    const merged = mergeResults(group.map((s) => s.sourced));
    issues.push(...merged.issues);
    const extras = new Map<string, Map<string, ArmExtras>>();
    for (const { sourced, extras: e } of group) {
      for (const [load, arms] of merged.set.loads) {
        for (const [arm, { file }] of arms) {
          const x = e.loads[load]?.[arm];
          if (file !== sourced.file || x === undefined) continue;
          let m = extras.get(load);
          if (m === undefined) extras.set(load, (m = new Map()));
          m.set(arm, x);
        }
      }
    }
    const sha = group[0]!.sourced.result.traceSha256;
    const windowBys = new Set(group.map((s) => s.extras.windowBy));
    traces.push({
      name: names[i]!,
      slug: slugs[i]!,
      sha256: sha,
      set: merged.set,
      extras,
      sources: group.map((s) => s.extras),
      windowBy: windowBys.size === 1 ? [...windowBys][0]! : null,
    });
  });
  return { traces, issues };
}

function hasReplications(s: ReportSource): boolean {
  return Object.values(s.sourced.result.results).some((l) => Object.keys(l.arms).some((k) => replicationOf(k) !== null));
}

/** Whether some load of the files holds an arm run once beside replications of the same arm. */
function singleAndReplicated(group: readonly ReportSource[]): boolean {
  const keys = new Map<string, Set<string>>();
  for (const s of group) {
    for (const [load, l] of Object.entries(s.sourced.result.results)) {
      const k = keys.get(load) ?? new Set<string>();
      for (const arm of Object.keys(l.arms)) k.add(arm);
      keys.set(load, k);
    }
  }
  return [...keys.values()].some((k) => [...k].some((key) => {
    const rep = replicationOf(key);
    return rep !== null && k.has(rep.arm);
  }));
}

function traceBaseName(s: ReportSource): string {
  const path = s.extras.tracePath;
  if (path === null) return s.sourced.result.traceSha256?.slice(0, 12) ?? s.sourced.file;
  const base = path.split(/[\\/]/).pop() ?? path;
  // A file named `.csv` leaves nothing: the trace still needs a name to be shown and found by.
  return base.replace(/\.gz$/, '').replace(/\.csv$/, '') || EMPTY_TRACE_SLUG;
}

/** The loads of a trace in a stable order: numeric loads ascending, then the others (e.g. `as-is`) by name. */
export function sortedLoads(trace: TraceResults): string[] {
  return [...trace.set.loads.keys()].sort(compareLoads);
}

/** Orders load keys: numbers ascending first, then text. */
export function compareLoads(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  const xn = a.trim() !== '' && Number.isFinite(x);
  const yn = b.trim() !== '' && Number.isFinite(y);
  if (xn && yn) return x - y;
  if (xn !== yn) return xn ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The arms of one load with FIFO first, then the others in name order. */
export function sortedArms(arms: Iterable<string>): string[] {
  return [...arms].sort((a, b) => (a === 'fifo' ? -1 : b === 'fifo' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** One arm beside FIFO at one load of one trace. */
export interface ArmBesideFifo {
  readonly trace: TraceResults;
  readonly load: string;
  readonly arm: string;
  readonly result: SourcedArm;
  readonly fifo: SourcedArm;
}

/** Every non-FIFO arm at every load that has a FIFO arm, traces in order, loads and arms in their sorted order. */
export function* armsBesideFifo(traces: readonly TraceResults[]): Generator<ArmBesideFifo> {
  for (const trace of traces) {
    for (const load of sortedLoads(trace)) {
      const arms = trace.set.loads.get(load)!;
      const fifo = arms.get('fifo');
      if (fifo === undefined) continue;
      for (const arm of sortedArms(arms.keys())) {
        if (arm !== 'fifo') yield { trace, load, arm, result: arms.get(arm)!, fifo };
      }
    }
  }
}
