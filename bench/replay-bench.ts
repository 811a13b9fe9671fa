// Replay fidelity and overhead: the simulator vs a replay through each broker URL given on the command line (or in
// HSIM_AMQP_URL / HSIM_REDIS_URL / HSIM_HARBINGER_URL, else an `hsim broker` started here), on the ~3,000-message
// trace of the replay tests. The wall-clock acceptance rule lives here, not in the tests (which must hold on a busy
// machine): producer lateness p99 within the CLI's 10 ms bound, each arm's mean latency within 10 % of the
// simulator's, and the gain over FIFO within 5 points. Each is printed as PASS/FAIL with its figure.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTrace } from '../traces/trace-io.ts';
import { simulate } from '../sim/simulate.ts';
import { buildSimulationConfig } from '../sim/simulation-config-io.ts';
import { replayTrace } from '../replay/replay-run-io.ts';
import { compareResults, formatCompareTable } from '../replay/compare.ts';
import { spawnBroker } from '../replay/fixtures/broker-process-fixture.ts';

const LATENESS_BOUND_MS = 10;
const MEAN_TOLERANCE = 0.1;
const GAIN_TOLERANCE_POINTS = 5;

const urls = process.argv.slice(2).filter((a) => a.includes('://'));
if (urls.length === 0) for (const v of ['HSIM_AMQP_URL', 'HSIM_REDIS_URL', 'HSIM_HARBINGER_URL']) if (process.env[v]) urls.push(process.env[v]!);
let own: ChildProcess | null = null;
if (urls.length === 0) {
  const started = await spawnBroker();
  own = started.child;
  const port = started.port;
  urls.push(`harbinger://127.0.0.1:${port}`);
}
const load = process.env.LOAD ?? '0.8';
const dir = mkdtempSync(join(tmpdir(), 'hsim-replay-bench-'));
const trace = join(dir, 'sl.csv');
spawnSync(process.execPath, ['bin/hsim.js', 'generate', 'serverless', '-o', trace, '--seed', '7', '--n', '6000', '--keys', '40', '--sigma', '0.5',
  '--min-median-ms', '3', '--max-median-ms', '300', '--span-ms', '600000', '--amplitude', '0'], { stdio: 'ignore' });
const base = { load, timeScale: '1', workers: '8', levels: '3', split: 'time', fraction: '0.5', windows: '28', windowBy: 'time', set: [], latenessBound: '10', maxRetries: '3', seed: '1', quiet: true };
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
try {
  for (const url of urls) {
    const arms = url.startsWith('harbinger') ? ['fifo', 'predictive'] : ['fifo', 'predictive+no-aging'];
    const cfg = buildSimulationConfig({ ...base, arm: arms });
    const t = await readTrace(trace, { cache: false });
    const sim = simulate(t.trace, cfg);
    // A generous bound keeps the run's metrics whatever the lateness; the 10 ms rule is judged below.
    const { file, reasons } = await replayTrace(trace, { ...base, arm: arms, broker: url, latenessBound: '1000' }, () => undefined);
    process.stdout.write(`\n## ${url} (load ${load}, 8 consumers, time scale 1)\n`);
    if (reasons.length > 0) {
      process.stdout.write(`invalid: ${reasons.join('; ')}\n`);
      continue;
    }
    process.stdout.write(formatCompareTable(compareResults({ results: sim.results }, file, 'sim', 'replay', [])));
    const res = file.results as Record<string, { arms: Record<string, { replay: Record<string, number>; all: { mean_latency_ms: number } }> }>;
    const simMean = (a: string): number => sim.results[load]!.arms[a]!.all.mean_latency_ms;
    const repMean = (a: string): number => res[load]!.arms[a]!.all.mean_latency_ms;
    for (const [arm, r] of Object.entries(res[load]!.arms)) {
      const x = r.replay;
      process.stdout.write(`${arm}: lateness p50/p99/max ${x.lateness_p50_ms!.toFixed(2)}/${x.lateness_p99_ms!.toFixed(2)}/${x.lateness_max_ms!.toFixed(1)} ms, handler overrun ${x.overrun_mean_ms!.toFixed(2)} ms, turnaround ${x.turnaround_mean_ms === null ? 'n/a' : x.turnaround_mean_ms!.toFixed(2)} ms, wall ${x.wall_seconds!.toFixed(1)} s\n`);
      process.stdout.write(`  ${verdict(x.lateness_p99_ms! <= LATENESS_BOUND_MS)} lateness p99 ${x.lateness_p99_ms!.toFixed(2)} ms ≤ ${LATENESS_BOUND_MS} ms\n`);
      const diff = repMean(arm) / simMean(arm) - 1;
      process.stdout.write(`  ${verdict(Math.abs(diff) <= MEAN_TOLERANCE)} mean ${repMean(arm).toFixed(2)} ms vs simulator ${simMean(arm).toFixed(2)} ms (${(diff * 100).toFixed(1)} %, tolerance ±${MEAN_TOLERANCE * 100} %)\n`);
    }
    const [fifo, arm] = arms as [string, string];
    const gainSim = ((simMean(arm) - simMean(fifo)) / simMean(fifo)) * 100;
    const gainRep = ((repMean(arm) - repMean(fifo)) / repMean(fifo)) * 100;
    process.stdout.write(`${verdict(Math.abs(gainRep - gainSim) <= GAIN_TOLERANCE_POINTS)} ${arm} vs fifo: replay ${gainRep.toFixed(1)} % vs simulator ${gainSim.toFixed(1)} % (gap ${(gainRep - gainSim).toFixed(1)} points, tolerance ${GAIN_TOLERANCE_POINTS})\n`);
  }
} finally {
  own?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
