// The report's tables for papers: gate results, whole-run metrics per arm and load, sweep summaries, as rounded text cells with captions.
import { pairedChange, pairedValues, type CriterionKind } from '../analysis/criterion.ts';
import { exactMean } from '../analysis/exact-sum.ts';
import { barText } from '../analysis/gate-report.ts';
import { formatPercent, formatSig, pickTimeUnit } from '../src/format/number-format.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { slug } from './file-slug.ts';
import { foldedArmLabel } from './replicated-arms.ts';
import { MARGIN_CONVENTION } from './report-tables.ts';
import { sweepPerGate, type SweepFile } from '../src/experiment/sweep-output.ts';
import { armsBesideFifo, sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** Significant digits of every ratio and time in the paper tables (percentages have one decimal). */
export const TABLE_SIG_DIGITS = 3;

/** A table ready for CSV and LaTeX: cells are final text (numbers already rounded), a caption and a note under it. */
export interface PaperTable {
  /** File-name-safe id: `gate-<gate>-<trace>`, `metrics-<trace>`, `sweep-<sweep>`. */
  readonly id: string;
  readonly caption: string;
  readonly header: readonly string[];
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

/** One table per gate evaluation: every criterion at every load, estimate with its 95 % interval, margin, verdict. */
export function gateTables(evaluations: readonly GateEvaluation[]): PaperTable[] {
  return evaluations.map((ev) => {
    const loads = Object.keys(ev.loads);
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
          c.status,
        ]);
      }
    }
    const pre = ev.gate.registration === 'pre-registered';
    return {
      id: `gate-${slug(ev.gate.gate.id)}-${ev.trace.slug}`,
      caption: `Gate ${ev.gate.gate.id} (${pre ? 'pre-registered' : 'not pre-registered'}) on trace ${ev.trace.name}, loads ${loads.join(', ')}: estimates with 95 % bootstrap intervals.`,
      header: ['load', 'criterion', 'role', 'bar', 'unit', 'estimate', 'low', 'high', 'margin', 'verdict'],
      align: ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'l'],
      rows,
      note: `${MARGIN_NOTE} Changes are relative to the baseline in %, one decimal; ratios to ${TABLE_SIG_DIGITS} significant digits.`,
    };
  });
}

/**
 * One table per trace: every arm at every load, count, mean / p50 / p99 latency in the unit that fits the trace,
 * and against FIFO the whole-run change of the mean and the mean of per-window changes (what gates judge).
 */
export function metricsTables(traces: readonly TraceResults[]): PaperTable[] {
  const out: PaperTable[] = [];
  for (const trace of traces) {
    const loads = sortedLoads(trace);
    const times: number[] = [];
    for (const l of loads) for (const r of trace.set.loads.get(l)!.values()) times.push(r.arm.all['mean_latency_ms'] ?? Number.NaN);
    const unit = pickTimeUnit(times);
    const changes = new Map<string, { window: number | null; whole: number | null }>();
    for (const { load, arm, result, fifo } of armsBesideFifo([trace])) {
      const a = result.arm.windows.map((w) => w['mean_latency_ms']);
      const b = fifo.arm.windows.map((w) => w['mean_latency_ms']);
      const x = a.length > 0 && a.length === b.length && !a.includes(undefined) && !b.includes(undefined) ? pairedValues('relative_delta', a as number[], b as number[]) : null;
      const ra = result.arm.all['mean_latency_ms'];
      const rb = fifo.arm.all['mean_latency_ms'];
      changes.set(`${load}|${arm}`, { window: x === null ? null : exactMean(x), whole: ra === undefined || rb === undefined ? null : pairedChange('relative_delta', ra, rb) });
    }
    const time = (v: number | undefined): string => (v === undefined ? '–' : formatSig(v / unit.ms, TABLE_SIG_DIGITS));
    const rows: string[][] = [];
    for (const load of loads) {
      const arms = trace.set.loads.get(load)!;
      for (const arm of sortedArms(arms.keys())) {
        const all = arms.get(arm)!.arm.all;
        const ch = changes.get(`${load}|${arm}`);
        rows.push([load, foldedArmLabel(trace, load, arm), all['count'] === undefined ? '–' : String(all['count']), time(all['mean_latency_ms']), time(all['p50_latency_ms']), time(all['p99_latency_ms']), ch === undefined ? '–' : formatPercent(ch.whole).replace(' %', ''), ch === undefined ? '–' : formatPercent(ch.window).replace(' %', '')]);
      }
    }
    out.push({
      id: `metrics-${trace.slug}`,
      caption: `Whole-run latency per arm and load on trace ${trace.name}, loads ${loads.join(', ')} (descriptive; no gate).`,
      header: ['load', 'arm', 'messages', `mean (${unit.name})`, `p50 (${unit.name})`, `p99 (${unit.name})`, 'Δ mean vs FIFO (%)', 'window-average Δ (%)'],
      align: ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
      note: `Times in ${unit.name} to ${TABLE_SIG_DIGITS} significant digits. Δ mean: change of the all-message mean against FIFO; window-average Δ: mean of the per-window changes (what gates judge); negative = faster than FIFO.`,
    });
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
      caption: `Sensitivity sweep ${s.sweep} on trace ${traces.join(', ')}, loads ${loads.join(', ')}, judged by gate ${s.gate ?? '(none)'}${s.gateFrozen === false ? ' (not pre-registered)' : ''}.`,
      header: ['variant', 'overrides', 'trace', 'load', 'criterion', 'estimate', 'low', 'high', 'verdict', 'flipped'],
      align: ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'l', 'l'],
      rows,
      note: `Estimates in the criterion's units (a change as a fraction, a ratio as is) to ${TABLE_SIG_DIGITS} significant digits; flipped = the verdict differs from the default parameters.`,
    };
  }));
}
