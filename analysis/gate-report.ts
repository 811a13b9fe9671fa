// The verdict of `hsim gate check`: the JSON report and its readable table.
import type { LoadReport } from './gate-evaluation.ts';
import type { PreRegistration } from './gate-git-io.ts';
import type { CriterionKind } from './criterion.ts';

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

/** Formats the report as a readable table per load (criterion, bar, estimate [interval], margin, whole run, pass). */
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
    const rows: string[][] = [['criterion', 'role', 'bar', 'estimate [interval]', 'margin', 'whole run', 'w/o top window', 'result']];
    for (const [name, c] of Object.entries(lr.criteria)) {
      const est = c.point === null ? 'unevaluable (baseline 0)' : `${fmt(c.point)} [${fmt(c.low)}, ${fmt(c.high)}]`;
      const without = c.without_highest_window === null || c.without_highest_window.point === null
        ? '-'
        : `${fmt(c.without_highest_window.point)} [${fmt(c.without_highest_window.low)}, ${fmt(c.without_highest_window.high)}] (drop w${c.without_highest_window.dropped_window})`;
      rows.push([
        `${name}${c.in_gate ? '' : ' (not in gate)'}`,
        c.role,
        barText(c.kind, c.limit, c.metric),
        est,
        c.margin === null ? '-' : fmt(c.margin),
        c.whole_run === null ? '-' : fmt(c.whole_run),
        without,
        c.status.toUpperCase(),
      ]);
    }
    lines.push(...table(rows));
    if (lr.unavailable_metrics !== undefined) {
      for (const [arm, names] of Object.entries(lr.unavailable_metrics)) lines.push(`  not available for ${arm}: ${names.join(', ')}`);
    }
  }
  lines.push('');
  lines.push(`gate ${report.gate}: ${report.passed ? 'PASS at every load' : 'FAIL'}${report.pre_registered ? '' : ' (not pre-registered)'}`);
  return lines.join('\n') + '\n';
}

/** The bar of a criterion in words: `mean_latency_ms Δ ≤ -0.15 and upper < 0`, `p99_latency_ms ratio upper ≤ 2`. */
export function barText(kind: CriterionKind, limit: number, metric: string): string {
  if (kind === 'ratio') return `${metric} ratio upper ≤ ${limit}`;
  if (kind === 'equivalence') return `${metric} Δ interval inside ±${limit}`;
  if (limit < 0) return `${metric} Δ ≤ ${limit} and upper < 0`;
  if (limit === 0) return `${metric} Δ upper < 0`;
  return `${metric} Δ upper ≤ ${limit}`;
}

function fmt(v: number | null): string {
  return v === null ? '-' : v.toFixed(6);
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) => `  ${r.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join('  ').trimEnd()}`);
}
