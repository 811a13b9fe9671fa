// The report's "trace" section: per trace, the `traces diagnose` predictability table, key and time-scale facts, warnings.
import { pickTimeUnit } from '../src/format/number-format.ts';
import type { TextTable } from './report-tables.ts';

/** One predictability row as `traces diagnose --json` writes it. */
export interface DiagnosisRow {
  readonly n: number;
  readonly median_abs_log2_error: number | null;
  readonly within_2x: number | null;
  readonly tier_accuracy: number | null;
}

/**
 * The part of a `traces diagnose` result the section shows (the JSON of `hsim traces diagnose --json` fits; the
 * online row, the stale note and the verdict are optional, as older diagnoses lack them).
 */
export interface TraceDiagnosisInput {
  readonly arm: string;
  readonly load: string;
  readonly predictability: {
    readonly global_median: DiagnosisRow; readonly per_key_median: DiagnosisRow; readonly online_per_key?: DiagnosisRow & { readonly coverage: number };
    readonly predictor: DiagnosisRow & { readonly coverage: number };
  };
  readonly keys: { readonly count: number; readonly in_history_share: number; readonly stale_share: number; readonly stale_after_ms: number };
  readonly time_scale: { readonly tie_share: number; readonly above_aging_share: number; readonly duration_ms: { readonly p50: number | null; readonly p99: number | null } };
  readonly warnings: readonly { readonly parameter: string; readonly text: string }[];
  readonly stale_fallback?: { readonly note: string | null };
  readonly verdict?: { readonly text: string };
}

/** A trace's diagnosis for the report, or why there is none. */
export interface TraceDiagnosisEntry {
  readonly sha256: string;
  readonly diagnosis: TraceDiagnosisInput | null;
  readonly missing: string | null;
}

/** One trace's section as the pages show it. */
export interface TraceSection {
  /** The trace's name in the report. */
  readonly name: string;
  readonly title: string;
  readonly table: TextTable | null;
  readonly facts: readonly string[];
  readonly warnings: readonly string[];
}

const pct = (x: number | null): string => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);
const num = (x: number | null): string => (x === null ? '-' : String(Number(x.toPrecision(3))));
/** A duration in the unit that fits it, without trailing zeros: `30 min`, `14 s`, `20.7 h`. */
const duration = (ms: number | null): string => {
  if (ms === null) return '-';
  const unit = pickTimeUnit([ms]);
  return `${Number((ms / unit.ms).toPrecision(3))} ${unit.name}`;
};

/** Builds the section of trace `name` from its diagnosis (or a note of what is missing). */
export function traceSection(name: string, entry: TraceDiagnosisEntry): TraceSection {
  const d = entry.diagnosis;
  if (d === null) return { name, title: `Trace ${name}`, table: null, facts: [`not diagnosed: ${entry.missing ?? 'no diagnosis'}`], warnings: [] };
  const p = d.predictability;
  const row = (label: string, r: DiagnosisRow): string[] => [label, String(r.n), num(r.median_abs_log2_error), pct(r.within_2x), pct(r.tier_accuracy)];
  return {
    name,
    title: `Trace ${name}`,
    table: {
      header: ['predictor', 'n', 'median |log2 error|', 'within 2×', 'tier accuracy'],
      rows: [
        row('global median', p.global_median),
        row('per-key median (static history)', p.per_key_median),
        ...(p.online_per_key === undefined ? [] : [row('online per-key (no queueing)', p.online_per_key)]),
        row(`predictor (${d.arm}, load ${d.load})`, p.predictor),
      ],
    },
    facts: [
      `predictor coverage ${pct(p.predictor.coverage)} (share of evaluation jobs routed by estimate)`,
      `${d.keys.count} keys; ${pct(d.keys.in_history_share)} of evaluation jobs have a key seen in history; ${pct(d.keys.stale_share)} arrive more than ${duration(d.keys.stale_after_ms)} after their key's previous job`,
      `durations p50 ${duration(d.time_scale.duration_ms.p50)}, p99 ${duration(d.time_scale.duration_ms.p99)}; ${pct(d.time_scale.above_aging_share)} longer than the aging threshold; ${pct(d.time_scale.tie_share)} of rows tied in arrival time`,
      ...(d.stale_fallback?.note == null ? [] : [d.stale_fallback.note]),
      ...(d.verdict === undefined ? [] : [d.verdict.text]),
    ],
    warnings: d.warnings.map((w) => `${w.text} (look at ${w.parameter})`),
  };
}

/** The sections of the traces that have a diagnosis entry (matched by SHA-256), in the order of `traces`. */
export function traceSections(traces: readonly { readonly name: string; readonly sha256: string | null }[], entries: readonly TraceDiagnosisEntry[]): TraceSection[] {
  const out: TraceSection[] = [];
  for (const t of traces) {
    const e = entries.find((x) => x.sha256 === t.sha256);
    if (e !== undefined) out.push(traceSection(t.name, e));
  }
  return out;
}
