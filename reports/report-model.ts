// The whole report as data: which charts are drawn (with their specs) or why not, the tables and the warnings.
import type { TopLevelSpec } from 'vega-lite';
import type { CriterionKind } from '../analysis/criterion.ts';
import { armAbbreviations, armKeyTable } from './arm-abbreviations.ts';
import { armColors, type ArmPalette } from './chart-theme.ts';
import { forestChart, forestRows } from './forest-chart.ts';
import { distanceToIdealTable } from './distance-to-ideal.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { labelChart, labelRows } from './label-chart.ts';
import { cdfPoints, LATENCY_CDF_OPTION, latencyCdfChart } from './latency-cdf-chart.ts';
import { loadCurveChart, loadPoints } from './load-curve-chart.ts';
import { outcomeChart, outcomeShares } from './outcome-chart.ts';
import { gateSections, provenanceTable, wholeRunTable, type GateSection, type TextTable } from './report-tables.ts';
import { sensitivityCells, sensitivityChart } from './sensitivity-chart.ts';
import { effectPoints, sensitivityEffectChart } from './sensitivity-effect-chart.ts';
import { sweepPerGate, type SweepFile } from '../src/config/sweep-output.ts';
import { tierChart, tierRows } from './tier-chart.ts';
import { sortedArms, type TraceResults } from './trace-results.ts';
import { traceSections, type TraceDiagnosisEntry, type TraceSection } from './trace-section.ts';
import { waitRatioChart, waitRatioPoints } from './wait-ratio-chart.ts';
import { windowSeriesChart, windowSeriesData } from './window-series-chart.ts';
import { keyWaitChart, keyWaitPoints } from './key-wait-chart.ts';
import { queueSeriesChart, queueSeriesRows } from './queue-series-chart.ts';
import { foldReplications } from './replicated-arms.ts';
import { armKeyPaperTable, distancePaperTable, gateTables, metricsTables, provenancePaperTable, sweepTables, tracePaperTable, uniqueTableIds, wholeRunPaperTable, type PaperTable } from './paper-tables.ts';
import { slug } from './file-slug.ts';

/** One chart of the report: drawn (spec, and how many data marks it must show) or not (why). */
export interface ChartEntry {
  /** File-name-safe id, unique in the report (`windows-sl`). */
  readonly id: string;
  readonly title: string;
  /** Whether the chart is drawn from the results (false: the closed-form chart, drawn without any). */
  readonly fromResults: boolean;
  readonly spec: TopLevelSpec | null;
  /** The number of data marks the rendered chart must contain at least (e.g. one dot per forest row). */
  readonly minMarks: number;
  /** Why the chart is not drawn (what is missing), when `spec` is null. */
  readonly missing: string | null;
}

/** Everything the pages show. */
export interface ReportModel {
  readonly title: string;
  readonly charts: readonly ChartEntry[];
  readonly gates: readonly GateSection[];
  /** Gates considered but not evaluated, with why. */
  readonly gateNotes: readonly string[];
  readonly wholeRun: TextTable;
  /** Abbreviations of arm names too long for a legend → the full names (no rows when every name fits). */
  readonly armKey: TextTable;
  /** FIFO, the arms, oracle and the ideal-order bounds per trace and load (no rows without an srpt arm). */
  readonly distanceToIdeal: TextTable;
  readonly provenance: TextTable;
  /**
   * Every table of the pages as a paper table (`--tables` writes each as CSV and LaTeX); the page tables above carry
   * the `id` of the one that holds their rows. The metrics and sweep tables are shown from here.
   */
  readonly tables: readonly PaperTable[];
  readonly traces: readonly { readonly name: string; readonly sha256: string | null; readonly loads: readonly string[]; readonly arms: readonly string[] }[];
  readonly warnings: readonly string[];
  /** Per trace with a diagnosis: the `traces diagnose` table and warnings. */
  readonly traceSections: readonly TraceSection[];
}

/** The inputs of the model, all already read and validated. */
export interface ReportInputs {
  readonly title: string;
  readonly traces: readonly TraceResults[];
  readonly evaluations: readonly GateEvaluation[];
  readonly gateNotes: readonly string[];
  readonly sweeps: readonly SweepFile[];
  readonly warnings: readonly string[];
  /** `traces diagnose` results by trace SHA-256 (optional). */
  readonly diagnoses?: readonly TraceDiagnosisEntry[];
  /** The criterion kinds of the gates sweeps name, by the gate name the sweep records (optional). */
  readonly criterionKinds?: ReadonlyMap<string, ReadonlyMap<string, CriterionKind>>;
}

export { slug };

/**
 * Builds the report model: every chart it can draw and, for the others, a message naming what is missing (an arm,
 * `by_label`, `outcome_windows`, a sweep). Pure; the charts are specs, rendered later.
 */
export function buildReportModel(inputs: ReportInputs): ReportModel {
  const warnings = [...inputs.warnings];
  const charts: ChartEntry[] = [];
  const used = new Set<string>();
  const uniqueId = (base: string): string => {
    let id = slug(base);
    for (let i = 2; used.has(id); i++) id = `${slug(base)}-${i}`;
    used.add(id);
    return id;
  };

  // Every chart and table but the forest (which draws the seeds' spread itself) shows a replicated arm once.
  const folded = inputs.traces.map(foldReplications);
  // One colour per arm across the whole report, and one abbreviation per arm name too long for a legend.
  const allArms = sortedArms(new Set(folded.flatMap((t) => [...t.set.loads.values()].flatMap((m) => [...m.keys()]))));
  const short = armAbbreviations(allArms);
  const palette: ArmPalette = { ...armColors(allArms), short };
  const forest = forestRows(inputs.traces, inputs.evaluations);
  warnings.push(...forest.issues);
  charts.push({
    id: uniqueId('forest'),
    title: 'Gate forest plot: mean latency vs FIFO',
    fromResults: true,
    spec: forest.rows.length === 0 ? null : forestChart(forest.rows, palette),
    minMarks: forest.rows.length,
    missing: forest.rows.length === 0 ? 'needs arm fifo and at least one other arm at the same load, with mean_latency_ms in every window' : null,
  });

  for (const trace of folded) {
    const arms = armsOf(trace);
    // Latency against load needs two loads; a trace run at one load (e.g. as-is) simply has no such chart.
    const curve = loadPoints(trace);
    if (trace.set.loads.size >= 2) charts.push({
      id: uniqueId(`load-${trace.slug}`),
      title: `Mean latency against load: ${trace.name}`,
      fromResults: true,
      spec: curve === null ? null : loadCurveChart(trace.name, curve, palette),
      minMarks: curve?.length ?? 0,
      missing: curve === null ? 'needs two or more loads with per-window mean_latency_ms' : null,
    });
    const ws = windowSeriesData(trace);
    charts.push({
      id: uniqueId(`windows-${trace.slug}`),
      title: `Mean latency by window: ${trace.name}`,
      fromResults: true,
      spec: ws === null ? null : windowSeriesChart(ws, palette),
      minMarks: ws?.points.length ?? 0,
      missing: ws === null ? `needs arm fifo with per-window mean_latency_ms (found arms: ${arms})` : null,
    });
    // Who pays: by class label when the trace has a class column, else by duration tier (the chart says so).
    const labels = labelRows(trace);
    const tiers = labels === null ? tierRows(trace) : null;
    if (labels !== null || tiers === null) {
      charts.push({
        id: uniqueId(`labels-${trace.slug}`),
        title: `Latency by class: ${trace.name}`,
        fromResults: true,
        spec: labels === null ? null : labelChart(trace.name, labels, palette),
        minMarks: (labels?.length ?? 0) * 2,
        missing: labels === null ? 'needs by_label (a trace with a class column) or per-tier metrics (short/medium/long)' : null,
      });
    } else {
      charts.push({ id: uniqueId(`tiers-${trace.slug}`), title: `Who pays, by duration tier: ${trace.name}`, fromResults: true, spec: tierChart(trace.name, tiers, palette), minMarks: tiers.length * 2, missing: null });
    }
    const cdf = cdfPoints(trace);
    if (cdf !== null) charts.push({ id: uniqueId(`cdf-${trace.slug}`), title: `Latency CDF: ${trace.name}`, fromResults: true, spec: latencyCdfChart(trace.name, cdf, palette), minMarks: new Set(cdf.map((p) => `${p.load}|${p.arm}`)).size, missing: null });
    const outcomes = outcomeShares(trace);
    charts.push({
      id: uniqueId(`outcomes-${trace.slug}`),
      title: `Predictor outcomes per window: ${trace.name}`,
      fromResults: true,
      spec: outcomes === null ? null : outcomeChart(trace.name, outcomes),
      minMarks: outcomes?.length ?? 0,
      missing: outcomes === null ? `needs outcome_windows, recorded by predictive arms (predictive, predictive+weights+pausing, shadow; found arms: ${arms})` : null,
    });
    // The optional probe charts: drawn only from results that carry by_key or series (no entry otherwise).
    const keyWaits = keyWaitPoints(trace);
    if (keyWaits !== null) charts.push({ id: uniqueId(`keys-${trace.slug}`), title: `Mean wait by key frequency: ${trace.name}`, fromResults: true, spec: keyWaitChart(trace.name, keyWaits, palette), minMarks: keyWaits.length, missing: null });
    const queues = queueSeriesRows(trace);
    if (queues !== null) charts.push({ id: uniqueId(`queues-${trace.slug}`), title: `Queues over time: ${trace.name}`, fromResults: true, spec: queueSeriesChart(trace.name, queues.load, queues.rows, palette), minMarks: new Set(queues.rows.map((r) => `${r.arm}|${r.metric}|${r.level}`)).size, missing: null });
  }

  // Results without a latency CDF: one note for all such traces, naming the option that adds it.
  const noCdf = folded.filter((t) => cdfPoints(t) === null).map((t) => t.name);
  if (noCdf.length > 0) charts.push({ id: uniqueId('cdf'), title: `Latency CDF: ${noCdf.join(', ')}`, fromResults: true, spec: null, minMarks: 0, missing: `needs latency_cdf in the results: run ${LATENCY_CDF_OPTION}` });

  if (inputs.sweeps.length === 0) {
    charts.push({ id: uniqueId('sensitivity'), title: 'Sensitivity: which variant flips which verdict', fromResults: true, spec: null, minMarks: 0, missing: 'needs a sweep output (sweep.json in the results folder, or --sweep FILE)' });
  }
  // A sweep judged by several gates: the two charts once per gate, each naming its gate.
  for (const { view: sweep, several } of inputs.sweeps.flatMap((whole) => sweepPerGate(whole).map((view) => ({ view, several: whole.gates.length > 1 })))) {
    const name = several ? `${sweep.sweep}, gate ${sweep.gate}` : sweep.sweep;
    const cells = sensitivityCells(sweep);
    charts.push({ id: uniqueId(`sensitivity-${name}`), title: `Sensitivity: ${name}`, fromResults: true, spec: sensitivityChart(sweep, cells), minMarks: cells.length, missing: null });
    const effects = effectPoints(sweep);
    // Older sweep outputs carry verdicts only; the heatmap above then stands alone.
    if (effects.length > 0) charts.push({ id: uniqueId(`effects-${name}`), title: `Sensitivity as effect size: ${name}`, fromResults: true, spec: sensitivityEffectChart(sweep, effects, several, sweep.gate === null ? undefined : inputs.criterionKinds?.get(sweep.gate)), minMarks: effects.length, missing: null });
  }

  const ratio = waitRatioPoints();
  charts.push({ id: uniqueId('wait-ratio'), title: 'Closed form: mean wait under priority ÷ FIFO', fromResults: false, spec: waitRatioChart(ratio), minMarks: new Set(ratio.map((p) => `${p.mix}|${p.series}`)).size, missing: null });

  for (const c of charts) if (c.spec === null) warnings.push(`chart "${c.title}" not drawn: ${c.missing ?? ''}`);

  const tables = pageTables(inputs, folded, short);
  return {
    title: inputs.title,
    charts,
    gateNotes: inputs.gateNotes,
    ...tables,
    traces: inputs.traces.map((t) => ({ name: t.name, sha256: t.sha256, loads: [...t.set.loads.keys()], arms: [...new Set([...t.set.loads.values()].flatMap((m) => [...m.keys()]))] })),
    warnings,
  };
}

/**
 * The page tables and, for each, the paper table that holds its rows (ids unique in the report, assigned back to
 * the page tables): arm key, trace predictability, gates, metrics, whole run, distance to ideal, sweeps, provenance.
 */
function pageTables(inputs: ReportInputs, folded: readonly TraceResults[], short: ReadonlyMap<string, string>): Pick<ReportModel, 'gates' | 'wholeRun' | 'armKey' | 'distanceToIdeal' | 'provenance' | 'tables' | 'traceSections'> {
  const armKey = armKeyTable(short);
  const sections = traceSections(inputs.traces, inputs.diagnoses ?? []);
  const gates = gateSections(inputs.evaluations);
  const wholeRun = wholeRunTable(folded);
  const distance = distanceToIdealTable(folded);
  const provenance = provenanceTable(inputs.traces);
  const withRows = sections.filter((t) => t.table !== null);
  const groups: PaperTable[][] = [
    armKey.rows.length > 0 ? [armKeyPaperTable(armKey)] : [],
    withRows.map((t) => tracePaperTable(t.table!, t.name)),
    gateTables(inputs.evaluations),
    metricsTables(folded),
    wholeRun.rows.length > 0 ? [wholeRunPaperTable(wholeRun)] : [],
    distance.rows.length > 0 ? [distancePaperTable(distance)] : [],
    sweepTables(inputs.sweeps),
    [provenancePaperTable(provenance)],
  ];
  const tables = uniqueTableIds(groups.flat());
  const ids: string[][] = [];
  let at = 0;
  for (const g of groups) {
    ids.push(tables.slice(at, at + g.length).map((t) => t.id));
    at += g.length;
  }
  const [armKeyIds, traceIds, gateIds, , wholeRunIds, distanceIds, , provenanceIds] = ids as [string[], string[], string[], string[], string[], string[], string[], string[]];
  const withId = (t: TextTable, id: string | undefined): TextTable => (id === undefined ? t : { ...t, id });
  return {
    armKey: withId(armKey, armKeyIds[0]),
    traceSections: sections.map((t) => (t.table === null ? t : { ...t, table: withId(t.table, traceIds[withRows.indexOf(t)]) })),
    gates: gates.map((g, i) => ({ ...g, loads: g.loads.map((l) => ({ ...l, table: withId(l.table, gateIds[i]) })) })),
    wholeRun: withId(wholeRun, wholeRunIds[0]),
    distanceToIdeal: withId(distance, distanceIds[0]),
    provenance: withId(provenance, provenanceIds[0]),
    tables,
  };
}

function armsOf(trace: TraceResults): string {
  const arms = new Set([...trace.set.loads.values()].flatMap((m) => [...m.keys()]));
  return arms.size === 0 ? 'none' : [...arms].join(', ');
}
