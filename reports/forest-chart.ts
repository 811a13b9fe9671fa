// The gate forest plot: per trace × load, each design's mean-latency change vs FIFO with its interval and the bar.
import type { TopLevelSpec } from 'vega-lite';
import type { BootstrapOptions } from '../analysis/bootstrap.ts';
import { estimateCriterion, pairedValues } from '../analysis/criterion.ts';
import { replicationsOf } from '../analysis/replicated-criterion.ts';
import { replicationOf } from '../analysis/replication-aggregate.ts';
import { seedChangeInterval } from '../analysis/seed-change-interval.ts';
import type { SourcedArm } from '../analysis/result-set.ts';
import type { CriterionReport } from '../analysis/gate-evaluation.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { armLegend, armScale, bottomLegend, CHART_CONFIG, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { labelExpression } from './arm-abbreviations.ts';
import { armsBesideFifo, sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** One row of the forest plot. */
export interface ForestRow {
  /** The y-axis label: `trace · load · design`. */
  readonly row: string;
  readonly trace: string;
  readonly load: string;
  readonly design: string;
  /** The gate that judged this design (null: no gate fits; the interval is then the ad-hoc one). */
  readonly gate: string | null;
  readonly point: number;
  readonly low: number;
  readonly high: number;
  /** The bar of the judging criterion (null without a gate). */
  readonly bar: number | null;
  /** Whether the judging gate was frozen before the run (only then is its bar drawn, as the pre-registered bar). */
  readonly preRegistered: boolean;
  readonly verdict: 'gate passed' | 'gate failed' | 'no gate';
  /**
   * With replicated results (arms `arm#sSEED`): the whole-run change of each seed (arm vs FIFO of the same seed),
   * its mean and 95 % Student t-interval over the seeds; null without replications or with a single seed.
   */
  readonly replication: { readonly point: number; readonly low: number; readonly high: number; readonly seeds: number } | null;
}

/** The bootstrap of the ad-hoc intervals of designs no gate judges (the gates' usual settings, SPEC §7). */
export const AD_HOC_BOOTSTRAP: BootstrapOptions = { method: 'iid', block: 4, samples: 10000, seed: 2026, confidence: 0.95 };

/**
 * The forest rows: for each trace, load and non-FIFO arm with FIFO beside it, the gate's mean-latency criterion
 * against FIFO (each fitting gate that has one) or, when no gate judges that arm, the ad-hoc relative change with
 * an iid bootstrap interval. Windows whose FIFO mean is 0 make the arm unevaluable (left out, named in `issues`).
 */
export function forestRows(traces: readonly TraceResults[], evaluations: readonly GateEvaluation[]): { rows: ForestRow[]; issues: string[] } {
  const rows: ForestRow[] = [];
  const issues: string[] = [];
  for (const { trace, load, arm, result, fifo } of armsBesideFifo(traces)) {
    // A replication beside a FIFO run once is no design of its own: replicatedRows draws its arm over its seeds.
    if (replicationOf(arm) !== null) continue;
    const row = `${trace.name} · ${load} · ${arm}`;
    if (gateRows(evaluations, trace, load, arm, row, null, rows, issues)) continue;
    const a = result.arm.windows.map((w) => w['mean_latency_ms']);
    const b = fifo.arm.windows.map((w) => w['mean_latency_ms']);
    if (a.length === 0 || a.length !== b.length || a.some((v) => v === undefined) || b.some((v) => v === undefined)) {
      issues.push(`${row}: ${a.length} windows with mean latency against ${b.length} for fifo; expected the same non-zero number`);
      continue;
    }
    const est = estimateCriterion('relative_delta', 0, pairedValues('relative_delta', a as number[], b as number[]), AD_HOC_BOOTSTRAP);
    if (est.point === null || est.low === null || est.high === null) {
      issues.push(`${row}: the mean-latency change vs FIFO is unevaluable (a FIFO window with mean 0)`);
      continue;
    }
    rows.push({ row, trace: trace.name, load, design: arm, gate: null, point: est.point, low: est.low, high: est.high, bar: null, preRegistered: false, verdict: 'no gate', replication: null });
  }
  replicatedRows(traces, evaluations, rows, issues);
  return { rows, issues };
}

/**
 * Appends the rows of every fitting gate's in-gate mean-latency criterion against FIFO for `arm` at `load` (one per
 * gate; the gate named in the row only when several judge the same design), each with `replication`. Returns
 * whether any gate judges the arm there (an unevaluable criterion is an issue, and still counts as judged).
 */
function gateRows(evaluations: readonly GateEvaluation[], trace: TraceResults, load: string, arm: string, row: string, replication: ForestRow['replication'], rows: ForestRow[], issues: string[]): boolean {
  const judging = evaluations.filter((ev) => ev.trace === trace && ev.loads[load] !== undefined && Object.values(ev.loads[load]!.criteria).some((c) => isMeanVsFifo(c, arm)));
  for (const ev of judging) {
    const lr = ev.loads[load]!;
    for (const c of Object.values(lr.criteria)) {
      if (!isMeanVsFifo(c, arm)) continue;
      if (c.point === null || c.low === null || c.high === null) {
        issues.push(`${row}: gate ${ev.gate.gate.id} found the mean-latency change unevaluable (a FIFO window with mean 0)`);
        continue;
      }
      rows.push({ row: judging.length > 1 ? `${row} (${ev.gate.gate.id})` : row, trace: trace.name, load, design: arm, gate: ev.gate.gate.id, point: c.point, low: c.low, high: c.high, bar: c.limit, preRegistered: ev.gate.registration === 'pre-registered', verdict: lr.passed ? 'gate passed' : 'gate failed', replication });
    }
  }
  return judging.length > 0;
}

/**
 * The forest rows of replicated results: per trace, load and replicated arm beside replicated FIFO (seeds both
 * have), the interval of each fitting gate's mean-latency criterion (pooled or per seed, as the gate pairs them) or,
 * when no gate judges the arm, the ad-hoc window interval over the windows of every seed, pooled in seed order; and
 * the replication interval (`ForestRow.replication`). Appends to `rows` and `issues`.
 */
function replicatedRows(traces: readonly TraceResults[], evaluations: readonly GateEvaluation[], rows: ForestRow[], issues: string[]): void {
  for (const trace of traces) {
    for (const load of sortedLoads(trace)) {
      const arms = trace.set.loads.get(load)!;
      const fifo = replicationsOf(arms, 'fifo');
      if (fifo.size === 0) continue;
      const designs = sortedArms(new Set([...arms.keys()].map((k) => replicationOf(k)?.arm).filter((a): a is string => a !== undefined && a !== 'fifo')));
      for (const arm of designs) {
        const reps = replicationsOf(arms, arm);
        const seeds = [...reps.keys()].filter((sd) => fifo.has(sd)).sort((a, b) => a - b);
        if (seeds.length === 0) continue;
        const row = `${trace.name} · ${load} · ${arm}`;
        const replication = seedInterval(seeds, reps, fifo);
        if (gateRows(evaluations, trace, load, arm, row, replication, rows, issues)) continue;
        const pooled: number[] = [];
        for (const sd of seeds) {
          const a = reps.get(sd)!.arm.windows.map((w) => w['mean_latency_ms']);
          const b = fifo.get(sd)!.arm.windows.map((w) => w['mean_latency_ms']);
          const x = a.length === b.length && !a.some((v) => v === undefined) && !b.some((v) => v === undefined) ? pairedValues('relative_delta', a as number[], b as number[]) : null;
          if (x === null) {
            pooled.length = 0;
            break;
          }
          pooled.push(...x);
        }
        const est = estimateCriterion('relative_delta', 0, pooled.length === 0 ? null : Float64Array.from(pooled), AD_HOC_BOOTSTRAP);
        if (est.point === null || est.low === null || est.high === null) {
          issues.push(`${row}: the mean-latency change vs FIFO over the pooled windows is unevaluable (missing windows or a FIFO window with mean 0)`);
          continue;
        }
        rows.push({ row, trace: trace.name, load, design: arm, gate: null, point: est.point, low: est.low, high: est.high, bar: null, preRegistered: false, verdict: 'no gate', replication });
      }
    }
  }
}

/** The replication interval: each seed's whole-run mean-latency change vs FIFO, their mean and 95 % t-interval. */
function seedInterval(seeds: readonly number[], arm: ReadonlyMap<number, SourcedArm>, fifo: ReadonlyMap<number, SourcedArm>): ForestRow['replication'] {
  const mean = (m: ReadonlyMap<number, SourcedArm>): Map<number, number> | null => {
    const out = new Map<number, number>();
    for (const sd of seeds) {
      const v = m.get(sd)!.arm.all['mean_latency_ms'];
      if (v === undefined) return null;
      out.set(sd, v);
    }
    return out;
  };
  const a = mean(arm);
  const b = mean(fifo);
  return a === null || b === null ? null : seedChangeInterval(a, b);
}

/**
 * The forest plot spec: interval rules, dots (filled = gate passed, hollow = not), a zero line, and a dashed bar for
 * rows judged by a frozen gate only (an unfrozen gate's bar is no pre-registration). Rows with a replication
 * interval get it just below the window interval (dashed line, square at the mean over seeds) and a legend naming
 * both. `palette` keeps arm colours equal across the report and abbreviates long designs (`palette.short`).
 */
export function forestChart(rows: readonly ForestRow[], palette?: ArmPalette): TopLevelSpec {
  const designs = sortedArms(new Set(rows.map((r) => r.design)));
  const colors = armScale(['fifo', ...designs], palette);
  const bars = rows.some((r) => r.bar !== null && r.preRegistered);
  const unfrozen = rows.some((r) => r.bar !== null && !r.preRegistered);
  const replicated = rows.some((r) => r.replication !== null);
  const order = rows.map((r) => r.row);
  // Row labels of abbreviated designs show the abbreviation (the report's key gives the full name).
  const shortRows = new Map<string, string>();
  for (const r of rows) {
    const short = palette?.short?.get(r.design);
    if (short !== undefined) shortRows.set(r.row, r.row.replace(` · ${r.design}`, ` · ${short}`));
  }
  const rowExpr = labelExpression(shortRows);
  const y = { field: 'row', type: 'nominal', sort: order, title: null, axis: { labelLimit: 420, ...(rowExpr === null ? {} : { labelExpr: rowExpr }) } } as const;
  const x = { field: 'point', type: 'quantitative', title: 'mean latency change vs FIFO (mean of per-window changes)', axis: { format: '+.0%' } } as const;
  const color = { field: 'design', type: 'nominal', title: 'design', scale: { domain: colors.domain.slice(1), range: colors.range.slice(1) }, ...armLegend(palette) } as const;
  // With replications, the line style tells the two intervals apart, and the legend names them.
  const intervalKinds = [WINDOW_INTERVAL, REPLICATION_INTERVAL];
  const dash = (kind: string) => ({ strokeDash: { datum: kind, type: 'nominal', title: 'interval', scale: { domain: intervalKinds, range: [[1, 0], [5, 3]] } } } as const);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: 'Gate forest plot: mean latency vs FIFO', subtitle: [
        `dot = point estimate, line = 95 % bootstrap interval${bars ? ', dashed = pre-registered bar' : ''}${unfrozen ? '; bars of unfrozen gates not drawn' : ''}`,
        'filled dot = gate passed, hollow = gate failed, diamond = no gate fits (ad-hoc iid interval)',
        ...(replicated ? ['below each replicated row: square = mean over seeds of the whole-run change, dashed line = its 95 % t-interval over seeds'] : []),
      ],
    },
    config: { ...CHART_CONFIG, legend: bottomLegend(3) },
    width: 460,
    height: { step: replicated ? 30 : 22 },
    data: { values: rows.map(chartRow) },
    layer: [
      { mark: { type: 'rule', color: '#333333' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, color, ...(replicated ? dash(WINDOW_INTERVAL) : {}) } },
      // Layers whose filter keeps nothing are left out: an empty layer makes Vega warn about an infinite extent.
      ...(bars
        ? [<Layer>{
            transform: [{ filter: 'datum.bar !== null && datum.preRegistered' }],
            mark: { type: 'tick', orient: 'vertical', color: '#000000', strokeDash: [3, 2], thickness: 1.5, stroke: '#000000', fill: null, bandSize: 18 },
            encoding: { y, x: { field: 'bar', type: 'quantitative' } },
          }]
        : []),
      ...(replicated
        ? [
            <Layer>{
              transform: [{ filter: 'isValid(datum.rep_low)' }],
              mark: { type: 'rule', strokeWidth: 2, yOffset: 8 },
              encoding: { y, x: { field: 'rep_low', type: 'quantitative' }, x2: { field: 'rep_high' }, color, ...dash(REPLICATION_INTERVAL) },
            },
            <Layer>{
              transform: [{ filter: 'isValid(datum.rep_low)' }],
              mark: { type: 'point', shape: 'square', filled: true, size: 40, yOffset: 8, opacity: 1 },
              encoding: { y, x: { field: 'rep_point', type: 'quantitative' }, color, tooltip: [{ field: 'row', type: 'nominal' }, { field: 'rep_point', type: 'quantitative', format: '+.3%', title: 'mean over seeds' }, { field: 'rep_low', type: 'quantitative', format: '+.3%', title: 't low' }, { field: 'rep_high', type: 'quantitative', format: '+.3%', title: 't high' }, { field: 'seeds', type: 'quantitative' }] },
            },
          ]
        : []),
      ...DOTS.filter((d) => rows.some((r) => r.verdict === d.verdict)).map((d): Layer => ({
        transform: [{ filter: `datum.verdict === '${d.verdict}'` }],
        mark: { type: 'point', filled: d.filled, size: 80, shape: d.shape, strokeWidth: 2, ...(d.filled ? {} : { fill: 'white' }), opacity: 1 },
        encoding: { y, x, color, tooltip: tooltip() },
      })),
    ],
  };
}

/** The legend names of the two intervals of a replicated row. */
const WINDOW_INTERVAL = 'windows: 95 % bootstrap';
const REPLICATION_INTERVAL = 'replications: 95 % t over seeds';

/** A row as chart data: the replication interval flattened (and absent, not null, for rows without one). */
function chartRow(r: ForestRow): Record<string, unknown> {
  const { replication, ...rest } = r;
  return replication === null ? rest : { ...rest, rep_point: replication.point, rep_low: replication.low, rep_high: replication.high, seeds: replication.seeds };
}

function isMeanVsFifo(c: CriterionReport, arm: string): boolean {
  return c.arm === arm && c.baseline === 'fifo' && c.metric === 'mean_latency_ms' && c.kind === 'relative_delta' && c.in_gate;
}

type Layer = Extract<TopLevelSpec, { layer: unknown }>['layer'][number];

const DOTS = [
  { verdict: 'gate passed', filled: true, shape: 'circle' },
  { verdict: 'gate failed', filled: false, shape: 'circle' },
  { verdict: 'no gate', filled: false, shape: 'diamond' },
] as const;

function tooltip(): { field: string; type: 'nominal' | 'quantitative'; format?: string }[] {
  return [
    { field: 'row', type: 'nominal' },
    { field: 'point', type: 'quantitative', format: '+.3%' },
    { field: 'low', type: 'quantitative', format: '+.3%' },
    { field: 'high', type: 'quantitative', format: '+.3%' },
    { field: 'verdict', type: 'nominal' },
  ];
}
