// The report's tables as text cells: gate tables, whole-run vs window-average changes, provenance (shared by HTML and Markdown).
import { pairedChange, pairedValues } from '../analysis/criterion.ts';
import { exactMean } from '../analysis/exact-sum.ts';
import { barText, criterionMarginText, criterionValueText, replicationCounts, replicationVerdictsText } from '../analysis/gate-report.ts';
import { formatPercent } from '../src/format/number-format.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { foldedArmLabel } from './replicated-arms.ts';
import { armsBesideFifo, type TraceResults } from './trace-results.ts';

/** A table: header cells and rows of cells. */
export interface TextTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The id of the exported table (`tables/<id>.csv`, `.tex`) that holds these rows, once the report model assigns it. */
  readonly id?: string;
}

/** One gate at one trace: a verdict and a table per load. */
export interface GateSection {
  readonly title: string;
  readonly gateFile: string;
  /** `pre-registered (lock sha256 …)` or `not pre-registered`. */
  readonly registration: string;
  readonly preRegistered: boolean;
  readonly loads: readonly { readonly load: string; readonly passed: boolean; readonly table: TextTable; readonly notes: readonly string[] }[];
  readonly skippedLoads: readonly string[];
}

/** Formats a criterion value: a relative change as a signed percentage with one decimal, a ratio to 4 significant digits. */
export const formatValue = criterionValueText;

/** Formats a margin in its criterion's units: percentage points for a relative change, plain for a ratio. */
export const formatMargin = criterionMarginText;

/** The sign convention of the margin column, said once under the gate tables. */
export const MARGIN_CONVENTION =
  'Margin: distance of the estimate (for a change, also of the interval upper bound) from the bar, in the criterion\'s units (pp = percentage points); positive = inside the bar (passes), negative = outside (fails).';

/** The gate sections of the evaluations: criterion, role, bar, estimate [interval], margin, whole run, without the top window, pass. */
export function gateSections(evaluations: readonly GateEvaluation[]): GateSection[] {
  return evaluations.map((ev) => {
    const pre = ev.gate.registration === 'pre-registered';
    return {
      title: `${ev.gate.gate.id} on ${ev.trace.name}`,
      gateFile: ev.gate.path,
      registration: pre ? `pre-registered (lock sha256 ${ev.gate.lockSha256 ?? '?'})` : 'not pre-registered (no lock: run `hsim gate freeze` before the run)',
      preRegistered: pre,
      loads: Object.entries(ev.loads).map(([load, lr]) => {
        // Replicated results (arms `arm#sSEED`) add the replications' own verdicts, and a note per criterion naming each seed's.
        const replicated = Object.values(lr.criteria).some((c) => c.replications !== undefined);
        return {
          load,
          passed: lr.passed,
          table: {
            header: ['criterion', 'role', 'bar', 'estimate [95 % interval]', 'margin', 'whole run', 'without top window', ...(replicated ? ['replications'] : []), 'pass'],
            rows: Object.entries(lr.criteria).map(([name, c]) => {
              const w = c.without_highest_window;
              return [
                `${name}${c.in_gate ? '' : ' (not in gate)'}`,
                c.role,
                barText(c.kind, c.limit, c.metric),
                c.point === null ? 'unevaluable (a baseline window is 0)' : `${formatValue(c.kind, c.point)} [${formatValue(c.kind, c.low)}, ${formatValue(c.kind, c.high)}]`,
                formatMargin(c.kind, c.margin),
                formatValue(c.kind, c.whole_run),
                w === null || w.point === null ? '–' : `${formatValue(c.kind, w.point)} [${formatValue(c.kind, w.low)}, ${formatValue(c.kind, w.high)}] (without w${w.dropped_window})`,
                ...(replicated ? [replicationCounts(c)] : []),
                c.status === 'pass' ? 'PASS' : c.status === 'fail' ? 'FAIL' : c.status === 'unstable' ? 'UNSTABLE' : 'UNEVALUABLE',
              ];
            }),
          },
          notes: [
            ...Object.entries(lr.criteria).filter(([, c]) => c.replications !== undefined).map(([name, c]) => `${name}: ${replicationVerdictsText(c)}`),
            ...Object.entries(lr.unavailable_metrics ?? {}).map(([arm, names]) => `not available for ${arm}: ${names.join(', ')}`),
          ],
        };
      }),
      skippedLoads: ev.skippedLoads,
    };
  });
}

/**
 * Whole-run vs window-average mean-latency change of every arm against FIFO: the window average is the mean of the
 * per-window relative changes (what gates judge), the whole run the change of the all-message mean (SPEC §7).
 */
export function wholeRunTable(traces: readonly TraceResults[]): TextTable {
  const rows: string[][] = [];
  for (const { trace, load, arm, result, fifo } of armsBesideFifo(traces)) {
    const r = result.arm;
    const a = r.windows.map((w) => w['mean_latency_ms']);
    const b = fifo.arm.windows.map((w) => w['mean_latency_ms']);
    let windowAverage: number | null = null;
    if (a.length > 0 && a.length === b.length && !a.includes(undefined) && !b.includes(undefined)) {
      const x = pairedValues('relative_delta', a as number[], b as number[]);
      windowAverage = x === null ? null : exactMean(x);
    }
    const ra = r.all['mean_latency_ms'];
    const rb = fifo.arm.all['mean_latency_ms'];
    const whole = ra === undefined || rb === undefined ? null : pairedChange('relative_delta', ra, rb);
    const gap = windowAverage === null || whole === null ? '–' : formatPercent(windowAverage - whole, { signed: true }).replace(' %', ' pp');
    rows.push([trace.name, load, foldedArmLabel(trace, load, arm), formatValue('relative_delta', windowAverage), formatValue('relative_delta', whole), gap]);
  }
  return { header: ['trace', 'load', 'arm', 'window average Δ mean', 'whole run Δ mean', 'difference'], rows };
}

/** Provenance of every result file: trace, hashes, tool version, commit, seed (and replay validity). */
export function provenanceTable(traces: readonly TraceResults[]): TextTable {
  const rows: string[][] = [];
  for (const trace of traces) {
    for (const s of trace.sources) {
      rows.push([
        s.file,
        `${trace.name}${s.tracePath === null ? '' : ` (${s.tracePath})`}`,
        s.traceSha256 ?? '–',
        s.configHash ?? '–',
        `${s.tool ?? '?'} ${s.version ?? '?'}`,
        s.commit ?? '–',
        s.seed === null ? '–' : String(s.seed),
        s.replay === null ? 'simulation' : `replay ${s.replay.broker ?? '?'} ×${s.replay.timeScale ?? '?'} (${s.replay.valid === true ? 'valid' : 'INVALID'})`,
      ]);
    }
  }
  return { header: ['result file', 'trace', 'trace sha256', 'config hash', 'tool', 'commit', 'seed', 'kind'], rows };
}
