// The verdict of `hsim gate check`: the JSON report and its readable table.
import { formatPercent, formatSig } from '../src/format/number-format.ts';
import type { CriterionReport, LoadReport } from './gate-evaluation.ts';
import type { PreRegistration } from './gate-git-io.ts';
import type { CriterionKind, CriterionStatus } from './criterion.ts';

/** The whole report printed by `hsim gate check --json`. */
export interface GateReport {
  readonly gate: string;
  readonly gate_file: string;
  readonly gate_sha256: string;
  /** Whether a lock matched the gate file; false for `--unfrozen`. */
  readonly frozen: boolean;
  /** Whether git proves the gate and lock were committed before the results' commit (pre_registration says why). */
  readonly pre_registered: boolean;
  readonly pre_registration: PreRegistration;
  /** SHA-256 of the lock file the gate was judged under; null when unfrozen. */
  readonly lock_sha256: string | null;
  readonly results: readonly string[];
  readonly trace_sha256: string | null;
  /** True iff the gate passes at every load. */
  readonly passed: boolean;
  readonly loads: Readonly<Record<string, LoadReport>>;
}

/**
 * Formats the report as a readable table per load (criterion, bar, estimate [interval], margin, whole run, without
 * the top window, result): changes in % with one decimal, margins of changes in percentage points, ratios to 4
 * significant digits, as the report shows them. A load with replicated results (arms `arm#sSEED`) adds a column of
 * the replications' own verdicts and, under the table, each criterion's pairing and verdict per seed.
 */
export function formatGateReport(report: GateReport): string {
  const lines: string[] = [];
  lines.push(`gate ${report.gate} (${report.gate_file})`);
  lines.push(
    report.pre_registered
      ? `pre-registered: lock sha256 ${report.lock_sha256 ?? ''}; ${report.pre_registration.reason}`
      : `NOT pre-registered: ${report.frozen ? `frozen (lock sha256 ${report.lock_sha256 ?? ''}), but ` : ''}${report.pre_registration.reason}`,
  );
  lines.push(`results: ${report.results.join(', ')}${report.trace_sha256 === null ? '' : ` (trace ${report.trace_sha256.slice(0, 12)}…)`}`);
  for (const [load, lr] of Object.entries(report.loads)) {
    lines.push('');
    lines.push(`load ${load}: ${lr.passed ? 'PASS' : 'FAIL'}`);
    const replicated = Object.values(lr.criteria).some((c) => c.replications !== undefined);
    const rows: string[][] = [['criterion', 'role', 'bar', 'estimate [interval]', 'margin', 'whole run', 'w/o top window', ...(replicated ? ['replications'] : []), 'result']];
    for (const [name, c] of Object.entries(lr.criteria)) {
      const v = (x: number | null): string => criterionValueText(c.kind, x);
      const est = c.point === null ? 'unevaluable (baseline 0)' : `${v(c.point)} [${v(c.low)}, ${v(c.high)}]`;
      const w = c.without_highest_window;
      const without = w === null || w.point === null ? '–' : `${v(w.point)} [${v(w.low)}, ${v(w.high)}] (drop w${w.dropped_window})`;
      rows.push([
        `${name}${c.in_gate ? '' : ' (not in gate)'}`,
        c.role,
        barText(c.kind, c.limit, c.metric),
        est,
        criterionMarginText(c.kind, c.margin),
        v(c.whole_run),
        without,
        ...(replicated ? [replicationCounts(c)] : []),
        c.status.toUpperCase(),
      ]);
    }
    lines.push(...table(rows));
    for (const [name, c] of Object.entries(lr.criteria)) {
      if (c.replications !== undefined) lines.push(`  ${name}: ${replicationVerdictsText(c)}`);
    }
    if (lr.unavailable_metrics !== undefined) {
      for (const [arm, names] of Object.entries(lr.unavailable_metrics)) lines.push(`  not available for ${arm}: ${names.join(', ')}`);
    }
  }
  if (Object.values(report.loads).some((lr) => Object.keys(lr.criteria).length > 0)) lines.push('', MARGIN_NOTE);
  lines.push('');
  lines.push(`gate ${report.gate}: ${report.passed ? 'PASS at every load' : 'FAIL'}${report.pre_registered ? '' : ' (not pre-registered)'}`);
  return lines.join('\n') + '\n';
}

/** The sign convention of the margin column (said once under the tables). */
const MARGIN_NOTE = 'margin: distance of the estimate (for a change, also of the interval upper bound) from the bar; positive = inside the bar (passes), negative = outside (fails); pp = percentage points.';

/** A criterion value in its kind's units: a change as a signed percentage with one decimal, a ratio to 4 significant digits; `–` when missing. */
export function criterionValueText(kind: CriterionKind, v: number | null): string {
  if (v === null) return '–';
  return kind === 'ratio' ? formatSig(v, 4) : formatPercent(v, { signed: true });
}

/** A margin in its criterion's units: percentage points for a change, plain (3 significant digits) for a ratio; `–` when missing. */
export function criterionMarginText(kind: CriterionKind, v: number | null): string {
  if (v === null) return '–';
  return kind === 'ratio' ? formatSig(v, 3) : formatPercent(v, { signed: true }).replace(' %', ' pp');
}

/** How a replicated criterion pairs its replications, in words. */
const PAIRING: Readonly<Record<NonNullable<CriterionReport['pair']>, string>> = {
  window: 'each seed judged on its own windows',
  seed: 'one whole-run change per seed',
  pooled: 'the windows of every seed pooled',
};

/** The replications' own verdicts of a criterion counted, in seed order of first appearance: `fail × 5`, `pass × 3, fail × 2`; `–` for a criterion run once. */
export function replicationCounts(c: Pick<CriterionReport, 'replications'>): string {
  if (c.replications === undefined) return '–';
  const counts = new Map<CriterionStatus, number>();
  for (const v of Object.values(c.replications)) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([v, n]) => `${v} × ${n}`).join(', ');
}

/** The pairing and every replication's verdict of a replicated criterion: `pair window (each seed …): s1 fail, s2 fail`. */
export function replicationVerdictsText(c: Pick<CriterionReport, 'replications' | 'pair'>): string {
  const seeds = Object.entries(c.replications ?? {}).map(([s, v]) => `s${s} ${v}`).join(', ');
  return `pair ${c.pair ?? 'window'} (${PAIRING[c.pair ?? 'window']}): ${seeds}`;
}

/** The bar of a criterion in words: `mean_latency_ms Δ ≤ -0.15 and upper < 0`, `p99_latency_ms ratio upper ≤ 2`. */
export function barText(kind: CriterionKind, limit: number, metric: string): string {
  if (kind === 'ratio') return `${metric} ratio upper ≤ ${limit}`;
  if (kind === 'equivalence') return `${metric} Δ interval inside ±${limit}`;
  if (limit < 0) return `${metric} Δ ≤ ${limit} and upper < 0`;
  if (limit === 0) return `${metric} Δ upper < 0`;
  return `${metric} Δ upper ≤ ${limit}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) => `  ${r.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join('  ').trimEnd()}`);
}
