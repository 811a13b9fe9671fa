// The sweep summary of the paper's Table 12: per parameter and gate, "robust" or "flips at V1, V2", and variants passing.

/** One verdict line of a sweep.json: a variant judged by the sweep's gate on one trace and load. */
export interface SweepVerdictLine {
  readonly trace: string;
  readonly load: string;
  /** `base` or `param=value[,param=value…]`. */
  readonly variant: string;
  readonly passed: boolean;
}

/** One row of the summary: a parameter under one gate. */
export interface SweepSummaryRow {
  readonly parameter: string;
  readonly gate: string;
  /** `robust`, or `flips at V1, V2` (the values whose verdict differs from the base variant's at some trace and load). */
  readonly verdict: string;
  /** Verdicts (variant × trace × load) of this parameter's variants that pass, and how many there are. */
  readonly passing: number;
  readonly total: number;
}

/** The parameter → value pairs of a variant id (`base` has none). Values may hold commas (`weights=4,2,1`). */
export function variantParameters(id: string): [string, string][] {
  if (id === 'base') return [];
  const out: [string, string][] = [];
  for (const piece of id.split(',')) {
    const eq = piece.indexOf('=');
    const last = out[out.length - 1];
    if (eq < 0 && last) last[1] += `,${piece}`;
    else if (eq >= 0) out.push([piece.slice(0, eq), piece.slice(eq + 1)]);
  }
  return out;
}

/**
 * Summarises the verdicts of one or more gates over the same sweep (`gates`: gate name → its verdict lines): per
 * gate and parameter (in order of first appearance), whether any value flips the base verdict at some trace and
 * load (values in order of first appearance), and how many of the parameter's verdicts pass. A variant of a grid
 * counts for every parameter it sets. Throws RangeError when a gate has no base verdict for a trace and load that a
 * variant has.
 */
export function summarizeSweep(gates: ReadonlyMap<string, readonly SweepVerdictLine[]>): SweepSummaryRow[] {
  const rows: SweepSummaryRow[] = [];
  for (const [gate, lines] of gates) {
    const base = new Map<string, boolean>();
    for (const l of lines) if (l.variant === 'base') base.set(`${l.trace}\n${l.load}`, l.passed);
    const params = new Map<string, { flips: string[]; passing: number; total: number }>();
    for (const l of lines) {
      for (const [p, v] of variantParameters(l.variant)) {
        const b = base.get(`${l.trace}\n${l.load}`);
        if (b === undefined) throw new RangeError(`gate ${gate}: no base verdict for trace ${l.trace} at load ${l.load}`);
        const row = params.get(p) ?? { flips: [], passing: 0, total: 0 };
        params.set(p, row);
        row.total++;
        if (l.passed) row.passing++;
        if (l.passed !== b && !row.flips.includes(v)) row.flips.push(v);
      }
    }
    for (const [parameter, r] of params) {
      rows.push({ parameter, gate, verdict: r.flips.length === 0 ? 'robust' : `flips at ${r.flips.join(', ')}`, passing: r.passing, total: r.total });
    }
  }
  return rows;
}

/** The summary as a text table: parameter, gate, verdict, "n of N" variants passing. */
export function formatSweepSummary(rows: readonly SweepSummaryRow[]): string {
  const header = ['parameter', 'gate', 'verdict', 'variants passing'];
  const body = rows.map((r) => [r.parameter, r.gate, r.verdict, `${r.passing} of ${r.total}`]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return `${[line(header), ...body.map(line)].join('\n')}\n`;
}
