// The demo: serverless trace at loads 0.5/0.8/0.95 and a prodflow run, several arms, tables, a sensitivity sweep,
// gates and a report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { createRng } from '../src/rng/seeded.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { SIMULATION_DEFAULTS, simulationDefaultFlags } from '../src/config/simulation-defaults.ts';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import type { Trace } from '../src/trace/trace.ts';
import { generateServerless, SERVERLESS_DEFAULTS } from '../traces/generators/serverless.ts';
import { generateProdflow, PRODFLOW_DEFAULTS } from '../traces/generators/prodflow.ts';
import { generatedTraceMeta } from '../traces/generators/generator-meta.ts';
import { simulate } from '../sim/simulate.ts';
import { parseArm, routingNames } from '../sim/arms/index.ts';
import { buildSimulationConfig, optionsRecord } from '../sim/simulation-config-io.ts';
import { buildResultFile } from '../src/result/result-file.ts';
import { writeResultFile } from '../src/result/result-file-io.ts';
import { formatSimulationTable } from './simulation-table.ts';
import { cliProvenance, repositoryRoot, toolVersion } from '../src/io/provenance-io.ts';
import { diagnoseResultTraces } from './report-diagnoses.ts';
import { sharedFile } from '../src/io/shared-io.ts';
import { readTrace, writeTrace } from '../traces/trace-io.ts';
import { convertFile } from '../converters/convert-file.ts';
import { resolveConverterSpec } from '../converters/convert-options.ts';
import { diagnoseTrace } from '../sim/diagnose/trace-diagnosis.ts';
import { formatDiagnosis } from '../sim/diagnose/diagnosis-text.ts';
import type { TraceDiagnosisEntry } from '../reports/trace-section.ts';

/** Arms shown by the demo, in order; those whose routing is not registered are left out. */
const DEMO_ARMS = ['fifo', 'oracle', 'oracle+weights+pausing', 'static-history', 'per-key', 'predictive', 'predictive+weights+pausing'];

/** Runs `hsim demo`. */
export async function runDemo(opts: Record<string, unknown>): Promise<void> {
  const out = String(opts.output);
  const n = Number(opts.n);
  const seed = Number(opts.seed);
  if (!Number.isInteger(n) || n < 1000) throw new InputError(msg.integerAtLeast('--n', String(opts.n), 1000));
  if (!Number.isInteger(seed) || seed < 0) throw new InputError(msg.integerAtLeast('--seed', String(opts.seed), 0));
  const say = (s: string): void => {
    if (!opts.quiet) process.stderr.write(`${s}\n`);
  };
  const available = new Set(routingNames());
  const arms = DEMO_ARMS.filter((a) => available.has(a.split('+')[0]!));

  // 1. Serverless: 400 keys, Zipf popularity, lognormal durations, 64 workers. The arrival rate cycles hourly (as
  // for experiments/sensitivity.json), so every evaluation window has long jobs waiting and the gate's long-class
  // guardrail can be judged; with the daily default the sweep's gate would be unevaluable.
  const rng = createRng(seed);
  const serverlessOpts = { ...SERVERLESS_DEFAULTS, n, periodMs: 3_600_000 };
  const serverless = generateServerless(serverlessOpts, rng.fork('serverless'));
  const serverlessPath = join(out, 'traces', 'serverless.csv.gz');
  say(`demo: generated ${serverless.n} serverless jobs → ${serverlessPath}`);
  const s1 = await save(serverlessPath, serverless, 'serverless', { ...serverlessOpts, seed });
  // latencyCdf (--latency-cdf): the results carry each arm's latency CDF, so the report draws the CDF charts.
  const raw1 = { ...simulationDefaultFlags(), arm: arms, load: '0.5,0.8,0.95', seed: String(seed), set: [], latencyCdf: true };
  const r1 = runOne(serverlessPath, s1, serverless, raw1, join(out, 'results', 'serverless.json'), say);

  // 2. Prodflow: an online shop's background jobs on 4 workers, arrivals as recorded (its phases set the load).
  const prodflow = generateProdflow({ ...PRODFLOW_DEFAULTS }, rng.fork('prodflow'));
  const prodflowPath = join(out, 'traces', 'prodflow.csv.gz');
  say(`demo: generated ${prodflow.n} prodflow jobs → ${prodflowPath}`);
  const s2 = await save(prodflowPath, prodflow, 'prodflow', { ...PRODFLOW_DEFAULTS, seed });
  // With per-key means and 200 queue samples, so the report shows the per-key and queues-over-time charts.
  const raw2 = { ...raw1, load: 'as-is', workers: '4', byKey: true, series: '200' };
  const r2 = runOne(prodflowPath, s2, prodflow, raw2, join(out, 'results', 'prodflow.json'), say);

  process.stdout.write(`\nServerless trace (${serverless.n} jobs, 64 workers), mean latency by arm and load:\n`);
  process.stdout.write(r1);
  process.stdout.write(`\nProdflow trace (${prodflow.n} jobs, 4 workers, arrivals as recorded):\n`);
  process.stdout.write(r2);
  process.stdout.write(`\nResult files: ${join(out, 'results')}\n`);

  // 3. A small sensitivity sweep on the serverless trace at loads 0.8 and 0.95: does any variant flip the gate's verdict?
  const sweepPath = await runDemoSweep(out, serverlessPath, s1, seed, say);

  // 4. Can these traces be learned? `traces diagnose` of each (on stderr: stdout keeps the tables above), and of
  // LPC-EGEE when ../shared holds it: the trace where half the jobs get a stale-key verdict.
  const diagnoses = await demoDiagnoses(join(out, 'results'), serverlessPath, s1, say);

  // 5. The report: charts, gate tables (the example gates of experiments/gates, unfrozen here), the sweep, provenance.
  const { writeReport } = await import('../reports/write-report-io.ts');
  const report = await writeReport(join(out, 'results'), join(out, 'report'), { title: 'hsim demo: serverless and prodflow traces', sweeps: [sweepPath], diagnoses });
  for (const w of report.warnings) say(`demo: report: ${w}`);
  process.stdout.write(`Report: ${resolve(report.indexHtml)}\n`);
}

/**
 * Diagnoses the traces of the demo's results (for the report's trace sections) and LPC-EGEE when the shared folder
 * has it (converted once into `<out>/traces/lpc-egee.csv`), printing each diagnosis with `say`.
 */
async function demoDiagnoses(resultsDir: string, serverlessPath: string, serverlessSha: string, say: (s: string) => void): Promise<TraceDiagnosisEntry[]> {
  const t0 = performance.now();
  const entries = await diagnoseResultTraces(resultsDir);
  const sl = entries.find((e) => e.sha256 === serverlessSha)?.diagnosis;
  if (sl) say(`\ndemo: hsim traces diagnose ${serverlessPath} --load ${sl.load}\n${formatDiagnosis(serverlessPath, sl)}`);
  const raw = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz');
  if (raw !== null) {
    // Converted into a temporary folder: the demo's output holds only what the demo generates.
    const tmp = mkdtempSync(join(tmpdir(), 'hsim-demo-lpc-'));
    try {
      const lpc = join(tmp, 'lpc-egee.csv');
      await convertFile({ input: raw, output: lpc, spec: resolveConverterSpec('swf', { preset: 'lpc-egee' }), strict: false });
      const { trace } = await readTrace(lpc, { cache: false });
      const d = diagnoseTrace(trace, { arm: parseArm('predictive', 3), load: 0.8, workers: 64, levels: 3, defaultLevel: 1, split: 'count', fraction: 0.5 });
      say(`\ndemo: hsim convert swf ${raw} --preset lpc-egee, then hsim traces diagnose --split count --load 0.8\n${formatDiagnosis('LPC-EGEE', d)}`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  say(`demo: diagnosed ${entries.length + (raw === null ? 0 : 1)} traces in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return entries;
}

/** The gate the demo's sweep judges by (unfrozen: the demo's trace is generated anew). */
const DEMO_SWEEP_GATE = join(repositoryRoot(), 'experiments', 'gates', 'weights-pausing-vs-fifo.sim.json');

/**
 * Writes `<out>/sweep/sweep-spec.json` (a few parameters of experiments/sensitivity.json, one at a time around the
 * defaults) and runs it as `hsim sweep` does, on this thread; prints its table. Returns the sweep.json path.
 */
async function runDemoSweep(out: string, tracePath: string, sha256: string, seed: number, say: (s: string) => void): Promise<string> {
  const dir = resolve(out, 'sweep');
  const spec = {
    id: 'demo-sensitivity',
    description: 'hsim demo: a few parameters of experiments/sensitivity.json, one at a time, on the demo serverless trace at loads 0.8 and 0.95',
    // Relative inside the checkout (so sweep.json names no machine's folders), else absolute.
    gate: dir.startsWith(repositoryRoot() + sep) ? relative(dir, DEMO_SWEEP_GATE) : DEMO_SWEEP_GATE,
    gate_unfrozen: true,
    traces: [{ path: resolve(tracePath), sha256 }],
    loads: [0.8, 0.95],
    arms: ['fifo', 'predictive+weights+pausing'],
    split: SIMULATION_DEFAULTS.split,
    windows: SIMULATION_DEFAULTS.windows,
    window_by: SIMULATION_DEFAULTS.windowBy,
    seed,
    mode: 'one-at-a-time',
    parameters: { 'predictor.minSamples': [5, 100], aging: [1000, 'off'], weights: [[4, 2, 1]] },
    out: dir,
  };
  const file = join(dir, 'sweep-spec.json');
  writeFileAtomic(file, stableStringify(spec));
  const { runSweepCommand } = await import('./sweep-command.ts');
  const t0 = performance.now();
  process.stdout.write(`\nSensitivity sweep (serverless, loads 0.8 and 0.95): which variant flips the verdict of ${DEMO_SWEEP_GATE.slice(repositoryRoot().length + 1)}?\n`);
  await runSweepCommand(file, { jobs: '1', quiet: true });
  say(`demo: swept ${Object.values(spec.parameters).reduce((n, v) => n + v.length, 1)} variants in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${join(dir, 'sweep.json')}`);
  return join(dir, 'sweep.json');
}

async function save(path: string, trace: Trace, kind: string, options: Record<string, unknown>): Promise<string> {
  const meta = await writeTrace(path, trace, generatedTraceMeta(kind, trace, options, toolVersion()));
  return meta.sha256;
}

function runOne(path: string, sha: string, trace: Trace, raw: Record<string, unknown>, target: string, say: (s: string) => void): string {
  const cfg = buildSimulationConfig(raw);
  const t0 = performance.now();
  const res = simulate(trace, cfg);
  say(`demo: simulated ${cfg.arms.length} arms × ${cfg.loads.length} loads in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${target}`);
  writeResultFile(target, buildResultFile(cliProvenance(), path, sha, res, optionsRecord(cfg)));
  return formatSimulationTable(res);
}
