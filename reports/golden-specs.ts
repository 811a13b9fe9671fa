// The golden chart specs: every chart builder applied to the hand-made fixture (compared with reports/golden/).
import type { TopLevelSpec } from 'vega-lite';
import { parseGateFile } from '../analysis/gate-file.ts';
import { parseResultExtras, parseResultFile } from '../src/result/result-reader.ts';
import { fixtureReplicatedResultFile, fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { forestChart, forestRows } from './forest-chart.ts';
import { fitAndEvaluateGate, type GateEvaluation } from './gate-fit.ts';
import { labelChart, labelRows } from './label-chart.ts';
import { cdfPoints, latencyCdfChart } from './latency-cdf-chart.ts';
import { loadCurveChart, loadPoints } from './load-curve-chart.ts';
import { outcomeChart, outcomeShares } from './outcome-chart.ts';
import { sensitivityCells, sensitivityChart } from './sensitivity-chart.ts';
import { effectPoints, sensitivityEffectChart } from './sensitivity-effect-chart.ts';
import { parseSweepFile } from '../src/config/sweep-output.ts';
import { tierChart, tierRows } from './tier-chart.ts';
import { groupByTrace, type TraceResults } from './trace-results.ts';
import { waitRatioChart, waitRatioPoints } from './wait-ratio-chart.ts';
import { windowSeriesChart, windowSeriesData } from './window-series-chart.ts';

/** The fixture gate: predictive+weights+pausing vs FIFO with a −15 % bar (as experiments/gates/*.sim.json). */
export function fixtureGate(): unknown {
  return {
    id: 'fixture-gate',
    bootstrap: { method: 'iid', samples: 1000, seed: 2026, confidence: 0.95 },
    windows: 7,
    criteria: {
      mean_vs_fifo: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.15, role: 'primary' },
      p99_ratio: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' },
    },
    gate: ['mean_vs_fifo', 'p99_ratio'],
  };
}

/**
 * The fixture as one trace of results (`json`: another fixture file, e.g. fixtureReplicatedResultFile()). Throws
 * Error when the fixture does not parse (a broken fixture).
 */
export function fixtureTrace(json: Record<string, unknown> = fixtureResultFile()): TraceResults {
  const parsed = parseResultFile(json, 'fixture.json');
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  const { traces } = groupByTrace([{ sourced: { file: 'fixture.json', result: parsed.value }, extras: parseResultExtras(json, 'fixture.json').value }]);
  return traces[0]!;
}

/** The fixture gate evaluated on the fixture trace. Throws Error when it does not fit (a broken fixture). */
export function fixtureEvaluation(trace: TraceResults): GateEvaluation {
  const gate = parseGateFile(fixtureGate(), 'fixture-gate.json');
  if (!gate.ok) throw new Error(gate.issues.join('\n'));
  const ev = fitAndEvaluateGate({ path: 'fixture-gate.json', sha256: '0'.repeat(64), gate: gate.value, registration: 'not pre-registered', lockSha256: null, explicit: true }, trace);
  if ('reason' in ev) throw new Error(ev.reason);
  return ev;
}

/** Every golden chart by name: the builders' output on the fixture. */
export function goldenSpecs(): Record<string, TopLevelSpec> {
  const trace = fixtureTrace();
  const ev = fixtureEvaluation(trace);
  const sweep = parseSweepFile(fixtureSweepFile(), 'sweep.json');
  if (!sweep.ok) throw new Error(sweep.issues.join('\n'));
  return {
    forest: forestChart(forestRows([trace], [ev]).rows),
    'forest-replications': forestChart(forestRows([fixtureTrace(fixtureReplicatedResultFile())], []).rows),
    'latency-cdf': latencyCdfChart(trace.name, cdfPoints(trace)!),
    'window-series': windowSeriesChart(windowSeriesData(trace)!),
    labels: labelChart(trace.name, labelRows(trace)!),
    'load-curve': loadCurveChart(trace.name, loadPoints(trace)!),
    tiers: tierChart(trace.name, tierRows(trace)!),
    outcomes: outcomeChart(trace.name, outcomeShares(trace)!),
    sensitivity: sensitivityChart(sweep.value, sensitivityCells(sweep.value)),
    'sensitivity-effects': sensitivityEffectChart(sweep.value, effectPoints(sweep.value)),
    'wait-ratio': waitRatioChart(waitRatioPoints()),
  };
}
