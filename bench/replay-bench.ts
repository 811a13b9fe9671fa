// Replay fidelity and overhead: the simulator vs a replay through each broker URL given on the command line (or in
// HSIM_AMQP_URL / HSIM_REDIS_URL / HSIM_HARBINGER_URL), on the ~3,000-message trace of the replay tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTrace } from '../traces/trace-io.ts';
import { simulate } from '../sim/simulate.ts';
import { buildSimulationConfig } from '../src/cli/simulate-run.ts';
import { replayTrace } from '../src/replay/replay-run-io.ts';
import { compareResults, formatCompareTable } from '../src/replay/compare.ts';

const urls = process.argv.slice(2).filter((a) => a.includes('://'));
if (urls.length === 0) for (const v of ['HSIM_AMQP_URL', 'HSIM_REDIS_URL', 'HSIM_HARBINGER_URL']) if (process.env[v]) urls.push(process.env[v]!);
const load = process.env.LOAD ?? '0.8';
const dir = mkdtempSync(join(tmpdir(), 'hsim-replay-bench-'));
const trace = join(dir, 'sl.csv');
spawnSync(process.execPath, ['bin/hsim.js', 'generate', 'serverless', '-o', trace, '--seed', '7', '--n', '6000', '--keys', '40', '--sigma', '0.5',
  '--min-median-ms', '3', '--max-median-ms', '300', '--span-ms', '600000', '--amplitude', '0'], { stdio: 'ignore' });
const base = { load, timeScale: '1', workers: '8', levels: '3', split: 'time', fraction: '0.5', windows: '28', windowBy: 'time', set: [], latenessBound: '10', maxRetries: '3', seed: '1', quiet: true };
for (const url of urls) {
  const arms = url.startsWith('harbinger') ? ['fifo', 'predictive'] : ['fifo', 'predictive+no-aging'];
  const cfg = buildSimulationConfig({ ...base, arm: arms });
  const t = await readTrace(trace, { cache: false });
  const sim = simulate(t.trace, cfg);
  const { file, reasons } = await replayTrace(trace, { ...base, arm: arms, broker: url, latenessBound: '1000' }, () => undefined);
  process.stdout.write(`\n## ${url} (load ${load}, 8 consumers, time scale 1)\n`);
  if (reasons.length > 0) process.stdout.write(`invalid: ${reasons.join('; ')}\n`);
  else process.stdout.write(formatCompareTable(compareResults({ results: sim.results }, file, 'sim', 'replay', [])));
  const res = file.results as Record<string, { arms: Record<string, { replay: Record<string, number> }> }>;
  for (const [arm, r] of Object.entries(res[load]!.arms)) {
    const x = r.replay;
    process.stdout.write(`${arm}: lateness p50/p99/max ${x.lateness_p50_ms!.toFixed(2)}/${x.lateness_p99_ms!.toFixed(2)}/${x.lateness_max_ms!.toFixed(1)} ms, handler overrun ${x.overrun_mean_ms!.toFixed(2)} ms, turnaround ${x.turnaround_mean_ms === null ? 'n/a' : x.turnaround_mean_ms!.toFixed(2)} ms, wall ${x.wall_seconds!.toFixed(1)} s\n`);
  }
}
rmSync(dir, { recursive: true, force: true });
