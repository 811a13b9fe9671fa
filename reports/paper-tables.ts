// The report's tables for papers: every table the pages show, as rounded text cells with captions, CSV keys with units and a note.
import { pairedChange, pairedValues, type CriterionKind } from '../analysis/criterion.ts';
import { exactMean } from '../analysis/exact-sum.ts';
import { barText, replicationCounts } from '../analysis/gate-report.ts';
import type { SourcedArm } from '../analysis/result-set.ts';
import { seedChangeInterval } from '../analysis/seed-change-interval.ts';
import { tInterval } from '../analysis/student-t.ts';
import { formatPercent, formatSig, pickTimeUnit } from '../src/format/number-format.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { slug } from './file-slug.ts';
import { foldedArmLabel } from './replicated-arms.ts';
import { MARGIN_CONVENTION, type TextTable } from './report-tables.ts';
import { sweepPerGate, type SweepFile } from '../src/config/sweep-output.ts';
import { armsBesideFifo, sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** Significant digits of every ratio and time in the paper tables (percentages have one decimal). */
export const TABLE_SIG_DIGITS = 3;

/** The part of the report a table belongs to (the pages show each section's tables together). */
export type TableSection = 'arm-key' | 'trace' | 'gate' | 'metrics' | 'whole-run' | 'distance-to-ideal' | 'sweep' | 'provenance';

/** A table ready for CSV and LaTeX: cells are final text (numbers already rounded), a caption and a note under it. */
export interface PaperTable {
  /** File-name-safe id, unique in a report: `gate-<gate>-<trace>`, `metrics-<trace>`, `sweep-<sweep>`, `whole-run`, … */
  readonly id: string;
  readonly section: TableSection;
  readonly caption: string;
  /** Column labels for LaTeX and the pages, units in parentheses: `mean (h)`, `Δ mean vs FIFO (%)`. */
  readonly header: readonly string[];
  /** Column names for CSV: snake_case with the unit of the cells, `mean_latency_h`, `change_pct`. */
  readonly keys: readonly string[];
  /** Per column: `l` text, `r` number (right-aligned in LaTeX). */
  readonly align: readonly ('l' | 'r')[];
  readonly rows: readonly (readonly string[])[];
  /** Said once under the table (the sign convention of margin, units, rounding). */
  readonly note: string;
}

/** A criterion value in its kind's units: a relative change in % (one decimal, no sign for 0), a ratio to 3 significant digits. */
export function criterionText(kind: CriterionKind, v: number | null): string {
  if (v === null) return '–';
  return kind === 'ratio' ? formatSig(v, TABLE_SIG_DIGITS) : formatPercent(v).replace(' %', '');
}

const MARGIN_NOTE = MARGIN_CONVENTION;

/**
 * One table per gate evaluation: every criterion at every load, estimate with its 95 % interval, margin, the
 * whole-run change and the verdict; with replicated results also the replications' own verdicts.
 */
export function gateTables(evaluations: readonly GateEvaluation[]): PaperTable[] {
  return evaluations.map((ev) => {
    const loads = Object.keys(ev.loads);
    const replicated = Object.values(ev.loads).some((lr) => Object.values(lr.criteria).some((c) => c.replications !== undefined));
    const rows: string[][] = [];
    for (const [load, lr] of Object.entries(ev.loads)) {
      for (const [name, c] of Object.entries(lr.criteria)) {
        rows.push([
          load,
          `${name}${c.in_gate ? '' : ' (not in gate)'}`,
          c.role,
          barText(c.kind, c.limit, c.metric),
          c.kind === 'ratio' ? 'ratio' : '%',
          criterionText(c.kind, c.point),
          criterionText(c.kind, c.low),
          criterionText(c.kind, c.high),
          criterionText(c.kind, c.margin),
          criterionText(c.kind, c.whole_run),
          ...(replicated ? [replicationCounts(c)] : []),
          c.status,
        ]);
      }
    }
    const pre = ev.gate.registration === 'pre-registered';
    return {
      id: `gate-${slug(ev.gate.gate.id)}-${ev.trace.slug}`,
      section: 'gate',
      caption: `Gate ${ev.gate.gate.id} (${pre ? 'pre-registered' : 'not pre-registered'}) on trace ${ev.trace.name}, loads ${loads.join(', ')}: estimates with 95 % bootstrap intervals.`,
      header: ['load', 'criterion', 'role', 'bar', 'unit', 'estimate', 'low', 'high', 'margin', 'whole run', ...(replicated ? ['replications'] : []), 'verdict'],
      keys: ['load', 'criterion', 'role', 'bar', 'unit', 'estimate', 'low', 'high', 'margin', 'whole_run', ...(replicated ? ['replications'] : []), 'verdict'],
      align: ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', ...(replicated ? ['l' as const] : []), 'l'],
      rows,
      note: `${MARGIN_NOTE} Unit: % = changes relative to the baseline in %, one decimal (margins in percentage points); ratio = ratios to ${TABLE_SIG_DIGITS} significant digits.${replicated ? ' Replications: each seed\'s own verdict, counted; the estimate pairs them as the criterion says (pair).' : ''}`,
    };
  });
}

/**
 * One table per trace: every arm at every load, count, mean / p50 / p99 latency in the unit that fits the trace,
 * and against FIFO the whole-run change of the mean and the mean of per-window changes (what gates judge). On a
 * folded trace (`foldReplications`) a replicated arm's row holds the means over its seeds, its changes are the means
 * over seeds of each seed's change against FIFO of the same seed, and five more columns give the seeds and the 95 %
 * Student t-intervals over seeds of its mean latency and of its change.
 */
export function metricsTables(traces: readonly TraceResults[]): PaperTable[] {
  const out: PaperTable[] = [];
  for (const trace of traces) {
    const loads = sortedLoads(trace);
    const times: number[] = [];
    for (const l of loads) for (const r of trace.set.loads.get(l)!.values()) times.push(r.arm.all['mean_latency_ms'] ?? Number.NaN);
    const unit = pickTimeUnit(times);
    const replicated = trace.replications !== undefined && trace.replications.size > 0;
    const changes = new Map<string, { window: number | null; whole: number | null }>();
    for (const { load, arm, result, fifo } of armsBesideFifo([trace])) {
      const reps = trace.replications?.get(load)?.get(arm);
      const fifoReps = trace.replications?.get(load)?.get('fifo');
      if (reps !== undefined && fifoReps !== undefined) {
        changes.set(`${load}|${arm}`, seedChanges(reps, fifoReps));
        continue;
      }
      changes.set(`${load}|${arm}`, { window: windowAverage(result, fifo), whole: wholeChange(result, fifo) });
    }
    const time = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '–' : formatSig(v / unit.ms, TABLE_SIG_DIGITS));
    const pct = (v: number | null | undefined): string => (v === undefined ? '–' : formatPercent(v).replace(' %', ''));
    const rows: string[][] = [];
    for (const load of loads) {
      const arms = trace.set.loads.get(load)!;
      for (const arm of sortedArms(arms.keys())) {
        const all = arms.get(arm)!.arm.all;
        const ch = changes.get(`${load}|${arm}`);
        const row = [load, foldedArmLabel(trace, load, arm), all['count'] === undefined ? '–' : Number.isInteger(all['count']) ? String(all['count']) : formatSig(all['count'], 6), time(all['mean_latency_ms']), time(all['p50_latency_ms']), time(all['p99_latency_ms']), pct(ch?.whole), pct(ch?.window)];
        if (replicated) {
          const reps = trace.replications?.get(load)?.get(arm);
          const fifoReps = trace.replications?.get(load)?.get('fifo');
          const means = reps === undefined ? [] : [...reps.values()].map((r) => r.arm.all['mean_latency_ms']);
          const t = means.length >= 2 && means.every((m) => m !== undefined) ? tInterval(means as number[], 0.95) : null;
          const c = reps === undefined || fifoReps === undefined || arm === 'fifo' ? null : seedChangeInterval(meanBySeed(reps), meanBySeed(fifoReps));
          row.push(reps === undefined ? '–' : String(reps.size), time(t?.low), time(t?.high), pct(c?.low), pct(c?.high));
        }
        rows.push(row);
      }
    }
    const u = unit.name;
    out.push({
      id: `metrics-${trace.slug}`,
      section: 'metrics',
      caption: `Whole-run latency per arm and load on trace ${trace.name}, loads ${loads.join(', ')} (descriptive; no gate).`,
      header: ['load', 'arm', 'messages', `mean (${u})`, `p50 (${u})`, `p99 (${u})`, 'Δ mean vs FIFO (%)', 'window-average Δ (%)', ...(replicated ? ['seeds', `mean 95 % low (${u})`, `mean 95 % high (${u})`, 'Δ mean 95 % low (%)', 'Δ mean 95 % high (%)'] : [])],
      keys: ['load', 'arm', 'messages', `mean_latency_${u}`, `p50_latency_${u}`, `p99_latency_${u}`, 'change_pct', 'window_change_pct', ...(replicated ? ['seeds', `mean_latency_low_${u}`, `mean_latency_high_${u}`, 'change_low_pct', 'change_high_pct'] : [])],
      align: ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', ...(replicated ? (['r', 'r', 'r', 'r', 'r'] as const) : [])],
      rows,
      note: `Times in ${u} to ${TABLE_SIG_DIGITS} significant digits. Δ mean: change of the all-message mean against FIFO; window-average Δ: mean of the per-window changes (what gates judge); negative = faster than FIFO.${replicated ? ' An arm (mean of N seeds): metrics are means over the seeds, changes the means over seeds of each seed\'s change against FIFO of the same seed (the window average over the windows of every seed); 95 % low/high: Student t-interval over the seeds.' : ''}`,
    });
  }
  return out;
}

/** The mean of the per-window mean-latency changes of `a` against `b`, or null when the windows do not pair. */
function windowChanges(a: SourcedArm, b: SourcedArm): Float64Array | null {
  const x = a.arm.windows.map((w) => w['mean_latency_ms']);
  const y = b.arm.windows.map((w) => w['mean_latency_ms']);
  return x.length > 0 && x.length === y.length && !x.includes(undefined) && !y.includes(undefined) ? pairedValues('relative_delta', x as number[], y as number[]) : null;
}

function windowAverage(a: SourcedArm, b: SourcedArm): number | null {
  const x = windowChanges(a, b);
  return x === null ? null : exactMean(x);
}

function wholeChange(a: SourcedArm, b: SourcedArm): number | null {
  const x = a.arm.all['mean_latency_ms'];
  const y = b.arm.all['mean_latency_ms'];
  return x === undefined || y === undefined ? null : pairedChange('relative_delta', x, y);
}

/** Over the seeds both have: the mean of each seed's whole-run change, and the mean over the windows of every seed. */
function seedChanges(arm: ReadonlyMap<number, SourcedArm>, fifo: ReadonlyMap<number, SourcedArm>): { window: number | null; whole: number | null } {
  const seeds = [...arm.keys()].filter((s) => fifo.has(s));
  const wholes = seeds.map((s) => wholeChange(arm.get(s)!, fifo.get(s)!));
  const windows = seeds.map((s) => windowChanges(arm.get(s)!, fifo.get(s)!));
  return {
    whole: seeds.length === 0 || wholes.includes(null) ? null : exactMean(wholes as number[]),
    window: seeds.length === 0 || windows.includes(null) ? null : exactMean(windows.flatMap((x) => [...x!])),
  };
}

function meanBySeed(reps: ReadonlyMap<number, SourcedArm>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [s, r] of reps) {
    const v = r.arm.all['mean_latency_ms'];
    if (v !== undefined) out.set(s, v);
  }
  return out;
}

/**
 * One table per sweep and gate (a sweep of several gates gives one per gate, ids ending in the gate): per variant,
 * trace and load, every criterion's estimate [interval], the verdict and whether it flipped.
 */
export function sweepTables(sweeps: readonly SweepFile[]): PaperTable[] {
  return sweeps.flatMap((whole) => sweepPerGate(whole).map((s) => {
    const rows: string[][] = [];
    for (const v of s.verdicts) {
      const names = Object.keys(v.criteria).length > 0 ? Object.keys(v.criteria) : [''];
      for (const name of names) {
        const e = v.estimates[name];
        const n = (x: number | undefined): string => (x === undefined ? '–' : formatSig(x, TABLE_SIG_DIGITS));
        rows.push([v.variant, s.variants.find((x) => x.id === v.variant)?.overrides || 'default', v.trace, v.load, name === '' ? '–' : name, n(e?.point), n(e?.low), n(e?.high), v.passed ? 'pass' : 'fail', v.flipped ? 'yes' : 'no']);
      }
    }
    const traces = [...new Set(s.verdicts.map((v) => v.trace))];
    const loads = [...new Set(s.verdicts.map((v) => v.load))];
    return {
      id: whole.gates.length > 1 ? `sweep-${slug(s.sweep)}-${slug(s.gate ?? '')}` : `sweep-${slug(s.sweep)}`,
      section: 'sweep',
      caption: `Sensitivity sweep ${s.sweep} on trace ${traces.join(', ')}, loads ${loads.join(', ')}, judged by gate ${s.gate ?? '(none)'}${s.gateFrozen === false ? ' (not pre-registered)' : ''}.`,
      header: ['variant', 'overrides', 'trace', 'load', 'criterion', 'estimate', 'low', 'high', 'verdict', 'flipped'],
      keys: ['variant', 'overrides', 'trace', 'load', 'criterion', 'estimate', 'low', 'high', 'verdict', 'flipped'],
      align: ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'l', 'l'],
      rows,
      note: `Estimates in the criterion's units (a change as a fraction, a ratio as is) to ${TABLE_SIG_DIGITS} significant digits; flipped = the verdict differs from the default parameters.`,
    };
  }));
}

/** A column of a page table turned into a paper table: its label (unit in parentheses), CSV key, alignment and unit suffix. */
export interface TextColumn {
  readonly label: string;
  readonly key: string;
  readonly align: 'l' | 'r';
  /** The suffix the page writes after each number (`%`, `pp`, `×`): dropped from the cells, named in label and key. */
  readonly unit?: '%' | 'pp' | '×';
}

/**
 * A page table (`TextTable`) as a paper table: the same rows, with the unit suffixes of `columns` dropped from their
 * cells (and a true minus written `-`, a lone `-` as missing), so the cells read as numbers. Throws RangeError when
 * `columns` does not match the table's width (a programming error).
 */
export function paperFromText(t: TextTable, id: string, section: TableSection, caption: string, columns: readonly TextColumn[], note: string): PaperTable {
  if (columns.length !== t.header.length) throw new RangeError(`table ${id}: ${columns.length} column specs for ${t.header.length} columns`);
  const cell = (text: string, c: TextColumn): string => {
    if (c.unit === undefined) return text;
    const bare = text.endsWith(c.unit) ? text.slice(0, -c.unit.length).trimEnd() : text;
    return bare === '-' || bare === '' ? '–' : bare.replace(/−/g, '-');
  };
  return {
    id,
    section,
    caption,
    header: columns.map((c) => c.label),
    keys: columns.map((c) => c.key),
    align: columns.map((c) => c.align),
    rows: t.rows.map((r) => r.map((text, i) => cell(text, columns[i]!))),
    note,
  };
}

/** The whole-run vs window-average table (`wholeRunTable`) as a paper table. */
export function wholeRunPaperTable(t: TextTable): PaperTable {
  return paperFromText(t, 'whole-run', 'whole-run', 'Mean-latency change against FIFO: mean of the per-window changes (what gates judge) and change of the all-message mean.', [
    { label: 'trace', key: 'trace', align: 'l' },
    { label: 'load', key: 'load', align: 'l' },
    { label: 'arm', key: 'arm', align: 'l' },
    { label: 'window average Δ mean (%)', key: 'window_change_pct', align: 'r', unit: '%' },
    { label: 'whole run Δ mean (%)', key: 'whole_run_change_pct', align: 'r', unit: '%' },
    { label: 'difference (pp)', key: 'difference_pp', align: 'r', unit: 'pp' },
  ], 'Changes relative to FIFO in %, one decimal; difference = window average − whole run, in percentage points; negative = faster than FIFO. A few heavy windows can dominate the whole-run mean.');
}

/** The distance-to-ideal table (`distanceToIdealTable`) as a paper table. */
export function distancePaperTable(t: TextTable): PaperTable {
  return paperFromText(t, 'distance-to-ideal', 'distance-to-ideal', 'Distance to ideal: every arm\'s whole-run mean latency beside FIFO and the ideal-order bounds (oracle, sept, sjf, srpt).', [
    { label: 'trace', key: 'trace', align: 'l' },
    { label: 'load', key: 'load', align: 'l' },
    { label: 'arm', key: 'arm', align: 'l' },
    { label: 'mean latency (ms)', key: 'mean_latency_ms', align: 'r' },
    { label: '× SRPT', key: 'ratio_to_srpt', align: 'r', unit: '×' },
    { label: 'FIFO→SRPT gap closed (%)', key: 'gap_closed_pct', align: 'r', unit: '%' },
  ], 'Mean latency in ms to 4 significant digits; × SRPT = mean ÷ SRPT\'s mean (SRPT is a preemptive bound no broker reaches); gap closed = (FIFO − arm) ÷ (FIFO − SRPT) in %.');
}

/** The provenance table (`provenanceTable`) as a paper table. */
export function provenancePaperTable(t: TextTable): PaperTable {
  return paperFromText(t, 'provenance', 'provenance', 'Provenance of every result file: trace, hashes, tool, commit, seed and kind.', [
    { label: 'result file', key: 'result_file', align: 'l' },
    { label: 'trace', key: 'trace', align: 'l' },
    { label: 'trace sha256', key: 'trace_sha256', align: 'l' },
    { label: 'config hash', key: 'config_hash', align: 'l' },
    { label: 'tool', key: 'tool', align: 'l' },
    { label: 'commit', key: 'commit', align: 'l' },
    { label: 'seed', key: 'seed', align: 'r' },
    { label: 'kind', key: 'kind', align: 'l' },
  ], 'Hashes are SHA-256; the commit is the git commit the result records.');
}

/** The key of abbreviated arm names (`armKeyTable`) as a paper table. */
export function armKeyPaperTable(t: TextTable): PaperTable {
  return paperFromText(t, 'arm-key', 'arm-key', 'Abbreviations of arm names in the charts.', [
    { label: 'abbreviation', key: 'abbreviation', align: 'l' },
    { label: 'arm', key: 'arm', align: 'l' },
  ], 'Each word of four or more letters cut to its first three; ~2, ~3 tell apart abbreviations that would coincide.');
}

/** A trace section's predictability table (`traceSection`) as a paper table. */
export function tracePaperTable(t: TextTable, traceName: string): PaperTable {
  return paperFromText(t, `trace-${slug(traceName)}`, 'trace', `Predictability of trace ${traceName} (hsim traces diagnose).`, [
    { label: 'predictor', key: 'predictor', align: 'l' },
    { label: 'n', key: 'n', align: 'r' },
    { label: 'median |log2 error|', key: 'median_abs_log2_error', align: 'r' },
    { label: 'within 2× (%)', key: 'within_2x_pct', align: 'r', unit: '%' },
    { label: 'tier accuracy (%)', key: 'tier_accuracy_pct', align: 'r', unit: '%' },
  ], 'Error of each predictor\'s estimate against the true duration over the evaluation jobs; within 2× and tier accuracy as shares in %.');
}

/** The tables with ids made unique in order (a repeated id gets `-2`, `-3`, …), so no file overwrites another. */
export function uniqueTableIds(tables: readonly PaperTable[]): PaperTable[] {
  const used = new Set<string>();
  return tables.map((t) => {
    let id = t.id;
    for (let i = 2; used.has(id); i++) id = `${t.id}-${i}`;
    used.add(id);
    return id === t.id ? t : { ...t, id };
  });
}
