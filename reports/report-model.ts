// The whole report as data: which charts are drawn (with their specs) or why not, the tables and the warnings.
import type { TopLevelSpec } from 'vega-lite';
import { forestChart, forestRows } from './forest-chart.ts';
import type { GateEvaluation } from './gate-fit.ts';
import { labelChart, labelRows } from './label-chart.ts';
import { outcomeChart, outcomeShares } from './outcome-chart.ts';
import { gateSections, provenanceTable, wholeRunTable, type GateSection, type TextTable } from './report-tables.ts';
import { sensitivityCells, sensitivityChart } from './sensitivity-chart.ts';
import type { SweepFile } from './sweep-file.ts';
import type { TraceResults } from './trace-results.ts';
import { traceSections, type TraceDiagnosisEntry, type TraceSection } from './trace-section.ts';
import { waitRatioChart, waitRatioPoints } from './wait-ratio-chart.ts';
import { windowSeriesChart, windowSeriesData } from './window-series-chart.ts';

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
  readonly provenance: TextTable;
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
}

/** A file-name-safe slug: lowercase letters, digits and dashes. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

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

  const forest = forestRows(inputs.traces, inputs.evaluations);
  warnings.push(...forest.issues);
  charts.push({
    id: uniqueId('forest'),
    title: 'Gate forest plot: mean latency vs FIFO',
    fromResults: true,
    spec: forest.rows.length === 0 ? null : forestChart(forest.rows),
    minMarks: forest.rows.length,
    missing: forest.rows.length === 0 ? 'needs arm fifo and at least one other arm at the same load, with mean_latency_ms in every window' : null,
  });

  for (const trace of inputs.traces) {
    const arms = armsOf(trace);
    const ws = windowSeriesData(trace);
    charts.push({
      id: uniqueId(`windows-${trace.name}`),
      title: `Mean latency by window: ${trace.name}`,
      fromResults: true,
      spec: ws === null ? null : windowSeriesChart(ws),
      minMarks: ws?.points.length ?? 0,
      missing: ws === null ? `needs arm fifo with per-window mean_latency_ms (found arms: ${arms})` : null,
    });
    const labels = labelRows(trace);
    charts.push({
      id: uniqueId(`labels-${trace.name}`),
      title: `Latency by class: ${trace.name}`,
      fromResults: true,
      spec: labels === null ? null : labelChart(trace.name, labels),
      minMarks: (labels?.length ?? 0) * 2,
      missing: labels === null ? `needs by_label for arm fifo (results of a trace with a class column; found arms: ${arms})` : null,
    });
    const outcomes = outcomeShares(trace);
    charts.push({
      id: uniqueId(`outcomes-${trace.name}`),
      title: `Predictor outcomes per window: ${trace.name}`,
      fromResults: true,
      spec: outcomes === null ? null : outcomeChart(trace.name, outcomes),
      minMarks: outcomes?.length ?? 0,
      missing: outcomes === null ? `needs outcome_windows, recorded by predictive arms (predictive, predictive+weights+pausing, shadow; found arms: ${arms})` : null,
    });
  }

  if (inputs.sweeps.length === 0) {
    charts.push({ id: uniqueId('sensitivity'), title: 'Sensitivity: which variant flips which verdict', fromResults: true, spec: null, minMarks: 0, missing: 'needs a sweep output (sweep.json in the results folder, or --sweep FILE)' });
  }
  for (const sweep of inputs.sweeps) {
    const cells = sensitivityCells(sweep);
    charts.push({ id: uniqueId(`sensitivity-${sweep.sweep}`), title: `Sensitivity: ${sweep.sweep}`, fromResults: true, spec: sensitivityChart(sweep, cells), minMarks: cells.length, missing: null });
  }

  const ratio = waitRatioPoints();
  charts.push({ id: uniqueId('wait-ratio'), title: 'Closed form: mean wait under priority ÷ FIFO', fromResults: false, spec: waitRatioChart(ratio), minMarks: new Set(ratio.map((p) => `${p.mix}|${p.series}`)).size, missing: null });

  for (const c of charts) if (c.spec === null) warnings.push(`chart "${c.title}" not drawn: ${c.missing ?? ''}`);

  return {
    title: inputs.title,
    charts,
    gates: gateSections(inputs.evaluations),
    gateNotes: inputs.gateNotes,
    wholeRun: wholeRunTable(inputs.traces),
    provenance: provenanceTable(inputs.traces),
    traces: inputs.traces.map((t) => ({ name: t.name, sha256: t.sha256, loads: [...t.set.loads.keys()], arms: [...new Set([...t.set.loads.values()].flatMap((m) => [...m.keys()]))] })),
    warnings,
    traceSections: traceSections(inputs.traces, inputs.diagnoses ?? []),
  };
}

function armsOf(trace: TraceResults): string {
  const arms = new Set([...trace.set.loads.values()].flatMap((m) => [...m.keys()]));
  return arms.size === 0 ? 'none' : [...arms].join(', ');
}
